// A line or order discount: a percentage or an amount, the server checking it against the staff's limit.
import { useId } from 'react';
import { inputClasses } from '~/client/components/ui/form-fields';
import { useT } from '~/client/lib/i18n';
import type { Discount } from './use-basket';
import { POS } from './pos.messages';

export function DiscountInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Discount | undefined;
  onChange: (discount: Discount | undefined) => void;
}) {
  const t = useT(POS);
  const id = useId();
  const kind = value?.kind ?? 'percent';
  return (
    <fieldset className="flex items-end gap-1">
      <legend className="sr-only">{label}</legend>
      <label htmlFor={`${id}-value`} className="grid gap-1 text-xs text-slate-600">
        {label}
        <input
          id={`${id}-value`}
          className={`${inputClasses()} w-24`}
          inputMode="decimal"
          value={value?.value ?? ''}
          onChange={(event) => {
            const text = event.target.value.replace(',', '.');
            onChange(text ? { kind, value: text } : undefined);
          }}
        />
      </label>
      <select
        aria-label={t('discountKind')}
        className={`${inputClasses()} w-16`}
        value={kind}
        onChange={(event) =>
          onChange({ kind: event.target.value as Discount['kind'], value: value?.value ?? '' })
        }
      >
        <option value="percent">{t('discountPercent')}</option>
        <option value="amount">{t('discountAmount')}</option>
      </select>
    </fieldset>
  );
}
