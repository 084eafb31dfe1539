import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '~/server/db/schema';
import { startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { createMailer } from './mailer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mailer', () => {
  it('keeps messages in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer(t.config, t.db);
    const result = await mailer.send({ kind: 'test', to: 'a@example.com', subject: 'Hello', text: 'Body' });
    expect(result.status).toBe('queued');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.outboxId));
    expect(row).toMatchObject({ to: 'a@example.com', subject: 'Hello', status: 'queued' });
  });

  it('delivers over real SMTP and records it as sent', async () => {
    const inbox = await startSmtpInbox();
    try {
      const mailer = createMailer({ ...t.config, SMTP_URL: inbox.url }, t.db);
      const result = await mailer.send({
        kind: 'test',
        to: 'b@example.com',
        subject: 'Your order',
        text: 'Thanks!',
      });
      expect(result.status).toBe('sent');
      expect(inbox.received.join('')).toContain('Subject: Your order');
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.outboxId));
      expect(row?.status).toBe('sent');
    } finally {
      await inbox.close();
    }
  });

  it('records a failed delivery without losing the message', async () => {
    const mailer = createMailer({ ...t.config, SMTP_URL: 'smtp://127.0.0.1:1' }, t.db);
    const result = await mailer.send({ kind: 'test', to: 'c@example.com', subject: 'Lost?', text: 'No' });
    expect(result.status).toBe('failed');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.outboxId));
    expect(row).toMatchObject({ status: 'failed', subject: 'Lost?' });
    expect(row?.error).toBeTruthy();
  });
});
