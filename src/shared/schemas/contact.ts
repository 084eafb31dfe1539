// The contact form.
import { z } from 'zod';

export const CONTACT_SUBJECTS = [
  { value: 'order', label: 'Order Inquiry' },
  { value: 'shipping', label: 'Shipping & Delivery' },
  { value: 'returns', label: 'Returns & Refunds' },
  { value: 'product', label: 'Product Information' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];
const SUBJECT_VALUES = CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

export const contactSubjectLabel = (value: string) =>
  CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;

export const ContactMessageInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name is too long'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: z.enum(SUBJECT_VALUES, { error: 'Please select a subject' }),
  message: z
    .string({ error: 'Message must be at least 10 characters long' })
    .trim()
    .min(10, 'Message must be at least 10 characters long')
    .max(5000, 'Message must be at most 5000 characters long'),
  /** Honeypot: hidden from people, filled in by bots. A filled one is answered as a success and dropped. */
  website: z.string().max(500).optional(),
});

export const ContactAnswerSchema = z.object({ message: z.string() });
