// Every e-mail goes through here. With SMTP_URL it is sent by nodemailer over real SMTP; without it,
// it stays in the outbox table (visible to admins), so nothing is lost and nothing needs a mail server.
// Every message is written to the outbox first, so a failed send is recorded, never lost.
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import { mailOutbox } from '~/server/db/schema';

export type MailMessage = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  orderId?: number;
};

/** 'sent' when SMTP accepted it, 'queued' when kept in the outbox (no SMTP), 'failed' with the error. */
export type MailResult = { status: 'sent' | 'queued' | 'failed'; error?: string; outboxId: number };

export type Mailer = { send: (message: MailMessage) => Promise<MailResult> };

export function createMailer(config: Config, db: Db): Mailer {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const from = config.MAIL_FROM ?? `${config.STORE_NAME} <${config.STORE_EMAIL}>`;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, status: transport ? 'sending' : 'queued' })
        .returning({ id: mailOutbox.id });
      const outboxId = row!.id;
      if (!transport) return { status: 'queued', outboxId };
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(mailOutbox.id, outboxId));
        return { status: 'sent', outboxId };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        await db.update(mailOutbox).set({ status: 'failed', error: text }).where(eq(mailOutbox.id, outboxId));
        return { status: 'failed', error: text, outboxId };
      }
    },
  };
}
