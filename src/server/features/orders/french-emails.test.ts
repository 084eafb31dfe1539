// Orders remember their language (docs/decisions/0360-orders-remember-their-language.md), through the
// real HTTP layer and a real SMTP server on loopback: a checkout sent with Accept-Language fr-CA records
// 'fr', and every e-mail about the order is then in French (amounts as '12,34 $', TPS/TVQ lines, French
// links under /fr) whatever language the administrator who changes it reads; an English checkout is
// unchanged; the new-order alert to staff stays English; the reset e-mail follows the asking page.
// Every figure is worked out by hand.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type MailingStore, startMailingStore } from '~/server/test/mailing-store';
import type { ReceivedMail } from '~/server/test/smtp-inbox';
import { TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from '~/server/features/checkout/test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const STORE_EMAIL = 'shop@store.test';
/** The no-break space French puts before ':' and '%' and inside amounts. */
const NB = '\u00a0';

let received: ReceivedMail[];

let t: TestApp;
let admin: TestClient;
let store: MailingStore;
beforeAll(async () => {
  store = await startMailingStore({
    STORE_NAME: 'Liquidation Depot',
    STORE_EMAIL,
    STORE_GST_NUMBER: '123456789 RT0001',
    STORE_QST_NUMBER: '1234567890 TQ0001',
  });
  ({ t, received, admin } = store);
});
afterAll(() => store.close());
beforeEach(() => {
  received.length = 0;
});

/**
 * A paid order of one 20.00 item shipped standard (5.99) to Montréal, checked out with the given
 * Accept-Language (none when undefined).
 */
async function paidQuebecOrder(acceptLanguage: string | undefined, email = 'julie@example.com') {
  const product = await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'QC' });
  body.orderData.customerEmail = email;
  body.orderData.customerName = 'Julie Tremblay';
  body.orderData.shippingAddress = {
    ...body.orderData.shippingAddress!,
    addressLine1: '1234, rue Saint-Denis',
    city: 'Montréal',
    zipCode: 'H2X 3K2',
  };
  const res = await postCheckout(client, body, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const paid = await client.post(`/pay/${reference}/pay`, '', form);
  expect(paid.headers.location).toContain('status=success');
  return (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
}

const mailsTo = (address: string) => received.filter((r) => r.rcpt.includes(address)).map((r) => r.mail);

// Quebec, 1 x 20.00 + standard 5.99 = 25.99 taxable. TPS 5% = 1.2995, TVQ 9.975% = 2.5925025; charged
// 14.975% = 3.8920 -> 3.89. The floors 1.29 + 2.59 = 3.88; the missing cent goes to the larger
// remainder (TPS, .95 of a cent): TPS 1.30, TVQ 2.59. Total 20.00 + 5.99 + 3.89 = 29.88.

describe('a French order', () => {
  it('records fr and is confirmed in French, with French amounts, TPS and TVQ, and French links', async () => {
    const order = await paidQuebecOrder('fr-CA,fr;q=0.9,en;q=0.8');
    expect(order.locale).toBe('fr');
    expect(order.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '1.30' },
      { code: 'QST', rate: '9.975', amount: '2.59' },
    ]);
    expect(order.total).toBe('29.88');
    const [mail, ...others] = mailsTo('julie@example.com');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(`Liquidation Depot${NB}: commande ${order.orderReference} confirmée`);
    const text = mail!.text!;
    expect(text).toContain('Merci de votre commande, Julie Tremblay!');
    expect(text).toContain(`Numéro de commande${NB}: ${order.id}\nRéférence${NB}: ${order.orderReference}`);
    expect(text).toContain(`- 1 x Desk Lamp à 20,00${NB}$ = 20,00${NB}$`);
    expect(text).toContain(
      [
        `Sous-total${NB}: 20,00${NB}$`,
        `Livraison${NB}: 5,99${NB}$`,
        `TPS (5${NB}%)${NB}: 1,30${NB}$`,
        `TVQ (9,975${NB}%)${NB}: 2,59${NB}$`,
        `Total${NB}: 29,88${NB}$ CAD`,
        `Nº de TPS/TVH${NB}: 123456789 RT0001`,
        `Nº de TVQ${NB}: 1234567890 TQ0001`,
      ].join('\n'),
    );
    expect(text).toContain(`Mode de livraison${NB}: Livraison standard`);
    expect(text).toContain(`Livraison prévue${NB}: 3 à 5 jours ouvrables`);
    expect(text).toContain(`Livraison à${NB}:\n  1234, rue Saint-Denis\n  Montréal, QC H2X 3K2`);
    const link = `http://store.test/fr/orders/lookup?reference=${order.orderReference}`;
    expect(text).toContain(`Voir votre commande${NB}: ${link}`);
    expect(text).toContain(
      `Des questions? Répondez à ce courriel, écrivez à ${STORE_EMAIL} ou visitez http://store.test/fr/contact`,
    );
    // Whole words: the order's random reference may hold the letters QST or GST.
    expect(text).not.toMatch(/\b(Subtotal|Shipping|GST|QST)\b|\$\d+\.\d\d/);
    const html = mail!.html as string;
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('href="http://store.test/fr/contact"');
    expect(html).toContain('>Article</th>');
    expect(html).toContain(`29,88${NB}$ CAD`);
    expect(html).toContain(`TVQ (9,975${NB}%)`);

    // The store's staff read English, whatever the customer's language.
    const [alert] = mailsTo(STORE_EMAIL);
    expect(alert!.subject).toBe(`New order ${order.id} (${order.orderReference}): $29.88 CAD`);
    expect(alert!.text).toContain('Subtotal: $20.00\nShipping: $5.99\nGST (5%): $1.30\nQST (9.975%): $2.59');
  });

  it('is told of each status change in French, whatever the administrator reads', async () => {
    const order = await paidQuebecOrder('fr-CA');
    received.length = 0;
    const res = await admin.patch(
      `/api/orders/${order.id}/status`,
      {
        status: 'shipped',
        trackingNumber: '7023210039414604',
        trackingCarrier: 'canada-post',
        estimatedDeliveryDate: '2026-12-03',
      },
      { 'accept-language': 'en-CA' },
    );
    expect(res.statusCode).toBe(200);
    const [shipped] = mailsTo('julie@example.com');
    expect(shipped!.subject).toBe(
      `Liquidation Depot${NB}: votre commande ${order.orderReference} a été expédiée`,
    );
    const text = shipped!.text!;
    expect(text).toContain('Votre commande est en route, Julie Tremblay!');
    expect(text).toContain(`Transporteur${NB}: Postes Canada\nNuméro de suivi${NB}: 7023210039414604`);
    expect(text).toContain(
      `Suivre votre colis sur le site de Postes Canada${NB}: https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor=7023210039414604`,
    );
    expect(text).toContain(`Livraison prévue${NB}: 3 décembre 2026`);

    // A corrected number: the new tracking details, in French.
    await admin.patch(`/api/orders/${order.id}`, { trackingNumber: '7023210039414605' });
    const [, tracking] = mailsTo('julie@example.com');
    expect(tracking!.subject).toBe(
      `Liquidation Depot${NB}: nouveaux renseignements de suivi pour la commande ${order.orderReference}`,
    );
    expect(tracking!.text).toContain('Nouveaux renseignements de suivi pour votre commande, Julie Tremblay');
    expect(tracking!.text).toContain(
      `Transporteur${NB}: Postes Canada\nNuméro de suivi${NB}: 7023210039414605`,
    );
    expect(tracking!.text).toContain('track-reperage/fr#/search?searchFor=7023210039414605');

    await admin.patch(`/api/orders/${order.id}/status`, { status: 'delivered' });
    await admin.post(`/api/orders/${order.id}/refunds`, { amount: '10.00', restock: false });
    const [, , delivered, refunded] = mailsTo('julie@example.com');
    expect(delivered!.subject).toBe(
      `Liquidation Depot${NB}: votre commande ${order.orderReference} a été livrée`,
    );
    expect(delivered!.text).toContain(`Livrée à${NB}:\n  1234, rue Saint-Denis`);
    expect(refunded!.subject).toBe(
      `Liquidation Depot${NB}: remboursement de 10,00${NB}$ CAD pour la commande ${order.orderReference}`,
    );
    // The refund's tax: 3.89 x 10.00 / 29.88 = 1.3019 -> 1.30, split TPS 1.30 x 10 / 29.88 = 0.4351 ->
    // 0.43 and TVQ 2.59 x 10 / 29.88 = 0.8668 -> 0.86, the missing cent to TVQ (the larger remainder).
    expect(refunded!.text).toContain(
      `Remboursement${NB}: 10,00${NB}$ CAD\nDont TPS (5${NB}%)${NB}: 0,43${NB}$\nDont TVQ (9,975${NB}%)${NB}: 0,87${NB}$\nTotal de la commande${NB}: 29,88${NB}$ CAD`,
    );

    // The administrator's e-mail view shows what was sent, in the language it was sent in.
    const list = await admin.get(`/api/admin/emails?orderId=${order.id}`);
    const sentShipped = list.json().items.find((i: { kind: string }) => i.kind === 'order-shipped');
    const one = await admin.get(`/api/admin/emails/${sentShipped.id}`);
    expect(one.json().subject).toBe(shipped!.subject);
    expect(one.json().text).toContain('Postes Canada');
  });
});

