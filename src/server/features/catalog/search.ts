// How a shopper's search text becomes SQL (docs/decisions/0011-how-search-ranks.md).
//
// Pass 1, full text: every word of the query must match a word of the name, lot number or description
// as a prefix (stemmed: 'moniter' stems to 'monit', which prefixes 'monitor'), or the lot number must
// contain the query. Ranked: an exact lot number, then a lot number starting with the query, then
// ts_rank of the exact words plus ts_rank of the prefixes (names and lot numbers weigh more than
// descriptions). Both conditions use GIN indexes (products_search_idx, products_lot_trgm_idx).
// Pass 2, only when pass 1 finds nothing: each word of the query is replaced by the most similar word
// (pg_trgm similarity) of the product names' vocabulary (product_search_words, kept by a trigger, a few
// thousand rows with a trigram index), and pass 1 runs again with the corrected words: 'hedphones'
// becomes 'headphones', 'keybaord' 'keyboard'. Looking typos up in the vocabulary rather than in every
// name keeps the trigram work small however large the catalogue grows.
// French queries (docs/decisions/0351-french-search.md) do the same against products.search_vector_fr:
// the words lose their accents ('télé' and 'tele' are one query) and are stemmed as French; the vector
// holds the French and the English names, so a product without a French name is found by its English one.
import { type SQL, sql } from 'drizzle-orm';
import type { Locale } from '~/shared/i18n/locales';
import { foldAccents } from '~/shared/i18n/localized-text';
import type { DbOrTx } from '~/server/db/client';
import { products } from '~/server/db/schema';

/** More words than this are ignored: nobody types them, and each one costs an index lookup. */
const MAX_WORDS = 8;

export type SearchPlan = {
  /** Which vector and text search configuration the words go through. */
  language: Locale;
  /** The query as typed, trimmed (without accents in French). */
  text: string;
  /** Its words, lower case. */
  words: string[];
  /** to_tsquery text: each word as a prefix, all required; null when the query has no word. */
  prefixQuery: string | null;
  /** ILIKE pattern for lot numbers containing the query; null unless it looks like a lot number. */
  lotPattern: string | null;
  /** ILIKE pattern for lot numbers starting with the query. */
  lotPrefixPattern: string | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function planSearch(text: string, language: Locale = 'en'): SearchPlan {
  const trimmed = text.trim();
  const words = (
    (language === 'fr' ? foldAccents(trimmed.normalize('NFC')) : trimmed.toLowerCase())
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
  // Only letters and digits reach to_tsquery, so no input can be read as tsquery syntax.
  const prefixQuery = words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
  // Lot numbers carry digits; three characters is the shortest a trigram index can look up.
  const lotLike = /\d/.test(trimmed) && trimmed.length >= 3;
  return {
    language,
    text: language === 'fr' ? foldAccents(trimmed.normalize('NFC')) : trimmed,
    words,
    prefixQuery,
    lotPattern: lotLike ? `%${escapeLike(trimmed)}%` : null,
    lotPrefixPattern: lotLike ? `${escapeLike(trimmed)}%` : null,
  };
}

/** The plan's search vector and text search configuration. */
function vectorOf(plan: SearchPlan): { vector: SQL; config: SQL } {
  return plan.language === 'fr'
    ? { vector: sql`${products.searchVectorFr}`, config: sql.raw(`'french'`) }
    : { vector: sql`${products.searchVector}`, config: sql.raw(`'english'`) };
}

/** Pass 1: does a product match the words (or the lot number)? */
export function fullTextMatch(plan: SearchPlan): SQL | null {
  const parts: SQL[] = [];
  const { vector, config } = vectorOf(plan);
  if (plan.prefixQuery) parts.push(sql`${vector} @@ to_tsquery(${config}, ${plan.prefixQuery})`);
  if (plan.lotPattern) parts.push(sql`${products.lotNumber} ilike ${plan.lotPattern}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** Pass 1 relevance, highest first. */
export function fullTextRank(plan: SearchPlan): SQL<number> {
  const terms: SQL[] = [];
  const { vector, config } = vectorOf(plan);
  if (plan.lotPattern) {
    terms.push(sql`(case when lower(${products.lotNumber}) = lower(${plan.text}) then 100 else 0 end)`);
    terms.push(sql`(case when ${products.lotNumber} ilike ${plan.lotPrefixPattern} then 10 else 0 end)`);
  }
  if (plan.prefixQuery) {
    // Whole words count twice, so 'lamp' ranks a lamp above a lampshade.
    terms.push(sql`ts_rank(${vector}, websearch_to_tsquery(${config}, ${plan.text})) * 2`);
    terms.push(sql`ts_rank(${vector}, to_tsquery(${config}, ${plan.prefixQuery}))`);
  }
  return sql<number>`(${terms.length ? sql.join(terms, sql` + `) : sql`0`})`;
}

/** Shorter words are left as typed: three letters make too few trigrams to judge a typo by. */
const MIN_CORRECTED_LENGTH = 4;

/**
 * Pass 2: the plan with each word replaced by the most similar vocabulary word (pg_trgm similarity at
 * its default threshold, 0.3), or null when no word changed, so there is nothing new to look for.
 */
export async function correctedPlan(db: DbOrTx, plan: SearchPlan): Promise<SearchPlan | null> {
  const candidates = plan.words.filter((w) => w.length >= MIN_CORRECTED_LENGTH && !/^\d+$/.test(w));
  if (candidates.length === 0) return null;
  const result = await db.execute(sql`
    select t.word, (
      select v.word from product_search_words v
      where v.word % t.word
      order by similarity(v.word, t.word) desc, v.word
      limit 1
    ) as fix
    from unnest(array[${sql.join(
      candidates.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as t(word)`);
  const fixes = new Map<string, string>();
  for (const row of (result as unknown as { rows: { word: string; fix: string | null }[] }).rows) {
    if (row.fix && row.fix !== row.word) fixes.set(row.word, row.fix);
  }
  if (fixes.size === 0) return null;
  const words = plan.words.map((w) => fixes.get(w) ?? w);
  return {
    language: plan.language,
    text: words.join(' '),
    words,
    prefixQuery: words.map((w) => `${w}:*`).join(' & '),
    // Lot numbers are matched as typed in pass 1; a corrected query is about names.
    lotPattern: null,
    lotPrefixPattern: null,
  };
}
