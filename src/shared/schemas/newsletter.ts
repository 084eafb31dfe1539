// Newsletter subscriptions and the bits of store
// configuration the browser needs (which popup variant is live, the contact address).
import { z } from 'zod';

export const SubscribeInputSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  /** Popup variant A asks for it; passed on to the external e-mail marketing form. */
  firstName: z.string().trim().max(100, 'First name is too long').optional(),
  /** Honeypot (see ContactMessageInputSchema). */
  website: z.string().max(500).optional(),
});

/** The same answer for a new and a repeated address: nothing tells whether an address is on the list. */
export const SubscribeAnswerSchema = z.object({ message: z.string() });
