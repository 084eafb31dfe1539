// The account's privacy choices: marketing consent (recorded with the wording shown, or withdrawn,
// docs/decisions/0560-consent-records.md) and the download of everything kept about the customer
// (GET /api/account/data-export, docs/decisions/0563-data-export-and-guest-requests.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOCALE_TAGS } from '~/shared/i18n/locales';
import { ConsentCheckbox } from '~/client/components/consent-checkbox';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { serverMessage } from '~/client/features/auth';
import { useLocale, useT } from '~/client/lib/i18n';
import { marketingQueryOptions, setMarketing } from './api';
import { accountPrivacyMessages } from './privacy.messages';

export function MarketingConsentSection() {
  const t = useT(accountPrivacyMessages);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const state = useQuery(marketingQueryOptions()).data;
  const [saving, setSaving] = useState(false);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long' }).format(new Date(iso));

  async function choose(subscribed: boolean) {
    setSaving(true);
    try {
      await setMarketing(queryClient, subscribed);
      toast({
        title: t('savedTitle'),
        description: subscribed ? t('subscribedText') : t('unsubscribedText'),
      });
    } catch (error) {
      toast({
        title: t('saveFailedTitle'),
        description: serverMessage(error) ?? t('saveFailedText'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const current = state?.current;
  const implied = current && current.basis !== 'express' ? current : null;
  return (
    <div className="grid gap-3">
      <ConsentCheckbox checked={state?.subscribed ?? false} disabled={!state || saving} onChange={choose} />
      {current?.basis === 'express' && (
        <p className="text-xs text-slate-600">{t('consentSavedOn', { date: date(current.since) })}</p>
      )}
      {implied?.expiresAt && (
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">
            {t(implied.basis === 'implied-purchase' ? 'impliedPurchase' : 'impliedInquiry', {
              date: date(implied.expiresAt),
            })}
          </p>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={saving}
            onClick={() => choose(false)}
          >
            {t('unsubscribeAll')}
          </Button>
        </div>
      )}
    </div>
  );
}

export function DataDownloadSection() {
  const t = useT(accountPrivacyMessages);
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href="/api/account/data-export"
        download
        className={buttonClasses('outline')}
        data-testid="download-json"
      >
        {t('downloadJson')}
      </a>
      <a href="/api/account/data-export?format=csv" download className={buttonClasses('outline')}>
        {t('downloadCsv')}
      </a>
    </div>
  );
}
