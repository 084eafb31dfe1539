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

/** The most weeks one weekly schedule adds at once, and the most slots it may make. */
export const PICKUP_WEEKS_MAX = 8;
export const PICKUP_WEEK_SLOTS_MAX = 500;
const HOURS_MESSAGE = 'Enter a time like 10:00';
const clock = z
  .string({ error: HOURS_MESSAGE })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, HOURS_MESSAGE)
  .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3)));

/**
 * POST /api/admin/pickup-slots/week: slots from opening hours, repeated each chosen weekday for a
 * number of weeks from a first day, in the store's time zone: `days` are ISO weekdays (1 Monday to
 * 7 Sunday), each day cut into slots of `slotMinutes` from `opens` while a whole slot fits before
 * `closes`.
 */
export const PickupWeekSchema = z
  .strictObject({
    from: z.iso.date({ error: 'Choose the first day, as YYYY-MM-DD' }),
    weeks: z
      .number({ error: `Weeks must be a whole number from 1 to ${PICKUP_WEEKS_MAX}` })
      .int(`Weeks must be a whole number from 1 to ${PICKUP_WEEKS_MAX}`)
      .min(1, `Weeks must be a whole number from 1 to ${PICKUP_WEEKS_MAX}`)
      .max(PICKUP_WEEKS_MAX, `Weeks must be a whole number from 1 to ${PICKUP_WEEKS_MAX}`),
    days: z
      .array(z.number().int().min(1).max(7), { error: 'Choose the days of the week' })
      .min(1, 'Choose at least one day of the week')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Choose each day once'),
    opens: clock,
    closes: clock,
    slotMinutes: z
      .number({ error: 'A slot lasts 15 to 480 minutes' })
      .int('A slot lasts 15 to 480 minutes')
      .min(15, 'A slot lasts 15 to 480 minutes')
      .max(480, 'A slot lasts 15 to 480 minutes'),
    capacity,
  })
  .refine((v) => v.closes - v.opens >= v.slotMinutes, {
    message: 'The store must be open for at least one whole slot',
    path: ['closes'],
  })
  .refine(
    (v) =>
      v.weeks * v.days.length * Math.floor((v.closes - v.opens) / v.slotMinutes) <= PICKUP_WEEK_SLOTS_MAX,
    {
      message: `At most ${PICKUP_WEEK_SLOTS_MAX} slots at once: choose fewer weeks or longer slots`,
      path: ['weeks'],
    },
  );
export type PickupWeek = z.output<typeof PickupWeekSchema>;

export const PickupWeekAnswerSchema = z.object({
  /** Slots added; a slot that would overlap one the store has, or is already past, is left out. */
  created: z.number().int(),
  skipped: z.number().int(),
});