describe('the order history and the order page', () => {
  it("say which language each order was placed in, whatever the asking page's (the receipt prints in it)", async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, customer.id);
    const references: Record<string, string> = {};
    for (const language of ['fr-CA', 'en-CA']) {
      const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'QC' });
      const res = await postCheckout(client, body, { 'accept-language': language });
      expect(res.statusCode).toBe(200);
      references[language] = res.json().orderId as string;
      await client.post(`/pay/${references[language]}/pay`, '', form);
    }
    const history = await client.get('/api/orders/my-orders', { 'accept-language': 'en-CA' });
    expect(history.statusCode).toBe(200);
    const byReference = Object.fromEntries(
      (history.json() as { orderReference: string; locale: string }[]).map((o) => [
        o.orderReference,
        o.locale,
      ]),
    );
    expect(byReference).toEqual({ [references['fr-CA']!]: 'fr', [references['en-CA']!]: 'en' });
    const page = await client.get(`/api/orders/${references['fr-CA']}`, { 'accept-language': 'en-CA' });
    expect(page.json().locale).toBe('fr');
  });
});

describe('a French order’s lines', () => {
  it('keep the French name they were bought under on every shopper surface, and the English for staff', async () => {
    const customer = await createUser(t.db, { email: 'line@example.com' });
    const product = await createProduct(t.db, {
      name: 'Wireless Headphones (Open Box)',
      nameFr: 'Casque d’écoute sans fil (boîte ouverte)',
      price: '20.00',
      stock: 5,
    });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, customer.id);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'QC' });
    body.orderData.customerEmail = 'line@example.com';
    const res = await postCheckout(client, body, { 'accept-language': 'fr-CA' });
    expect(res.statusCode).toBe(200);
    const reference = res.json().orderId as string;
    const french = 'Casque d’écoute sans fil (boîte ouverte)';
    // The payment page, then the confirmation e-mail.
    const pay = await client.get(`/pay/${reference}`);
    expect(pay.body).toContain(french);
    expect(pay.body).not.toContain('Wireless Headphones');
    await client.post(`/pay/${reference}/pay`, '', form);
    const [mail] = mailsTo('line@example.com');
    expect(mail!.text).toContain(`- 1 x ${french} à 20,00${NB}$`);
    expect(mail!.text).not.toContain('Wireless Headphones');
    // The account's history and the order page (read from an English page: the order's language wins).
    const history = await client.get('/api/orders/my-orders', { 'accept-language': 'en-CA' });
    const mine = (
      history.json() as {
        orderReference: string;
        id: number;
        items: { name: string; productName: string }[];
      }[]
    ).find((o) => o.orderReference === reference)!;
    expect(mine.items.map((i) => [i.name, i.productName])).toEqual([
      [french, 'Wireless Headphones (Open Box)'],
    ]);
    const page = await client.get(`/api/orders/${mine.id}`, { 'accept-language': 'en-CA' });
    expect(page.json().items[0].name).toBe(french);
    // Staff read the English name.
    const staff = await admin.get(`/api/orders/admin/${mine.id}`);
    expect(staff.json().items[0].name).toBe('Wireless Headphones (Open Box)');
    // An English order of the same product keeps the English name, with nothing stored beside it.
    const english = await postCheckout(
      client,
      await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'QC' }),
      { 'accept-language': 'en-CA' },
    );
    await client.post(`/pay/${english.json().orderId}/pay`, '', form);
    const after = await client.get('/api/orders/my-orders');
    const en = (after.json() as { orderReference: string; items: { name: string }[] }[]).find(
      (o) => o.orderReference === english.json().orderId,
    );
    expect(en?.items[0]?.name).toBe('Wireless Headphones (Open Box)');
  });
});

