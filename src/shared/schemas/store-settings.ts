// Shipping prices and Canadian tax rates as the storefront reads them.
import { z } from 'zod';

export const ShippingSettingsSchema = z.object({
  standardPrice: z.string(),
  expressPrice: z.string(),
  pickupAvailable: z.boolean(),
  /** Business days to delivery (docs/decisions/0132-delivery-estimates-are-settings.md). */
  standardMinDays: z.number().int(),
  standardMaxDays: z.number().int(),
  expressMinDays: z.number().int(),
  expressMaxDays: z.number().int(),
  /** Where and when pickup orders are collected (docs/decisions/0491-pickup-says-where-and-when.md). */
  pickupAddress: z.string(),
  pickupHours: z.string(),
  pickupHoursFr: z.string(),
  pickupInstructions: z.string(),
  pickupInstructionsFr: z.string(),
});
export type ShippingSettings = z.infer<typeof ShippingSettingsSchema>;

export const TaxRateSchema = z.object({
  provinceCode: z.string(),
  provinceName: z.string(),
  /** Total percent, e.g. "13" or "14.975" (GST plus PST/QST, or HST). */
  taxRate: z.string(),
  gstRate: z.string(),
  pstRate: z.string(),
  active: z.boolean(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;
