// Under the returns page's own text: the store's windows by condition (the settings) and the legal
// warranty's wording for defects, in the page's language (docs/decisions/0540-return-requests.md).
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { useT } from '~/client/lib/i18n';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { productLabelMessages } from '~/shared/product-labels.messages';
import { returnPolicyQueryOptions } from './api';
import { returnMessages } from './returns.messages';

export function ReturnPolicy() {
  const t = useT(returnMessages);
  const labels = useT(productLabelMessages);
  const { data } = useQuery(returnPolicyQueryOptions());
  return (
    <section className="mt-8 grid gap-4" data-testid="return-policy">
      {data && (
        <div>
          <h2 className="text-xl font-semibold">{t('policyHeading')}</h2>
          <p className="mt-2">{t('policyIntro')}</p>
          <ul className="mt-2 list-disc pl-6">
            {PRODUCT_CONDITIONS.map((c) => (
              <li key={c}>
                {t('policyLine', {
                  condition: labels(CONDITION_LABEL_KEYS[c]),
                  days: data.windows[c] ? t('policyDays', { count: data.windows[c] }) : t('policyNone'),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t('policyFinalSale')}</p>
        </div>
      )}
      <div>
        <h2 className="text-xl font-semibold">{t('warrantyHeading')}</h2>
        <p className="mt-2">{t('warrantyText')}</p>
        <p className="mt-2">{t('howTo')}</p>
      </div>
    </section>
  );
}
