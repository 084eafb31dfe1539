// What the administrator sends to change shipping prices (PUT /api/shipping) and a province's tax
// rates (PATCH /api/taxes/{provinceCode}). Messages are the specification's (section 5).
import { z } from 'zod';
import { DEFAULT_RETURN_WINDOW_DAYS } from '~/shared/contract';
import { PRODUCT_CONDITIONS, type ProductCondition, PROVINCE_CODES } from '~/shared/constants';
import { centsToString } from '~/shared/money';
import { PICKUP_TEXT_MAX } from '~/shared/pickup';
import { parseMoneyInput } from './admin-products';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function shippingPrice(label: 'Standard price' | 'Express price') {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const parsed = blank(value) ? null : parseMoneyInput(value as string | number);
      if (parsed === null || (!parsed.ok && parsed.reason === 'invalid')) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid number` });
        return z.NEVER;
      }
      if (!parsed.ok) {
        const message =
          parsed.reason === 'negative'
            ? `${label} must be a positive number`
            : parsed.reason === 'decimals'
              ? `${label} can have at most 2 decimal places`
              : `${label} must be less than 100,000,000`;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return centsToString(parsed.cents);
    });
}

export const MAX_DELIVERY_DAYS = 60;

/** Business days: a whole number from 1 to 60 (text from a form field, or a number). */
function businessDays(label: string, fallback: number) {
  const message = `${label} must be a whole number of business days from 1 to ${MAX_DELIVERY_DAYS}`;
  return z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback;
      const n =
        typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_DELIVERY_DAYS) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** A pickup text: kept as typed (trimmed), at most PICKUP_TEXT_MAX characters; absent keeps the saved one. */
function pickupText(label: string, required: boolean) {
  let field = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PICKUP_TEXT_MAX, `${label} must be at most ${PICKUP_TEXT_MAX} characters`);
  if (required) field = field.min(1, `${label} is required`);
  return field.optional();
}

export const ShippingSettingsUpdateSchema = z
  .object({
    pickupAddress: pickupText('Pickup address', true),
    pickupHours: pickupText('Pickup hours', true),
    pickupHoursFr: pickupText('Pickup hours (French)', false),
    pickupInstructions: pickupText('Pickup instructions', false),
    pickupInstructionsFr: pickupText('Pickup instructions (French)', false),
    standardPrice: shippingPrice('Standard price'),
    expressPrice: shippingPrice('Express price'),
    pickupAvailable: z.boolean({ error: 'Pickup availability must be true or false' }).default(true),
    standardMinDays: businessDays('Standard delivery (from)', 3),
    standardMaxDays: businessDays('Standard delivery (to)', 5),
    expressMinDays: businessDays('Express delivery (from)', 1),
    expressMaxDays: businessDays('Express delivery (to)', 2),
  })
  .superRefine((v, ctx) => {
    if (v.standardMinDays > v.standardMaxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['standardMaxDays'],
        message: 'Standard delivery (to) must be at least Standard delivery (from)',
      });
    }
    if (v.expressMinDays > v.expressMaxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['expressMaxDays'],
        message: 'Express delivery (to) must be at least Express delivery (from)',
      });
    }
  });

export const TAX_RATE_MAX = 20;

/**
 * A percentage with up to 3 decimals (Quebec's QST is 9.975) between 0 and 20, as thousandths of a
 * percent so sums are exact.
 */
export function parseTaxRateInput(
  value: unknown,
): { ok: true; milli: number } | { ok: false; reason: 'invalid' | 'range' | 'decimals' } {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : String(value ?? '').trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return { ok: false, reason: 'invalid' };
  const fraction = match[3] ?? '';
  if (fraction.length > 3 && /[1-9]/.test(fraction.slice(3))) return { ok: false, reason: 'decimals' };
  const milli = Number(match[2] || '0') * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (match[1] === '-' && milli > 0) return { ok: false, reason: 'range' };
  if (!Number.isSafeInteger(milli) || milli > TAX_RATE_MAX * 1000) return { ok: false, reason: 'range' };
  return { ok: true, milli };
}

/** 9975 -> '9.975', 13000 -> '13', 5500 -> '5.5'. */
export function milliToRate(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

function taxRateField(label: 'GST' | 'PST/HST') {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} rate must be a valid number` });
        return z.NEVER;
      }
      const parsed = parseTaxRateInput(value);
      if (!parsed.ok) {
        const message =
          parsed.reason === 'invalid'
            ? `${label} rate must be a valid number`
            : parsed.reason === 'decimals'
              ? `${label} rate can have at most 3 decimal places`
              : `${label} rate must be between 0 and ${TAX_RATE_MAX}`;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.milli;
    });
}

