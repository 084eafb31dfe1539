// The catalogue in French (docs/decisions/0350-french-catalogue-fields.md, 0351-french-search.md):
// shoppers' answers in the request's language with the English where staff wrote no French, the
// administrators' answers with both, and French search without regard to accents.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/server/db/schema';
import { createCategory, createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let guest: TestClient;
let admin: TestClient;
const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
const EN = { 'accept-language': 'en-CA' };

beforeAll(async () => {
  t = await createTestApp();
  guest = new TestClient(t.app);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  const outdoors = await createCategory(t.db, { name: 'Outdoors', nameFr: 'Plein air', slug: 'fr-outdoors' });
  const kitchen = await createCategory(t.db, { name: 'Kitchen', slug: 'fr-kitchen' });
  await createProduct(t.db, {
    name: 'Camping Gear Set',
    nameFr: 'Ensemble d’équipement de camping',
    slug: 'camping-gear-set',
    lotNumber: 'FR-CAMP-1',
    description: 'A tent and two sleeping bags.',
    descriptionFr: 'Une tente et deux sacs de couchage.',
    categoryId: outdoors.id,
    featured: true,
  });
  await createProduct(t.db, {
    name: 'Espresso Machine',
    nameFr: 'Machine à café espresso',
    slug: 'espresso-machine',
    lotNumber: 'FR-CAFE-1',
    description: 'Fifteen bars of pressure.',
    categoryId: kitchen.id,
  });
  await createProduct(t.db, {
    name: 'Refurbished 55" 4K TV',
    nameFr: 'Téléviseur 4K de 55 po remis à neuf',
    slug: 'refurbished-55-tv',
    lotNumber: 'FR-TV-1',
    description: 'Graded A.',
    descriptionFr: 'Écran sans pixel mort, classé A.',
  });
  // No French at all: French pages show (and find) it by its English.
  await createProduct(t.db, {
    name: 'Wireless Headphones',
    slug: 'wireless-headphones-fr-test',
    lotNumber: 'FR-HEAD-1',
    description: 'Over-ear, noise cancelling.',
    categoryId: kitchen.id,
  });
});
afterAll(() => t.close());

const names = (body: { name: string }[]) => body.map((p) => p.name);

describe('the shopper catalogue in the request language', () => {
  it('answers a product in French with fr-CA, in English without, and varies on Accept-Language', async () => {
    const fr = await guest.get('/api/products/camping-gear-set', FR);
    expect(fr.statusCode).toBe(200);
    expect(fr.json()).toMatchObject({
      name: 'Ensemble d’équipement de camping',
      description: 'Une tente et deux sacs de couchage.',
      categoryName: 'Plein air',
      languages: { name: 'fr', description: 'fr', categoryName: 'fr' },
    });
    expect(String(fr.headers.vary)).toMatch(/accept-language/i);

    for (const headers of [EN, {}]) {
      const en = await guest.get('/api/products/camping-gear-set', headers);
      expect(en.json()).toMatchObject({
        name: 'Camping Gear Set',
        description: 'A tent and two sleeping bags.',
        categoryName: 'Outdoors',
        languages: { name: 'en', description: 'en', categoryName: 'en' },
      });
    }
    // Same product, another language: another body, so another ETag.
    expect(fr.headers.etag).not.toBe((await guest.get('/api/products/camping-gear-set', EN)).headers.etag);
  });

  it('falls back to the English text by text, and says which language each is in', async () => {
    const cafe = (await guest.get('/api/products/espresso-machine', FR)).json();
    expect(cafe).toMatchObject({
      name: 'Machine à café espresso',
      description: 'Fifteen bars of pressure.',
      categoryName: 'Kitchen',
      languages: { name: 'fr', description: 'en', categoryName: 'en' },
    });
    const tv = (await guest.get('/api/products/refurbished-55-tv', FR)).json();
    expect(tv).toMatchObject({ categoryName: null, languages: { name: 'fr', description: 'fr' } });
  });

  it('lists products, categories, featured and related products in French', async () => {
    const list = await guest.get('/api/products?limit=50', FR);
    expect(names(list.json())).toEqual(
      expect.arrayContaining([
        'Ensemble d’équipement de camping',
        'Machine à café espresso',
        'Wireless Headphones',
      ]),
    );
    expect(String(list.headers.vary)).toMatch(/accept-language/i);

    const categories = (await guest.get('/api/categories', FR)).json() as { slug: string; name: string }[];
    expect(categories.find((c) => c.slug === 'fr-outdoors')).toMatchObject({
      name: 'Plein air',
      languages: { name: 'fr' },
    });
    expect(categories.find((c) => c.slug === 'fr-kitchen')).toMatchObject({
      name: 'Kitchen',
      languages: { name: 'en' },
    });
    expect((await guest.get('/api/categories/fr-outdoors', FR)).json().name).toBe('Plein air');
    expect(names((await guest.get('/api/categories/fr-outdoors/products', FR)).json())).toEqual([
      'Ensemble d’équipement de camping',
    ]);
    expect(names((await guest.get('/api/products/featured', FR)).json())).toContain(
      'Ensemble d’équipement de camping',
    );
    const [espresso] = await t.db.select().from(products).where(eq(products.slug, 'espresso-machine'));
    expect(names((await guest.get(`/api/products/related?productId=${espresso!.id}`, FR)).json())).toEqual([
      'Wireless Headphones',
    ]);
  });

  it('reads an Accept-Language it does not serve, or a malformed one, as English', async () => {
    for (const header of ['de-DE', 'xx;q=abc', ';;;', 'fr;q=0']) {
      const res = await guest.get('/api/products/camping-gear-set', { 'accept-language': header });
      expect(res.statusCode, header).toBe(200);
      expect(res.json().name, header).toBe('Camping Gear Set');
    }
  });
});

describe('French search', () => {
  const search = async (q: string, headers: Record<string, string> = FR) => {
    const res = await guest.get(`/api/products/search?q=${encodeURIComponent(q)}`, headers);
    expect(res.statusCode, q).toBe(200);
    return names(res.json());
  };

  it('finds French names with or without accents', async () => {
    expect(await search('equipement')).toEqual(['Ensemble d’équipement de camping']);
    expect(await search('équipement')).toEqual(['Ensemble d’équipement de camping']);
    expect(await search('ÉQUIPEMENT CAMPING')).toEqual(['Ensemble d’équipement de camping']);
    expect(await search('cafe')).toEqual(['Machine à café espresso']);
    expect(await search('café')).toEqual(['Machine à café espresso']);
    expect(await search('televiseur')).toEqual(['Téléviseur 4K de 55 po remis à neuf']);
    expect(await search('télé')).toEqual(['Téléviseur 4K de 55 po remis à neuf']);
    // French stemming: the plural finds the singular.
    expect(await search('téléviseurs')).toEqual(['Téléviseur 4K de 55 po remis à neuf']);
  });

  it('finds French descriptions, English names and lot numbers too', async () => {
    expect(await search('couchage')).toEqual(['Ensemble d’équipement de camping']);
    expect(await search('headphones')).toEqual(['Wireless Headphones']);
    expect(await search('espresso')).toEqual(['Machine à café espresso']);
    expect(await search('FR-TV-1')).toEqual(['Téléviseur 4K de 55 po remis à neuf']);
  });

  it('corrects a typo in a French word against the French names', async () => {
    expect(await search('televiseru')).toEqual(['Téléviseur 4K de 55 po remis à neuf']);
  });

  it('leaves English search as it was: English words, English answers', async () => {
    expect(await search('camping', EN)).toEqual(['Camping Gear Set']);
    expect(await search('couchage', EN)).toEqual([]);
  });

  it('still refuses a blank query in French', async () => {
    const res = await guest.get('/api/products/search?q=%20', FR);
    expect(res.statusCode).toBe(400);
  });
});

describe("administrators' product and category answers carry both languages", () => {
  it('creates, reads and updates a product with its French fields', async () => {
    const created = await admin.post('/api/products', {
      name: 'Cast Iron Pan',
      nameFr: '  Poêle en fonte  ',
      description: 'Pre-seasoned.',
      descriptionFr: 'Déjà culottée.',
      price: '39.00',
      lotNumber: 'FR-PAN-1',
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: 'Cast Iron Pan',
      nameFr: 'Poêle en fonte',
      description: 'Pre-seasoned.',
      descriptionFr: 'Déjà culottée.',
    });
    // The administrator's view is the stored record whatever language the request names.
    const read = await admin.get(`/api/products/admin/${product.id}`, FR);
    expect(read.json()).toMatchObject({ name: 'Cast Iron Pan', nameFr: 'Poêle en fonte' });

    const updated = await admin.put(`/api/products/${product.id}`, {
      ...product,
      nameFr: '',
      descriptionFr: 'Déjà culottée, prête à cuisiner.',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ nameFr: '', descriptionFr: 'Déjà culottée, prête à cuisiner.' });
    // No French name any more: French pages show the English one.
    expect((await guest.get(`/api/products/${product.id}`, FR)).json()).toMatchObject({
      name: 'Cast Iron Pan',
      description: 'Déjà culottée, prête à cuisiner.',
      languages: { name: 'en', description: 'fr' },
    });
  });

  it('refuses bad French fields with 400 and changes nothing', async () => {
    const [before] = await t.db.select().from(products).where(eq(products.slug, 'espresso-machine'));
    for (const [body, message] of [
      [{ nameFr: 'x'.repeat(201) }, 'French name must be at most 200 characters'],
      [{ nameFr: 'x' }, 'French name must be at least 2 characters.'],
      [{ nameFr: 42 }, 'French name must be text'],
      [{ descriptionFr: 'x'.repeat(20_001) }, 'French description must be at most 20000 characters'],
    ] as const) {
      const res = await admin.put(`/api/products/${before!.id}`, {
        name: before!.name,
        price: before!.price,
        ...body,
      });
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    const [after] = await t.db.select().from(products).where(eq(products.slug, 'espresso-machine'));
    expect(after).toEqual(before);
  });

  it('saves and lists a category with its French name; refuses a bad one', async () => {
    const res = await admin.post('/api/categories', { name: 'Garden', nameFr: 'Jardin', slug: 'fr-garden' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Garden', nameFr: 'Jardin' });
    const list = (await admin.get('/api/categories/admin', FR)).json() as { slug: string }[];
    expect(list.find((c) => c.slug === 'fr-garden')).toMatchObject({ name: 'Garden', nameFr: 'Jardin' });
    expect((await guest.get('/api/categories/fr-garden', FR)).json()).toMatchObject({ name: 'Jardin' });

    const bad = await admin.post('/api/categories', {
      name: 'Tools',
      nameFr: 'x'.repeat(101),
      slug: 'fr-tools',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('French name must be at most 100 characters.');
    expect((await guest.get('/api/categories/fr-tools')).statusCode).toBe(404);
  });
});

describe("a cart's price check", () => {
  it('names each line in the asking page’s language, the English where staff wrote no French', async () => {
    const [camping] = await t.db.select().from(products).where(eq(products.slug, 'camping-gear-set'));
    const [headphones] = await t.db
      .select()
      .from(products)
      .where(eq(products.slug, 'wireless-headphones-fr-test'));
    const body = {
      items: [
        { productId: camping!.id, quantity: 1 },
        { productId: headphones!.id, quantity: 1 },
      ],
    };
    const french = await guest.post('/api/cart/quote', body, FR);
    expect(french.statusCode).toBe(200);
    expect(french.headers.vary).toMatch(/accept-language/i);
    expect(french.json().items.map((i: { name: string }) => i.name)).toEqual([
      'Ensemble d’équipement de camping',
      'Wireless Headphones',
    ]);
    const english = await guest.post('/api/cart/quote', body, EN);
    expect(english.json().items.map((i: { name: string }) => i.name)).toEqual([
      'Camping Gear Set',
      'Wireless Headphones',
    ]);
  });
});

describe('condition notes in French', () => {
  it('shows the French notes on French pages, and the English where none were written', async () => {
    await createProduct(t.db, {
      name: 'Open Box Kettle',
      slug: 'open-box-kettle-notes',
      lotNumber: 'FR-KET-1',
      conditionNotes: 'Box dented; kettle unused.',
      conditionNotesFr: 'Boîte cabossée; bouilloire jamais utilisée.',
    });
    const fr = await guest.get('/api/products/open-box-kettle-notes', FR);
    expect(fr.json().conditionNotes).toBe('Boîte cabossée; bouilloire jamais utilisée.');
    const en = await guest.get('/api/products/open-box-kettle-notes', EN);
    expect(en.json().conditionNotes).toBe('Box dented; kettle unused.');

    await createProduct(t.db, {
      name: 'Used Toaster',
      slug: 'used-toaster-notes',
      lotNumber: 'FR-TOA-1',
      conditionNotes: 'Light scratches.',
    });
    expect((await guest.get('/api/products/used-toaster-notes', FR)).json().conditionNotes).toBe(
      'Light scratches.',
    );
  });

  it('are written by staff through the admin API', async () => {
    const res = await admin.post('/api/products', {
      name: 'Graded Blender',
      lotNumber: 'FR-BLE-1',
      price: '30.00',
      stock: 2,
      conditionNotes: 'Lid cracked.',
      conditionNotesFr: 'Couvercle fissuré.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().conditionNotesFr).toBe('Couvercle fissuré.');
  });
});
