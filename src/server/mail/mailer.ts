// Every e-mail goes through here. With SMTP_URL it is sent by nodemailer over real SMTP; without it,
// it stays in the outbox table (visible to admins), so nothing is lost and nothing needs a mail server.
// Every message is written to the outbox first, so a failed send is recorded, never lost.
// `send` waits for SMTP; `enqueue` only writes the row ('pending') for `deliverQueued` to send after the
// answer, so a request that must not reveal whether it mailed anyone answers in the same time either way
// (docs/decisions/0280-password-reset.md).
import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '~/server/config';
import type { Db, DbOrTx } from '~/server/db/client';
import { mailOutbox } from '~/server/db/schema';
import { OUTBOX_SECRET_PLACEHOLDER, openOutboxSecret, sealOutboxSecret } from './outbox-secret';

export type MailMessage = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  orderId?: number;
  /**
   * A secret the message carries (a reset token): text and html hold OUTBOX_SECRET_PLACEHOLDER where it
   * goes. The outbox keeps it sealed, and it is put in place only in what SMTP receives
   * (docs/decisions/0454-outbox-keeps-no-live-secret.md).
   */
  secret?: string;
  /** Extra headers (a marketing message's List-Unsubscribe and List-Unsubscribe-Post), kept in the outbox. */
  headers?: Record<string, string>;
};

/** An inline image made at delivery (the pickup QR code), shown by the html part as cid:{cid}. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid: string };

type Outgoing = Omit<MailMessage, 'secret'> & { sealedSecret?: string | null };

/** 'sent' when SMTP accepted it, 'queued' when kept in the outbox (no SMTP), 'failed' with the error. */
export type MailResult = { status: 'sent' | 'queued' | 'failed'; error?: string; outboxId: number };

export type Mailer = {
  send: (message: MailMessage) => Promise<MailResult>;
  /**
   * Hands a message already in the outbox to SMTP: 'sent', or 'queued' when no SMTP server is
   * configured (it stays in the outbox). Throws what SMTP answered on failure; the caller records it.
   */
  transmit: (
    message: Pick<MailMessage, 'to' | 'subject' | 'text' | 'html' | 'headers'> & {
      attachments?: MailAttachment[];
    },
  ) => Promise<'sent' | 'queued'>;
  /** Writes the message to the outbox (in `db`, a transaction if given) for deliverQueued; returns its id. */
  enqueue: (message: MailMessage, db?: DbOrTx) => Promise<number>;
  /** Sends what enqueue left waiting, oldest first; each row is taken by one caller only. Returns how many. */
  deliverQueued: (limit?: number) => Promise<number>;
};

/** This process's deliveries to SMTP, for the metrics (store_mail_deliveries_total). */
export const mailDeliveries = { sent: 0, failed: 0 };

export function createMailer(config: Config, db: Db): Mailer {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const from = config.MAIL_FROM ?? `${config.STORE_NAME} <${config.STORE_EMAIL}>`;
  /** The outbox row's values: the secret sealed, never in clear. */
  function toRow({ secret, ...message }: MailMessage) {
    return {
      ...message,
      sealedSecret: secret === undefined ? null : sealOutboxSecret(config.sessionSecret, secret),
    };
  }
  async function deliver(message: Outgoing, outboxId: number): Promise<MailResult> {
    if (!transport) return { status: 'queued', outboxId };
    let { text, html } = message;
    if (message.sealedSecret) {
      const secret = openOutboxSecret(config.sessionSecret, message.sealedSecret);
      if (secret === null) {
        // Sealed under another session secret: sending the placeholder would only mislead.
        const error = 'The secret of this e-mail could not be opened (the session secret has changed).';
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error, sealedSecret: null })
          .where(eq(mailOutbox.id, outboxId));
        return { status: 'failed', error, outboxId };
      }
      text = text.replaceAll(OUTBOX_SECRET_PLACEHOLDER, secret);
      html = html?.replaceAll(OUTBOX_SECRET_PLACEHOLDER, secret);
    }
    // Sent or not, the sealed secret is forgotten: a reset link is asked for again, never re-sent.
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text,
        html,
        headers: message.headers ?? undefined,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), sealedSecret: null })
        .where(eq(mailOutbox.id, outboxId));
      mailDeliveries.sent++;
      return { status: 'sent', outboxId };
    } catch (error) {
      mailDeliveries.failed++;
      const text = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ status: 'failed', error: text, sealedSecret: null })
        .where(eq(mailOutbox.id, outboxId));
      return { status: 'failed', error: text, outboxId };
    }
  }
  return {
    async transmit(message) {
      if (!transport) return 'queued';
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          attachments: message.attachments,
        });
      } catch (error) {
        mailDeliveries.failed++;
        throw error;
      }
      mailDeliveries.sent++;
      return 'sent';
    },
    async send(message) {
      const values = toRow(message);
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...values, status: transport ? 'sending' : 'queued' })
        .returning({ id: mailOutbox.id });
      return deliver(values, row!.id);
    },
    async enqueue(message, into = db) {
      const [row] = await into
        .insert(mailOutbox)
        .values({ ...toRow(message), status: transport ? 'pending' : 'queued' })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async deliverQueued(limit = 20) {
      if (!transport) return 0;
      // Claimed with skip locked: two instances (or an answer and the maintenance job) never send one twice.
      const claimed = (await db.execute(sql`
        update mail_outbox set status = 'sending'
        where id in (select id from mail_outbox where status = 'pending' order by id limit ${limit}
                     for update skip locked)
        returning id, kind, "to", subject, text, html, sealed_secret, headers`)) as unknown as {
        rows: {
          id: number;
          kind: string;
          to: string;
          subject: string;
          text: string;
          html: string | null;
          sealed_secret: string | null;
          headers: Record<string, string> | null;
        }[];
      };
      for (const r of claimed.rows) {
        await deliver(
          {
            kind: r.kind,
            to: r.to,
            subject: r.subject,
            text: r.text,
            html: r.html ?? undefined,
            sealedSecret: r.sealed_secret,
            headers: r.headers ?? undefined,
          },
          r.id,
        );
      }
      return claimed.rows.length;
    },
  };
}
