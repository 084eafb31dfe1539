// Booked pickup (docs/decisions/0620-pickup-slots.md): the slots the store offers, what the checkout
// shows of them, and the staff's look-up by pickup code.
import { z } from 'zod';

/** The most orders one slot may take. */
export const PICKUP_SLOT_CAPACITY_MAX = 1000;
/** The most days ahead the public list may be asked for. */
export const PICKUP_DAYS_MAX = 60;
/** Pickup codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PICKUP_CODE_LENGTH = 8;

const instant = z.iso.datetime({
  offset: true,
  error: 'Enter a date and time like 2026-12-05T09:00:00-05:00',
});
const capacity = z
  .number({ error: 'Capacity must be a whole number from 1 to 1000' })
  .int('Capacity must be a whole number from 1 to 1000')
  .min(1, 'Capacity must be a whole number from 1 to 1000')
  .max(PICKUP_SLOT_CAPACITY_MAX, 'Capacity must be a whole number from 1 to 1000');

const windowRefine = (v: { startsAt?: string; endsAt?: string }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt);
const WINDOW_MESSAGE = { message: 'A slot must end after it starts', path: ['endsAt'] };

export const PickupSlotCreateSchema = z
  .strictObject({ startsAt: instant, endsAt: instant, capacity })
  .refine(windowRefine, WINDOW_MESSAGE);
export type PickupSlotCreate = z.infer<typeof PickupSlotCreateSchema>;

export const PickupSlotUpdateSchema = z
  .strictObject({ startsAt: instant.optional(), endsAt: instant.optional(), capacity: capacity.optional() })
  .refine(windowRefine, WINDOW_MESSAGE);
export type PickupSlotUpdate = z.infer<typeof PickupSlotUpdateSchema>;

export const PickupSlotSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  /** Live orders on it: paid, or unpaid with their stock still held. */
  booked: z.number().int(),
  remaining: z.number().int(),
});
export type PickupSlot = z.infer<typeof PickupSlotSchema>;

export const PickupRulesSchema = z.strictObject({
  /** Hours before a slot starts that it can no longer be booked. */
  leadHours: z.number().int().min(0, 'Lead time is 0 to 168 hours').max(168, 'Lead time is 0 to 168 hours'),
  /** Days after 'ready' that an order not collected is cancelled and refunded. */
  noShowDays: z.number().int().min(1, 'No-show days are 1 to 90').max(90, 'No-show days are 1 to 90'),
});
export type PickupRules = z.infer<typeof PickupRulesSchema>;

export const AdminPickupSlotsSchema = z.object({
  slots: z.array(PickupSlotSchema),
  rules: PickupRulesSchema,
});

export const PickupSlotsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(PICKUP_DAYS_MAX).default(14),
});

/** What the checkout shows: slots still bookable, soonest first. */
export const AvailablePickupSlotsSchema = z.object({
  slots: z.array(PickupSlotSchema),
  /** Whether the store offers slots at all: false means pickup asks for none (as before slots). */
  offered: z.boolean(),
});

export const PickupCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[2-9A-Z]{8}$/, 'A pickup code is 8 letters and digits'),
});

export const PickupOrderSchema = z.object({
  id: z.number().int(),
  orderReference: z.string(),
  customerName: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  pickupCode: z.string(),
  slot: z.nullable(z.object({ startsAt: z.string(), endsAt: z.string() })),
  items: z.array(
    z.object({ productName: z.string(), quantity: z.number().int(), sku: z.string().nullable() }),
  ),
});
