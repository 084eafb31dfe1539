// Reads of the store's shipping prices, tax rates and own settings (low stock), shared by the public routes, checkout (which
// prices orders with them) and the admin screens.
import { asc, eq } from 'drizzle-orm';
import { rateToMilli } from '~/shared/pricing';
import { CONTRACT_VERSION, type ContractTerms } from '~/shared/contract';
import { DEFAULT_DELIVERY_DAYS } from '~/shared/orders';
import { DEFAULT_SHIPPING } from '~/shared/pricing';
import { DEFAULT_PICKUP_SETTINGS } from '~/shared/pickup';
import type { ShippingSettings, TaxRate } from '~/shared/schemas/store-settings';
import type { DbOrTx } from '~/server/db/client';
import { canadianTaxRates, shippingSettings, storeMeta } from '~/server/db/schema';
import {
  DEFAULT_STORE_SETTINGS,
  type StoreSettings,
  StoreSettingsSchema,
} from '~/shared/schemas/store-settings-admin';

/** The shipping settings; the defaults (5.99, 14.99, pickup available) when none are stored. */
export async function getShippingSettings(db: DbOrTx): Promise<ShippingSettings> {
  const [row] = await db.select().from(shippingSettings).orderBy(asc(shippingSettings.id)).limit(1);
  if (!row) {
    return {
      standardPrice: String(DEFAULT_SHIPPING.standardPrice),
      expressPrice: String(DEFAULT_SHIPPING.expressPrice),
      pickupAvailable: DEFAULT_SHIPPING.pickupAvailable ?? true,
      ...DEFAULT_DELIVERY_DAYS,
      ...DEFAULT_PICKUP_SETTINGS,
    };
  }
  return {
    standardPrice: row.standardPrice,
    expressPrice: row.expressPrice,
    pickupAvailable: row.pickupAvailable,
    standardMinDays: row.standardMinDays,
    standardMaxDays: row.standardMaxDays,
    expressMinDays: row.expressMinDays,
    expressMaxDays: row.expressMaxDays,
    pickupAddress: row.pickupAddress,
    pickupHours: row.pickupHours,
    pickupHoursFr: row.pickupHoursFr,
    pickupInstructions: row.pickupInstructions,
    pickupInstructionsFr: row.pickupInstructionsFr,
  };
}

/** "13.000" -> "13", "14.975" -> "14.975", "12.500" -> "12.5". */
export function formatRate(rate: string | number): string {
  const milli = rateToMilli(rate);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.floor(milli / 1000)}.${fraction}` : String(Math.floor(milli / 1000));
}

/** Tax rates by province code; only active ones unless asked for all. */
export async function listTaxRates(
  db: DbOrTx,
  options: { includeInactive?: boolean } = {},
): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(canadianTaxRates)
    .where(options.includeInactive ? undefined : eq(canadianTaxRates.active, true))
    .orderBy(asc(canadianTaxRates.provinceCode));
  return rows.map((r) => ({
    provinceCode: r.provinceCode,
    provinceName: r.provinceName,
    taxRate: formatRate(r.taxRate),
    gstRate: formatRate(r.gstRate),
    pstRate: formatRate(r.pstRate),
    active: r.active,
  }));
}

const SETTINGS_KEY = 'settings';

/**
 * The store's own settings (store_meta 'settings'), each field its default when never saved. A stored
 * value that no longer fits the schema falls back field by field, so a bad row never stops the admin.
 */
export async function getStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await db
    .select({ value: storeMeta.value })
    .from(storeMeta)
    .where(eq(storeMeta.key, SETTINGS_KEY));
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...DEFAULT_STORE_SETTINGS };
  for (const key of Object.keys(settings) as (keyof StoreSettings)[]) {
    const field = StoreSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) (settings as Record<string, unknown>)[key] = field.data;
  }
  return settings as StoreSettings;
}

/** Saves the whole settings object (after merging a change into getStoreSettings' answer). */
export async function saveStoreSettings(db: DbOrTx, settings: StoreSettings): Promise<void> {
  await db
    .insert(storeMeta)
    .values({ key: SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: storeMeta.key, set: { value: settings } });
}

/**
 * What the checkout's contract and its e-mail copy name (docs/decisions/0566-checkout-is-a-distance-contract.md):
 * the legal name (blank: the store's name), the postal address (blank: the pickup place, on one line) and
 * the return windows by condition.
 */
export async function getContractTerms(db: DbOrTx, storeName: string): Promise<ContractTerms> {
  const settings = await getStoreSettings(db);
  const address =
    settings.mailingAddress.trim() ||
    (await getShippingSettings(db)).pickupAddress.replace(/\s*\n\s*/g, ', ');
  return {
    legalName: settings.legalName.trim() || storeName,
    address,
    returnWindowDays: settings.returnWindowDays,
    version: CONTRACT_VERSION,
  };
}
