import { z } from 'zod';
import { CURRENCIES, PROVINCE_CODES } from '~/shared/constants';

/**
 * The store's tax registration numbers (STORE_GST_NUMBER, STORE_QST_NUMBER, STORE_PST_NUMBER), null when
 * not set; order documents print the ones their taxes need (docs/decisions/0137-tax-registration-numbers.md).
 */
export const TaxRegistrationsSchema = z.object({
  gstHst: z.string().nullable(),
  qst: z.string().nullable(),
  pst: z.string().nullable(),
});
export type TaxRegistrations = z.infer<typeof TaxRegistrationsSchema>;

/** Public facts about the store that the browser needs (GET /api/site-config). */
export const SiteConfigSchema = z.object({
  storeName: z.string(),
  storeEmail: z.string(),
  /** The province whose tax applies to store pickup (STORE_PROVINCE). */
  storeProvince: z.enum(PROVINCE_CODES),
  /** 'A' (first name + e-mail, relayed to NEWSLETTER_FORM_URL) when that is configured, else 'B'. */
  newsletterVariant: z.enum(['A', 'B']),
  /** The store's time zone (STORE_TIMEZONE): the zone of `today` and of the weekday discount. */
  timeZone: z.string(),
  /**
   * The store's date (yyyy-mm-dd) in its time zone when the answer was made. Pages take the weekday and
   * year from it rather than from the browser's clock, so the server's HTML and the hydrated page agree
   * (docs/decisions/0093-store-date-in-the-site-configuration.md).
   */
  today: z.iso.date(),
  /** The currency every price is in (STORE_CURRENCY; docs/decisions/0135-store-currency.md). */
  currency: z.enum(CURRENCIES),
  taxRegistrations: TaxRegistrationsSchema,
  /**
   * The store's own test payment page takes the payments: every page says no payment is taken
   * (docs/decisions/0115-test-payments-only-on-purpose.md).
   */
  testPayments: z.boolean(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