/**
 * PATCH /api/taxes/{provinceCode}: the total is always GST + PST/HST, worked out here; a taxRate sent
 * by the client is ignored.
 */
export const TaxRateUpdateSchema = z
  .object({
    provinceCode: z.string().optional(),
    gstRate: taxRateField('GST'),
    pstRate: taxRateField('PST/HST'),
    taxRate: z.unknown().optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .transform(({ gstRate, pstRate, active }) => ({
    gstRate: milliToRate(gstRate),
    pstRate: milliToRate(pstRate),
    taxRate: milliToRate(gstRate + pstRate),
    active,
  }));

export const ProvinceCodeParamsSchema = z.object({
  provinceCode: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .pipe(z.enum(PROVINCE_CODES, { error: 'Unknown province' })),
});

export const MAX_RETURN_WINDOW_DAYS = 365;

/** The longest period a price-claim rule may name (a year). */
export const MAX_CLAIM_DAYS = 365;
export const CLAIM_DAYS_MESSAGE = `A price-claim period must be a whole number of days from 1 to ${MAX_CLAIM_DAYS}`;
const claimDays = z.union([z.string(), z.number()], { error: CLAIM_DAYS_MESSAGE }).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_CLAIM_DAYS) {
    ctx.addIssue({ code: 'custom', message: CLAIM_DAYS_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/** Products with this many units or fewer (but some) are low on stock, unless set otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const MAX_LOW_STOCK_THRESHOLD = 1000;
export const SETTING_TEXT_MAX = 300;
export const LOW_STOCK_THRESHOLD_MESSAGE = `Low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD.toLocaleString('en-CA')}`;

/** A whole number of units, from a form field's text or a number. */
const lowStockThreshold = z
  .union([z.string(), z.number()], { error: LOW_STOCK_THRESHOLD_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n > MAX_LOW_STOCK_THRESHOLD) {
      ctx.addIssue({ code: 'custom', message: LOW_STOCK_THRESHOLD_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/**
 * The store's own settings (GET /api/admin/settings), kept as one JSON value in store_meta
 * (docs/decisions/0251-low-stock.md). Every field has a default, so a store that never saved them, or
 * saved them before a field existed, reads whole settings.
 */
export const StoreSettingsSchema = z.object({
  /** 0 turns the low-stock list off. */
  lowStockThreshold: z.number().int().min(0).max(MAX_LOW_STOCK_THRESHOLD),
  /**
   * Days after delivery or pickup a lot of each condition may be returned; 0: no return, only a claim
   * under the legal warranty (docs/decisions/0540-return-requests.md). Final-sale lots have none.
   */
  returnWindowDays: z.object(
    Object.fromEntries(
      PRODUCT_CONDITIONS.map((c) => [c, z.number().int().min(0).max(MAX_RETURN_WINDOW_DAYS)]),
    ) as Record<ProductCondition, z.ZodNumber>,
  ),
  /**
   * The person in charge of personal information (PIPEDA, Quebec Law 25), published on the privacy page
   * in both languages (docs/decisions/0561-privacy-officer-and-page.md). Blank until the store names one.
   */
  privacyOfficerName: z.string().max(SETTING_TEXT_MAX),
  privacyOfficerTitle: z.string().max(SETTING_TEXT_MAX),
  privacyOfficerTitleFr: z.string().max(SETTING_TEXT_MAX),
  privacyOfficerEmail: z.string().max(SETTING_TEXT_MAX),
  privacyOfficerPhone: z.string().max(SETTING_TEXT_MAX),
  /**
   * The postal address every marketing e-mail names its sender with (CASL); blank: the pickup address
   * (docs/decisions/0560-consent-records.md).
   */
  mailingAddress: z.string().max(SETTING_TEXT_MAX),
  /**
   * The merchant's legal name, shown in the checkout's contract and its e-mail copy; blank: the store's
   * name (docs/decisions/0566-checkout-is-a-distance-contract.md).
   */
  legalName: z.string().max(SETTING_TEXT_MAX),
  /**
   * The price-claim rule (docs/decisions/0567-price-claims-with-evidence.md): a 'was' price is shown when
   * it had been charged for at least `wasPriceMinDays` days before the markdown and the markdown is at
   * most `wasPriceWithinDays` days old; an estimated retail price drives a % OFF badge only when
   * `estimatedRetailPercentOff` is true.
   */
  wasPriceMinDays: z.number().int().min(1).max(MAX_CLAIM_DAYS),
  wasPriceWithinDays: z.number().int().min(1).max(MAX_CLAIM_DAYS),
  estimatedRetailPercentOff: z.boolean(),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  privacyOfficerName: '',
  privacyOfficerTitle: '',
  privacyOfficerTitleFr: '',
  privacyOfficerEmail: '',
  privacyOfficerPhone: '',
  mailingAddress: '',
  legalName: '',
  wasPriceMinDays: 14,
  wasPriceWithinDays: 30,
  estimatedRetailPercentOff: false,
};

/** A one-line setting's text: trimmed, at most SETTING_TEXT_MAX characters, no line breaks. */
function settingText(label: string) {
  return (
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(SETTING_TEXT_MAX, `${label} must be at most ${SETTING_TEXT_MAX} characters`)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .regex(/^[^\u0000-\u001f\u007f]*$/, `${label} must be one line of text`)
      .optional()
  );
}

export const RETURN_WINDOW_MESSAGE = `A return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}`;
const windowDays = z
  .union([z.string(), z.number()], { error: RETURN_WINDOW_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n > MAX_RETURN_WINDOW_DAYS) {
      ctx.addIssue({ code: 'custom', message: RETURN_WINDOW_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/** PATCH /api/admin/settings: the fields to change; an absent field keeps its value. */
export const StoreSettingsUpdateSchema = z.strictObject(
  {
    lowStockThreshold: lowStockThreshold.optional(),
    /** Only the conditions given change; the others keep their window. */
    returnWindowDays: z
      .strictObject(
        Object.fromEntries(PRODUCT_CONDITIONS.map((c) => [c, windowDays.optional()])) as Record<
          ProductCondition,
          z.ZodOptional<typeof windowDays>
        >,
        { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown condition' : undefined) },
      )
      .optional(),
    privacyOfficerName: settingText('Privacy officer name'),
    privacyOfficerTitle: settingText('Privacy officer title'),
    privacyOfficerTitleFr: settingText('Privacy officer title (French)'),
    privacyOfficerEmail: settingText('Privacy officer e-mail').refine(
      (v) => v === undefined || v === '' || z.email().safeParse(v).success,
      'Privacy officer e-mail must be a valid e-mail address',
    ),
    privacyOfficerPhone: settingText('Privacy officer phone'),
    mailingAddress: settingText('Mailing address'),
    legalName: settingText('Legal name'),
    wasPriceMinDays: claimDays.optional(),
    wasPriceWithinDays: claimDays.optional(),
    estimatedRetailPercentOff: z
      .boolean({ error: 'Estimated retail % OFF must be true or false' })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined,
  },
);
export type StoreSettingsUpdate = z.output<typeof StoreSettingsUpdateSchema>;
