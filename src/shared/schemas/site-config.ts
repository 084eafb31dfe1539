import { z } from 'zod';
import { PROVINCE_CODES } from '../constants';

/** Public facts about the store that the browser needs (GET /api/site-config). */
export const SiteConfigSchema = z.object({
  storeName: z.string(),
  storeEmail: z.string(),
  /** The province whose tax applies to store pickup (STORE_PROVINCE). */
  storeProvince: z.enum(PROVINCE_CODES),
  /** 'A' (first name + e-mail, relayed to NEWSLETTER_FORM_URL) when that is configured, else 'B'. */
  newsletterVariant: z.enum(['A', 'B']),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