describe('an English order', () => {
  it.each([
    ['no Accept-Language', undefined],
    ['English first', 'en-CA,fr-CA;q=0.8'],
    ['neither language', 'de-DE'],
  ])('stays English with %s', async (_name, acceptLanguage) => {
    const order = await paidQuebecOrder(acceptLanguage, 'pat@example.com');
    expect(order.locale).toBe('en');
    const [mail] = mailsTo('pat@example.com');
    expect(mail!.subject).toBe(`Liquidation Depot: order ${order.orderReference} confirmed`);
    expect(mail!.text).toContain(
      [
        'Subtotal: $20.00',
        'Shipping: $5.99',
        'GST (5%): $1.30',
        'QST (9.975%): $2.59',
        'Total: $29.88 CAD',
        'GST/HST registration number: 123456789 RT0001',
        'QST registration number: 1234567890 TQ0001',
      ].join('\n'),
    );
    expect(mail!.text).toContain(
      `View your order: http://store.test/orders/lookup?reference=${order.orderReference}`,
    );
    expect(mail!.text).toContain(`write to ${STORE_EMAIL} or visit http://store.test/contact`);
  });
});

describe('the password reset e-mail', () => {
  it('is in the language of the page that asked for it, with the French reset page', async () => {
    const user = await createUser(t.db);
    const res = await new TestClient(t.app).post(
      '/api/auth/forgot-password',
      { email: user.email },
      { 'accept-language': 'fr-CA', 'x-forwarded-for': '198.51.100.77' },
    );
    expect(res.statusCode).toBe(200);
    // Sent after the answer: wait for it to arrive.
    await expect.poll(() => mailsTo(user.email).length).toBe(1);
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toBe(`Liquidation Depot${NB}: réinitialisez votre mot de passe`);
    expect(mail!.text).toContain(`Bonjour ${user.username},`);
    expect(mail!.text).toMatch(
      new RegExp(
        `Réinitialiser mon mot de passe${NB}: http://store\\.test/fr/auth/reset\\?token=[A-Za-z0-9_-]+`,
      ),
    );
  });
});
