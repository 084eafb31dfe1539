// The create-checkout request the page sends: the shopper's details, the cart's lines and the figures
// of the Order Summary, or the server's own figures once it has sent them (a 409 with `current`).
import { centsToString } from '~/shared/money';
import type { OrderTotals } from '~/shared/pricing';
import { NOTES_MAX } from '~/shared/checkout';
import type { CheckoutForm, CreateCheckout, CurrentFigures } from '~/shared/schemas/checkout';
import type { CartItem } from '~/client/features/cart';

export type CheckoutRequestInput = {
  values: CheckoutForm;
  items: readonly CartItem[];
  /** The cart page's special instructions, added to the notes. */
  specialInstructions: string;
  userId: number | null;
  /** The Order Summary's figures. */
  totals: OrderTotals;
  /** The server's figures, when they apply to this cart and destination: they win. */
  server: CurrentFigures | null;
  /** The discount code applied (its saving is in totals.codeDiscountCents), or null. */
  discountCode?: string | null;
};

export function checkoutRequest({
  values,
  items,
  specialInstructions,
  userId,
  totals: t,
  server,
  discountCode = null,
}: CheckoutRequestInput): CreateCheckout {
  const figures = server ?? {
    subtotal: centsToString(t.subtotalCents),
    discountAmount: centsToString(t.discountCents),
    discountPercentage: t.discountPercentage,
    discountCode,
    codeDiscountAmount: centsToString(t.codeDiscountCents),
    shippingCost: centsToString(t.shippingCents),
    taxRate: t.taxRate,
    taxAmount: centsToString(t.taxCents),
    total: centsToString(t.totalCents),
    items: [],
  };
  const instructions = specialInstructions.trim();
  const notes = [values.notes?.trim(), instructions && `Special instructions: ${instructions}`]
    .filter(Boolean)
    .join('\n\n')
    .slice(0, NOTES_MAX);
  return {
    orderData: {
      customerName: `${values.firstName} ${values.lastName}`,
      customerEmail: values.email,
      customerPhone: values.phone,
      // A pickup order sends no address: the store keeps none for it.
      shippingAddress:
        values.shippingMethod === 'pickup'
          ? null
          : {
              addressLine1: values.addressLine1.trim(),
              addressLine2: values.addressLine2?.trim() ? values.addressLine2.trim() : null,
              city: values.city.trim(),
              state: values.state.trim(),
              zipCode: values.zipCode.trim(),
              country: values.country,
            },
      shippingMethod: values.shippingMethod as CreateCheckout['orderData']['shippingMethod'],
      subtotal: figures.subtotal,
      discountAmount: figures.discountAmount,
      discountPercentage: figures.discountPercentage,
      ...(figures.discountCode
        ? { discountCode: figures.discountCode, codeDiscountAmount: figures.codeDiscountAmount ?? '0.00' }
        : {}),
      taxRate: figures.taxRate,
      taxAmount: figures.taxAmount,
      shippingCost: figures.shippingCost,
      total: figures.total,
      paymentStatus: 'pending',
      status: 'pending',
      // Sent only once the contract's box is ticked: the submission stops before this otherwise.
      contractAccepted: true,
      notes: notes || null,
      userId,
    },
    items: items.map((i) => {
      const c = server?.items.find((x) => x.productId === i.productId);
      return {
        productId: i.productId,
        name: i.name.slice(0, 500),
        price: c?.price ?? i.price,
        compareAtPrice: c ? c.compareAtPrice : i.compareAtPrice,
        quantity: i.quantity,
        discountApplied: c?.discountApplied ?? i.discountApplied,
        imageUrl: i.imageUrl && i.imageUrl.length <= 2000 ? i.imageUrl : null,
      };
    }),
  };
}
