// The demo's Shipping page and FAQ say what the store does: the delivery times of the default shipping
// settings (docs/decisions/0132-delivery-estimates-are-settings.md) and no stock counts that no page shows.
import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_CONTENT_PAGES, DEMO_FAQ_ITEMS } from './demo-catalogue';
import { DEMO_CATEGORY_NAMES_FR, DEMO_PRODUCTS_FR } from './demo-catalogue-fr';
import { shippingSettings } from './schema';

const texts = [
  ...DEMO_CONTENT_PAGES.map((p) => p.content),
  ...DEMO_FAQ_ITEMS.flatMap((f) => [f.question, f.answer]),
];

describe('demo content pages and FAQ', () => {
  it('state only the default delivery times: standard 3 to 5, express 1 to 2 business days', () => {
    const said = texts.flatMap((t) => [
      ...t.matchAll(/(Standard|Express)[\s\S]{0,80}?(\d+) to (\d+) business days/g),
    ]);
    expect(said.length).toBeGreaterThan(0);
    for (const [, method, from, to] of said) {
      expect(`${method} ${from}-${to}`).toBe(method === 'Standard' ? 'Standard 3-5' : 'Express 1-2');
    }
    // and those are the settings' defaults
    expect(shippingSettings.standardMinDays.default).toBe(3);
    expect(shippingSettings.standardMaxDays.default).toBe(5);
    expect(shippingSettings.expressMinDays.default).toBe(1);
    expect(shippingSettings.expressMaxDays.default).toBe(2);
  });

  it('claim no stock counts the pages do not show', () => {
    for (const t of texts) expect(t).not.toMatch(/only \d+ left/i);
  });
});

describe('the demo catalogue in French', () => {
  it('names and describes every demo category and product in French, and nothing else', () => {
    const slugs = DEMO_CATEGORIES.map((c) => c.slug);
    const names = DEMO_CATEGORIES.flatMap((c) => c.products.map((p) => p.name));
    expect(Object.keys(DEMO_CATEGORY_NAMES_FR).sort()).toEqual([...slugs].sort());
    expect(Object.keys(DEMO_PRODUCTS_FR).sort()).toEqual([...names].sort());
    for (const { nameFr, descriptionFr } of Object.values(DEMO_PRODUCTS_FR)) {
      expect(nameFr.length).toBeGreaterThanOrEqual(2);
      expect(descriptionFr.length).toBeGreaterThan(40);
      // Quebec typography: the typographic apostrophe, no space before ? or !.
      expect(`${nameFr} ${descriptionFr}`).not.toMatch(/'| [?!]/);
    }
  });
});
