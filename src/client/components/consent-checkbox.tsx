// The marketing consent box (CASL): the consent catalogue's exact wording, which the server stores with
// the consent as its proof (src/shared/consent.messages.ts). Unticked unless the person ticks it, and
// never part of another agreement (docs/decisions/0560-consent-records.md).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { consentMessages } from '~/shared/consent.messages';
import { useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';

/** The wording with the store's name, as the server records it. */
export function useConsentWording(): string {
  const t = useT(consentMessages);
  const store = useQuery(siteConfigQueryOptions()).data?.storeName ?? '';
  return t('wording', { store });
}

export function ConsentCheckbox({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const wording = useConsentWording();
  return (
    <div className="flex min-h-11 items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
        data-testid="marketing-consent"
      />
      <label htmlFor={id} className="text-sm">
        {wording}
      </label>
    </div>
  );
}
