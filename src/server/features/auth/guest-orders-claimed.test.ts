// A shopper who ticks 'Create an account' at checkout pays as a guest: the account waits for the link
// e-mailed to the address (docs/decisions/0456). Opening it proves the address, so the account takes the
// guest orders placed with it, and only those: another address's orders and another account's stay put.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orders } from '~/server/db/schema';
import { createUser } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { decodeQuotedPrintable, type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const ownerOf = async (id: number) =>
  (await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)))[0]!.userId;

describe('confirming a registration', () => {
  it("takes the guest orders placed with the proven address, in any case, and nobody else's", async () => {
    const guestOrder = await insertOrder(t.db, { customerEmail: 'Pat.Buyer@Example.com', userId: null });
    const olderGuestOrder = await insertOrder(t.db, { customerEmail: 'pat.buyer@example.com', userId: null });
    const otherAddress = await insertOrder(t.db, { customerEmail: 'someone@example.com', userId: null });
    const someoneElse = await createUser(t.db, { email: 'elsewhere@example.com' });
    // An account's order placed with this address stays that account's.
    const anotherAccountsOrder = await insertOrder(t.db, {
      customerEmail: 'pat.buyer@example.com',
      userId: someoneElse.id,
    });

    const shopper = new TestClient(t.app);
    const registered = await shopper.post('/api/auth/register', {
      username: 'patbuyer',
      email: 'pat.buyer@example.com',
      password: 'kettle-moss-41',
      confirmPassword: 'kettle-moss-41',
    });
    expect(registered.statusCode).toBe(202);
    // Nothing moves before the link is opened.
    expect(await ownerOf(guestOrder.id)).toBeNull();

    const message = decodeQuotedPrintable(await inbox.next());
    const token = /\/auth\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message)?.[1];
    expect(token, message).toBeTruthy();
    const opened = await shopper.post('/api/auth/confirm-registration', { token });
    expect(opened.statusCode).toBe(201);
    const userId = opened.json().id as number;

    expect(await ownerOf(guestOrder.id)).toBe(userId);
    expect(await ownerOf(olderGuestOrder.id)).toBe(userId);
    expect(await ownerOf(otherAddress.id)).toBeNull();
    expect(await ownerOf(anotherAccountsOrder.id)).toBe(someoneElse.id);

    const mine = (await shopper.get('/api/orders/my-orders')).json() as { orderReference: string }[];
    expect(mine.map((o) => o.orderReference).sort()).toEqual(
      [guestOrder.orderReference, olderGuestOrder.orderReference].sort(),
    );
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, guestOrder.id));
    expect(history).toEqual([
      expect.objectContaining({
        field: 'userId',
        fromValue: null,
        toValue: String(userId),
        actor: 'account-confirmed',
        actorUserId: userId,
      }),
    ]);
  });
});
