// The till's receipt (docs/decisions/0612-till-receipt.md): on screen after a sale and, through the
// browser's print, on an 80 mm receipt printer (@page size 80mm; everything else on the page is hidden
// when printing). It reads in the customer's language: the store, its tax registration numbers, the
// lines, each tax, the tenders, the cash rounding, the change and the reference as the receipt code.
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '~/shared/i18n/formats';
import { formatMoney } from '~/shared/money';
import type { PosSale } from '~/shared/schemas/pos';
import { STORE_LOCATION } from '~/shared/store-location';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { receiptTaxLabel, receiptText } from './receipt-texts';

// Printing shows the receipt alone, 72 mm of print on 80 mm paper.
const PRINT_CSS = `
@media print {
  @page { size: 80mm auto; margin: 4mm; }
  body * { visibility: hidden; }
  .pos-receipt, .pos-receipt * { visibility: visible; }
  .pos-receipt { position: absolute; left: 0; top: 0; width: 72mm; font: 11px/1.3 monospace; color: #000; }
}`;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-bold' : 'flex justify-between'}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

export function Receipt({ sale }: { sale: PosSale }) {
  const site = useQuery(siteConfigQueryOptions()).data;
  const locale = sale.receiptLanguage;
  const t = receiptText(locale);
  const money = (value: string) => formatMoney(value, locale);
  const codes = new Set(sale.taxLines.map((l) => l.code));
  const reg = site?.taxRegistrations;
  const registrations = [
    reg?.gstHst && (codes.has('GST') || codes.has('HST'))
      ? `${t('registrationGstHst')}: ${reg.gstHst}`
      : null,
    reg?.qst && codes.has('QST') ? `${t('registrationQst')}: ${reg.qst}` : null,
    reg?.pst && (codes.has('PST') || codes.has('RST')) ? `${t('registrationPst')}: ${reg.pst}` : null,
  ].filter((line): line is string => Boolean(line));
  const rounding = Number(sale.cashRounding);
  return (
    <div
      className="pos-receipt mx-auto w-full max-w-xs rounded border border-slate-300 bg-white p-3 font-mono text-xs text-slate-900"
      lang={locale === 'fr' ? 'fr-CA' : 'en-CA'}
      data-testid="pos-receipt"
    >
      <style>{PRINT_CSS}</style>
      <div className="text-center">
        <p className="font-bold">{site?.storeName ?? ''}</p>
        <p>{STORE_LOCATION.street}</p>
        <p>{STORE_LOCATION.city}</p>
        {registrations.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="mt-1 font-bold">{t('receipt')}</p>
        <p>
          {t('date')}: {formatDateTime(new Date(sale.createdAt), locale)}
        </p>
      </div>
      <hr className="my-2 border-dashed border-slate-400" />
      {sale.lines.map((line) => (
        <div key={line.productId}>
          <p>{line.name}</p>
          <Row
            label={`${line.quantity} × ${money(line.unitPrice)} · ${line.sku}`}
            value={money(line.total)}
          />
          {Number(line.discount) > 0 && <Row label={t('discount')} value={`-${money(line.discount)}`} />}
        </div>
      ))}
      <hr className="my-2 border-dashed border-slate-400" />
      <Row label={t('subtotal')} value={money(sale.subtotal)} />
      {Number(sale.discount) > 0 && <Row label={t('discount')} value={`-${money(sale.discount)}`} />}
      {sale.taxLines.map((line) => (
        <Row
          key={line.code}
          label={receiptTaxLabel(line.code, line.rate, locale)}
          value={money(line.amount)}
        />
      ))}
      <Row label={t('total')} value={money(sale.total)} strong />
      <hr className="my-2 border-dashed border-slate-400" />
      {sale.tenders.map((tender, i) => (
        <Row
          key={i}
          label={`${t(tender.kind)}${tender.last4 ? ` ****${tender.last4}` : ''}`}
          value={money(tender.amount)}
        />
      ))}
      {rounding !== 0 && <Row label={t('rounding')} value={money(sale.cashRounding)} />}
      {Number(sale.changeDue) > 0 && <Row label={t('change')} value={money(sale.changeDue)} />}
      <hr className="my-2 border-dashed border-slate-400" />
      {/* The code as a barcode, so a return starts with a scan (docs/decisions/0614-returns-at-the-till.md);
          the same code is printed under it, so the image adds nothing to read. */}
      <img
        className="mx-auto my-1 h-10"
        src={`/api/pos/receipt-barcode/${encodeURIComponent(sale.reference)}`}
        alt=""
      />
      <p className="text-center">
        {t('reference')}: <span data-testid="receipt-code">{sale.reference}</span>
      </p>
      <p className="mt-1 text-center">{t('thanks')}</p>
    </div>
  );
}
