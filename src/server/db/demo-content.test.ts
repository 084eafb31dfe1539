// The demo's Shipping page and FAQ say what the store does: the delivery times of the default shipping
// settings (docs/decisions/0132-delivery-estimates-are-settings.md) and no stock counts that no page shows.
import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_CONTENT_PAGES, DEMO_FAQ_ITEMS } from './demo-catalogue';
import { localizedPath } from '~/shared/i18n/locales';
import { formatMoney } from '~/shared/money';
import {
  DEMO_CATEGORY_NAMES_FR,
  DEMO_CONTENT_PAGES_FR,
  DEMO_FAQ_ITEMS_FR,
  DEMO_PRODUCTS_FR,
} from './demo-catalogue-fr';
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

// Each English text beside its French, for the pages and the FAQ.
const pairs = [
  ...DEMO_CONTENT_PAGES.map((p) => ({
    name: `page ${p.slug}`,
    en: `${p.title}\n${p.content}`,
    fr: `${DEMO_CONTENT_PAGES_FR[p.slug]?.titleFr}\n${DEMO_CONTENT_PAGES_FR[p.slug]?.contentFr}`,
  })),
  ...DEMO_FAQ_ITEMS.map((f) => ({
    name: `FAQ ${f.question}`,
    en: `${f.question}\n${f.answer}`,
    fr: `${DEMO_FAQ_ITEMS_FR[f.question]?.questionFr}\n${DEMO_FAQ_ITEMS_FR[f.question]?.answerFr}`,
  })),
];
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('the demo content pages and FAQ in French', () => {
  it('give every demo page and FAQ item a French title and text, and nothing else', () => {
    expect(Object.keys(DEMO_CONTENT_PAGES_FR).sort()).toEqual(DEMO_CONTENT_PAGES.map((p) => p.slug).sort());
    expect(Object.keys(DEMO_FAQ_ITEMS_FR).sort()).toEqual(DEMO_FAQ_ITEMS.map((f) => f.question).sort());
    for (const page of DEMO_CONTENT_PAGES) {
      const { titleFr, contentFr } = DEMO_CONTENT_PAGES_FR[page.slug]!;
      expect(titleFr, page.slug).not.toBe(page.title);
      expect(titleFr.length).toBeGreaterThanOrEqual(2);
      expect(contentFr.length).toBeGreaterThan(200);
    }
    for (const item of DEMO_FAQ_ITEMS) {
      const { questionFr, answerFr } = DEMO_FAQ_ITEMS_FR[item.question]!;
      expect(questionFr).not.toBe(item.question);
      expect(questionFr).toMatch(/\?$/);
      expect(answerFr.length).toBeGreaterThan(40);
    }
    // the same HTML outline as the English: as many headings, paragraphs, list items and links
    for (const { name, en, fr } of pairs) {
      for (const tag of ['<h2>', '<p>', '<li>', '<strong>', '<a ']) {
        expect(fr.split(tag).length, `${name} ${tag}`).toBe(en.split(tag).length);
      }
    }
  });

  it('link to the same pages as the English, in the French store', () => {
    for (const { name, en, fr } of pairs) {
      for (const href of hrefs(fr)) expect(href, name).toMatch(/^\/fr\//);
      expect(hrefs(fr), name).toEqual(hrefs(en).map((href) => localizedPath(href, 'fr')));
    }
    expect(hrefs(DEMO_CONTENT_PAGES_FR.sitemap!.contentFr)).toContain('/fr/cart');
  });

  it('keep the English facts: every amount in French money and every number the same', () => {
    const numbers = (text: string) =>
      [...textOf(text).matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.')).sort();
    for (const { name, en, fr } of pairs) {
      for (const [amount] of en.matchAll(/\$\d+\.\d\d/g)) {
        expect(fr, name).toContain(formatMoney(amount.slice(1), 'fr'));
      }
      // the one clock time is written the French way: 1 p.m. is 13 h
      const english = en.replace(/(\d+) p\.m\./g, (_, h: string) => `${Number(h) + 12} h`);
      expect(numbers(fr), name).toEqual(numbers(english));
    }
    expect(DEMO_FAQ_ITEMS_FR['How much does shipping cost and how long does it take?']?.answerFr).toContain(
      '5,99\u00a0$ par commande',
    );
  });

  it('state the default delivery times in French too', () => {
    const said = pairs.flatMap(({ fr }) => [
      ...textOf(fr).matchAll(/(standard|express)[\s\S]{0,80}?(\d+) à (\d+) jours ouvrables/gi),
    ]);
    expect(said.length).toBe(4);
    for (const [, method, from, to] of said) {
      expect(`${method} ${from}-${to}`).toBe(method === 'standard' ? 'standard 3-5' : 'express 1-2');
    }
  });

  it('are written in Quebec typography: typographic apostrophe, no space before ? or !', () => {
    for (const { name, fr } of pairs) {
      const text = textOf(fr);
      expect(text, name).not.toMatch(/'| [?!]/);
      expect(text, name).not.toMatch(/\bemail\b|\be-mail\b/i);
    }
  });
});
