// What the server adds to every page for speed: the tap capture script, allowed by the content security
// policy through its hash (docs/decisions/0146-no-tap-is-lost.md), and the modulepreloads of the lazy
// routes the page rendered (docs/decisions/0145-lazy-routes-and-script-budget.md).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';
import { chunkPreloads, type ViteManifest } from './page-renderer';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  client = new TestClient(t.app);
});
afterAll(() => t.close());

describe('the tap capture script', () => {
  it('is inline in the head of a page and the only inline script the policy allows', async () => {
    const res = await client.get('/cart');
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('__replayTaps');
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('chunkPreloads', () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
    '_react-b.js': { file: 'assets/react-b.js' },
    '_form-c.js': { file: 'assets/form-c.js', imports: ['_react-b.js'] },
    'src/client/features/checkout/checkout-page.tsx': {
      file: 'assets/checkout-page-d.js',
      imports: ['index.html', '_form-c.js'],
      css: ['assets/checkout-e.css'],
    },
  };

  it("preloads a lazy route's chunk and what it imports, less what the HTML shell already loads", () => {
    expect(
      chunkPreloads(manifest, ['src/client/features/checkout/checkout-page.tsx']).split('\n    '),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/checkout-page-d.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-c.js">',
      '<link rel="stylesheet" crossorigin href="/assets/checkout-e.css">',
    ]);
  });

  it("preloads the messages of the page's language, of the shell and of the page's chunks, never the other language", () => {
    const withMessages: ViteManifest = {
      ...manifest,
      'index.html': {
        ...manifest['index.html']!,
        dynamicImports: ['a.messages.ts?messages=en', 'a.messages.ts?messages=fr'],
      },
      'a.messages.ts?messages=en': { file: 'assets/a.messages-en-f.js' },
      'a.messages.ts?messages=fr': { file: 'assets/a.messages-fr-g.js' },
      '_form-c.js': {
        ...manifest['_form-c.js']!,
        dynamicImports: ['b.messages.ts?messages=en', 'b.messages.ts?messages=fr', 'src/lazy.tsx'],
      },
      'b.messages.ts?messages=en': { file: 'assets/b.messages-en-h.js' },
      'b.messages.ts?messages=fr': { file: 'assets/b.messages-fr-i.js' },
      'src/lazy.tsx': { file: 'assets/lazy-j.js' },
    };
    const links = (modules: string[], locale: 'en' | 'fr') =>
      [...chunkPreloads(withMessages, modules, locale).matchAll(/href="\/assets\/([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(links([], 'fr')).toEqual(['a.messages-fr-g.js']);
    expect(links(['src/client/features/checkout/checkout-page.tsx'], 'en')).toEqual([
      'checkout-page-d.js',
      'form-c.js',
      'a.messages-en-f.js',
      'b.messages-en-h.js',
      'checkout-e.css',
    ]);
  });

  it('adds nothing for pages in the entry or modules the manifest does not know', () => {
    expect(chunkPreloads(manifest, [])).toBe('');
    expect(chunkPreloads(manifest, ['src/client/features/gone.tsx'])).toBe('');
  });
});
