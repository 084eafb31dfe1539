// The page template is filled without interpreting any text: `$&`, `` $` `` and `$'` are patterns to
// String.prototype.replace, and once pasted whole templates into pages
// (docs/decisions/0116-page-template-assembly.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp } from '~/server/test/test-app';
import { fillTemplate } from './page-renderer';

const SEQUENCES = ['$`', "$'", '$&'];
/** As React writes text into HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  for (const [i, sequence] of SEQUENCES.entries()) {
    await createProduct(t.db, {
      name: `Lamp ${sequence} edition`,
      slug: `lamp-edition-${i}`,
      featured: true,
    });
  }
});
afterAll(() => t.close());

/** The page's state script, parsed back: it must be whole JSON, exactly one, at the end of the body. */
function stateOf(body: string) {
  const scripts = [...body.matchAll(/<script id="__STATE__" type="application\/json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  expect(body.trimEnd().endsWith('</body></html>')).toBe(true);
  // The template appears once: nothing of it was pasted a second time.
  expect(body.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(body.match(/<div id="root">/g)).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as { dehydrated: { queries: { state: { data: unknown } }[] } };
}

describe('template characters in page text', () => {
  it("renders the home page whole with products named with $`, $' and $&, escaped in HTML and intact in the state", async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    for (const sequence of SEQUENCES) {
      expect(res.body).toContain(`Lamp ${html(sequence)} edition`);
    }
    const state = JSON.stringify(stateOf(res.body).dehydrated.queries.map((q) => q.state.data));
    for (const sequence of SEQUENCES) expect(state).toContain(JSON.stringify(`Lamp ${sequence} edition`));
  });

  it.each(SEQUENCES)(
    'renders a search for %s as a full page, the text escaped and the state intact',
    async (sequence) => {
      const res = await t.app.inject(`/products?search=${encodeURIComponent(sequence)}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        `<h1 class="text-3xl font-bold">Search results for &quot;${html(sequence)}&quot;</h1>`,
      );
      // The listing's query, keyed by the search, went to the browser whole.
      const state = stateOf(res.body);
      const search = new URLSearchParams({ search: sequence }).toString();
      expect(state.dehydrated.queries.some((q) => JSON.stringify(q).includes(search))).toBe(true);
    },
  );
});

describe('fillTemplate', () => {
  const template = '<head><!--app-head--></head><body><!--app-html--><!--app-state--></body>';

  it('inserts every part as it is', () => {
    expect(fillTemplate(template, { head: "$'", html: '$`<!--app-state-->$&', state: '$$' })).toBe(
      "<head>$'</head><body>$`<!--app-state-->$&$$</body>",
    );
  });

  it('refuses a template without its markers', () => {
    expect(() => fillTemplate('<body></body>', { head: '', html: '', state: '' })).toThrow(/app-head/);
  });
});
