/** An order's money lines ([label, amount] pairs) and its total, as a description list. */
export function AmountList({ rows, total }: { rows: [string, string][]; total: string }) {
  return (
    <dl className="grid gap-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-slate-600">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold">
        <dt>Total</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
