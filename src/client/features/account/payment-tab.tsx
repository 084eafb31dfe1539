export function PaymentMethodsTab() {
  return (
    <section aria-labelledby="payment-heading" className="grid gap-4">
      <h2 id="payment-heading" className="text-2xl font-bold">
        Payment Methods
      </h2>
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <p className="text-lg font-semibold">No payment methods saved</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          For your security, we don&apos;t store payment information. Your card details are collected securely
          by our payment provider at checkout, each time you place an order.
        </p>
      </div>
    </section>
  );
}
