// Where the cart's tax is estimated for (docs/decisions/0501-cart-tax-is-an-estimate.md). Until the
// shopper says, the cart uses the specification's default (the store's province, Ontario) and says
// so; the choice is kept in this browser and becomes the checkout's province when that is still blank.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { DEFAULT_TAX_PROVINCE } from '~/shared/constants';
import { useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { taxRatesQueryOptions } from './api';
import { orderSummaryMessages } from './order-summary.messages';

export const ESTIMATE_PROVINCE_KEY = 'tax-estimate-province';
/** The choice for a shipping address outside Canada: no Canadian tax. */
export const OUTSIDE_CANADA = 'US';

/** The province (or 'US') the shopper chose for the estimate, or null. Browser only. */
export function readEstimateProvince(): string | null {
  try {
    const value = window.localStorage.getItem(ESTIMATE_PROVINCE_KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function keepEstimateProvince(value: string) {
  try {
    window.localStorage.setItem(ESTIMATE_PROVINCE_KEY, value);
  } catch {
    // A browser that stores nothing still shows the estimate for this visit.
  }
}

/** The estimate's destination: chosen (kept in this browser) or null until the shopper picks one. */
export function useEstimateProvince() {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(readEstimateProvince()), []);
  const choose = (value: string) => {
    keepEstimateProvince(value);
    setChosen(value);
  };
  return { chosen, choose };
}

/** The picker under the cart's summary, with the sentence that says the tax is an estimate and for where. */
export function TaxEstimatePicker({
  chosen,
  onChoose,
}: {
  chosen: string | null;
  onChoose: (v: string) => void;
}) {
  const t = useT(orderSummaryMessages);
  const id = useId();
  const rates = useQuery(taxRatesQueryOptions()).data ?? [];
  const storeProvince = useQuery(siteConfigQueryOptions()).data?.storeProvince ?? DEFAULT_TAX_PROVINCE;
  const shown = chosen ?? storeProvince;
  const name =
    shown === OUTSIDE_CANADA
      ? t('outsideCanada')
      : (rates.find((r) => r.provinceCode === shown)?.provinceName ?? shown);
  return (
    <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm" data-testid="tax-estimate">
      <p>{chosen ? t('taxEstimateChosen', { place: name }) : t('taxEstimateDefault', { place: name })}</p>
      <label htmlFor={id} className="mt-2 block font-medium">
        {t('estimateFor')}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(e) => onChoose(e.target.value)}
        className="mt-1 h-11 w-full rounded-md border border-slate-300 bg-white px-2"
      >
        {rates.length === 0 && <option value={shown}>{name}</option>}
        {rates.map((r) => (
          <option key={r.provinceCode} value={r.provinceCode}>
            {r.provinceName}
          </option>
        ))}
        <option value={OUTSIDE_CANADA}>{t('outsideCanada')}</option>
      </select>
    </div>
  );
}
