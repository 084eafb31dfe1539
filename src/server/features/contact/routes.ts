// The contact form: the message is stored, then e-mailed to the store's address (kept in the outbox
// when no SMTP server is configured). Floods are refused per client address and per sender e-mail;
// a filled honeypot field is answered like a success and dropped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateError } from '~/shared/i18n/error-text';
import {
  ContactAnswerSchema,
  ContactMessageInputSchema,
  contactSubjectLabel,
} from '~/shared/schemas/contact';
import { contactMessages } from '~/server/db/schema';
import { enforceAddressRateLimit, enforceRateLimit } from '~/server/lib/rate-limit';
import { apiLocale } from '~/server/lib/request-locale';

export const CONTACT_THANKS = "Thank you for your message. We'll get back to you soon!";
/** A person rarely writes more than a few messages an hour; a script writes hundreds. */
export const CONTACT_LIMITS = { perIp: 10, perEmail: 5, windowSeconds: 3600 } as const;

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the store',
        body: ContactMessageInputSchema,
        response: { 201: ContactAnswerSchema },
      },
    },
    async (request, reply) => {
      const { website, ...message } = request.body;
      if (website?.trim()) {
        request.log.info({ ip: request.ip }, 'contact form honeypot filled; message dropped');
        return reply.status(201).send({ message: translateError(apiLocale(request), CONTACT_THANKS) });
      }
      const { perIp, perEmail, windowSeconds } = CONTACT_LIMITS;
      await enforceAddressRateLimit(db, 'contact', request.ip, perIp, windowSeconds, 'messages');
      await enforceRateLimit(
        db,
        `contact:email:${message.email.toLowerCase()}`,
        perEmail,
        windowSeconds,
        'messages',
      );

      const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      const subjectLabel = contactSubjectLabel(message.subject);
      const result = await app.ctx.mailer.send({
        kind: 'contact',
        to: config.STORE_EMAIL,
        subject: `[Contact] ${subjectLabel} from ${oneLine(message.name)}`.slice(0, 200),
        text: [
          `New message #${row!.id} from the contact form.`,
          '',
          `Name: ${oneLine(message.name)}`,
          `Email: ${message.email}`,
          `Subject: ${subjectLabel}`,
          '',
          message.message,
          '',
          `Reply to ${message.email} to answer.`,
        ].join('\n'),
      });
      // The message is stored either way; a failed notification stays in the outbox for admins.
      if (result.status === 'failed')
        request.log.warn({ outboxId: result.outboxId }, 'contact notification failed');
      return reply.status(201).send({ message: translateError(apiLocale(request), CONTACT_THANKS) });
    },
  );
};
