// Content pages and FAQ items: rich HTML is sanitised here, before it is stored; every change is
// written to the audit log in the same transaction.
import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '~/shared/i18n/locales';
import { pickText } from '~/shared/i18n/localized-text';
import type {
  AdminContentPage,
  AdminFaqItem,
  ContentPage,
  ContentPageSummary,
  FaqItem,
} from '~/shared/schemas/content';
import type { DbOrTx } from '~/server/db/client';
import { contentPages, faqItems } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { conflict, notFound } from '~/server/lib/http-error';
import { sanitizeRichHtml } from '~/server/lib/sanitize-html';
import type { AppContext } from '~/server/context';

type PageRow = typeof contentPages.$inferSelect;
type FaqRow = typeof faqItems.$inferSelect;

export type PageInput = {
  title: string;
  /** Left out or '': no French (the English shows on French pages). */
  titleFr?: string;
  slug: string;
  content: string;
  contentFr?: string;
  isStructured: boolean;
  published: boolean;
};
export type FaqInput = {
  question: string;
  questionFr?: string;
  answer: string;
  answerFr?: string;
  active: boolean;
  sortOrder?: number;
};

export const SLUG_TAKEN = 'A page with this slug already exists.';
export const PAGE_NOT_FOUND = 'Page not found.';
export const FAQ_NOT_FOUND = 'FAQ item not found.';

/** PostgreSQL's unique_violation, whichever driver (and drizzle's wrapping) raised it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A page as stored, both languages (administrators' answers and the audit log). */
const toPage = (row: PageRow): AdminContentPage => ({
  ...row,
  updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
});
const toFaq = (row: FaqRow): AdminFaqItem => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** A page in the reader's language, each text falling back to the English (docs/decisions/0350-french-catalogue-fields.md). */
function toReaderPage({ titleFr, contentFr, ...page }: AdminContentPage, locale: Locale): ContentPage {
  const title = pickText(page.title, titleFr, locale);
  const content = pickText(page.content, contentFr, locale);
  return {
    ...page,
    title: title.text,
    content: content.text,
    languages: { title: title.language, content: content.language },
  };
}

function toReaderFaq({ questionFr, answerFr, ...item }: AdminFaqItem, locale: Locale): FaqItem {
  const question = pickText(item.question, questionFr, locale);
  const answer = pickText(item.answer, answerFr, locale);
  return {
    ...item,
    question: question.text,
    answer: answer.text,
    languages: { question: question.language, answer: answer.language },
  };
}

// ---- Content pages ----

/** Every page for administrators; shoppers (`includeDrafts` false) see only published ones. */
export async function listPages(
  ctx: AppContext,
  { includeDrafts, locale }: { includeDrafts: boolean; locale: Locale },
): Promise<ContentPageSummary[]> {
  const { db } = ctx;
  const rows = await db
    .select({
      id: contentPages.id,
      slug: contentPages.slug,
      title: contentPages.title,
      titleFr: contentPages.titleFr,
      isStructured: contentPages.isStructured,
      published: contentPages.published,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(includeDrafts ? undefined : eq(contentPages.published, true))
    .orderBy(asc(contentPages.title), asc(contentPages.id));
  return rows.map(({ titleFr, ...r }) => {
    const title = pickText(r.title, titleFr, locale);
    return {
      ...r,
      title: title.text,
      languages: { title: title.language },
      updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    };
  });
}

/** A page by slug; an unpublished one only with `includeDrafts` (administrators), else 404 like a missing one. */
export async function getPageBySlug(
  ctx: AppContext,
  slug: string,
  { includeDrafts, locale }: { includeDrafts: boolean; locale: Locale },
): Promise<ContentPage> {
  const { db } = ctx;
  // No page has a NUL in its slug, and PostgreSQL refuses one in text (docs/decisions/0119-bad-input-is-a-4xx.md).
  if (slug.includes('\u0000')) throw notFound(PAGE_NOT_FOUND);
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  if (!row || (!row.published && !includeDrafts)) throw notFound(PAGE_NOT_FOUND);
  return toReaderPage(toPage(row), locale);
}

/** A page as stored, both languages, for the page editor (administrators). */
export async function getAdminPage(ctx: AppContext, id: number): Promise<AdminContentPage> {
  const [row] = await ctx.db.select().from(contentPages).where(eq(contentPages.id, id));
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return toPage(row);
}

async function assertSlugFree(tx: DbOrTx, slug: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(eq(contentPages.slug, slug));
  if (other && other.id !== exceptId) throw conflict(SLUG_TAKEN, { field: 'slug' });
}

/** Runs a write; a slug taken by a concurrent write (unique index) is the same 409 as one found first. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, { field: 'slug' });
    throw error;
  }
}

/** The HTML of both languages sanitised. */
const pageColumns = (input: PageInput) => ({
  ...input,
  titleFr: input.titleFr ?? '',
  content: sanitizeRichHtml(input.content),
  contentFr: sanitizeRichHtml(input.contentFr ?? ''),
});

export function createPage(ctx: AppContext, input: PageInput, userId: number): Promise<AdminContentPage> {
  const { db } = ctx;
  return slugSafe(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, input.slug);
      const [row] = await tx
        .insert(contentPages)
        .values({ ...pageColumns(input), updatedAt: new Date() })
        .returning();
      const page = toPage(row!);
      await recordAudit(tx, {
        userId,
        action: 'create',
        entity: 'content_page',
        entityId: page.id,
        after: page,
      });
      return page;
    }),
  );
}

export function updatePage(
  ctx: AppContext,
  id: number,
  input: PageInput,
  userId: number,
): Promise<AdminContentPage> {
  const { db } = ctx;
  return slugSafe(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(contentPages).where(eq(contentPages.id, id)).for('update');
      if (!before) throw notFound(PAGE_NOT_FOUND);
      await assertSlugFree(tx, input.slug, id);
      const [row] = await tx
        .update(contentPages)
        .set({ ...pageColumns(input), updatedAt: new Date() })
        .where(eq(contentPages.id, id))
        .returning();
      const page = toPage(row!);
      await recordAudit(tx, {
        userId,
        action: 'update',
        entity: 'content_page',
        entityId: id,
        before: toPage(before),
        after: page,
      });
      return page;
    }),
  );
}

export function deletePage(ctx: AppContext, id: number, userId: number): Promise<void> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(contentPages).where(eq(contentPages.id, id)).returning();
    if (!before) throw notFound(PAGE_NOT_FOUND);
    await recordAudit(tx, {
      userId,
      action: 'delete',
      entity: 'content_page',
      entityId: id,
      before: toPage(before),
    });
  });
}

// ---- FAQ items ----

const faqOrder = [asc(faqItems.sortOrder), asc(faqItems.id)];

/** Every item as stored, both languages, inactive ones too: the FAQ editor's list. */
export async function listAdminFaqItems(ctx: AppContext): Promise<AdminFaqItem[]> {
  const rows = await ctx.db
    .select()
    .from(faqItems)
    .orderBy(...faqOrder);
  return rows.map(toFaq);
}

/** The active items in the reader's language. */
export async function listFaqItems(ctx: AppContext, locale: Locale): Promise<FaqItem[]> {
  const rows = await ctx.db
    .select()
    .from(faqItems)
    .where(eq(faqItems.active, true))
    .orderBy(...faqOrder);
  return rows.map((row) => toReaderFaq(toFaq(row), locale));
}

export function createFaqItem(ctx: AppContext, input: FaqInput, userId: number): Promise<AdminFaqItem> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(faqItems)
      .values({
        question: input.question,
        questionFr: input.questionFr ?? '',
        answer: sanitizeRichHtml(input.answer),
        answerFr: sanitizeRichHtml(input.answerFr ?? ''),
        active: input.active,
        // A new item goes last unless a place is given (docs/decisions/0212-new-faq-items-go-last.md).
        sortOrder:
          input.sortOrder ??
          sql`(select least(coalesce(max(${faqItems.sortOrder}), 0) + 1, 2147483647) from ${faqItems})`,
        updatedAt: new Date(),
      })
      .returning();
    const item = toFaq(row!);
    await recordAudit(tx, { userId, action: 'create', entity: 'faq_item', entityId: item.id, after: item });
    return item;
  });
}

export function updateFaqItem(
  ctx: AppContext,
  id: number,
  input: FaqInput,
  userId: number,
): Promise<AdminFaqItem> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqItems).where(eq(faqItems.id, id)).for('update');
    if (!before) throw notFound(FAQ_NOT_FOUND);
    const [row] = await tx
      .update(faqItems)
      .set({
        question: input.question,
        questionFr: input.questionFr ?? '',
        answer: sanitizeRichHtml(input.answer),
        answerFr: sanitizeRichHtml(input.answerFr ?? ''),
        active: input.active,
        sortOrder: input.sortOrder ?? before.sortOrder,
        updatedAt: new Date(),
      })
      .where(eq(faqItems.id, id))
      .returning();
    const item = toFaq(row!);
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'faq_item',
      entityId: id,
      before: toFaq(before),
      after: item,
    });
    return item;
  });
}

export function deleteFaqItem(ctx: AppContext, id: number, userId: number): Promise<void> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(faqItems).where(eq(faqItems.id, id)).returning();
    if (!before) throw notFound(FAQ_NOT_FOUND);
    await recordAudit(tx, {
      userId,
      action: 'delete',
      entity: 'faq_item',
      entityId: id,
      before: toFaq(before),
    });
  });
}

/**
 * Moves an item to `sortOrder`. The admin screen sends the neighbour's sortOrder minus 1 to move up and
 * plus 1 to move down (spec section 4); with equal sortOrders (every new item has 0) that value alone
 * is ambiguous, so a value that matches the neighbour's is taken as "one place past that neighbour".
 * Then the whole list is renumbered 1..n, keeping every sortOrder distinct
 * (docs/decisions/0063-faq-reorder.md).
 */
export function moveFaqItem(
  ctx: AppContext,
  id: number,
  sortOrder: number,
  userId: number,
): Promise<AdminFaqItem> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const all = await tx
      .select()
      .from(faqItems)
      .orderBy(...faqOrder)
      .for('update');
    const item = all.find((i) => i.id === id);
    if (!item) throw notFound(FAQ_NOT_FOUND);
    if (sortOrder === item.sortOrder) return toFaq(item);
    const movingUp = sortOrder < item.sortOrder;
    const at = all.indexOf(item);
    const others = all.filter((i) => i.id !== id);
    let index: number;
    if (movingUp && all[at - 1]?.sortOrder === sortOrder + 1) {
      // The admin screen's "move up": one place, whatever ties the list has.
      index = at - 1;
    } else if (!movingUp && all[at + 1]?.sortOrder === sortOrder - 1) {
      index = at + 1;
    } else {
      // Any other value: after items sharing it when moving up, before them when moving down.
      index = others.filter((o) => o.sortOrder < sortOrder || (movingUp && o.sortOrder === sortOrder)).length;
    }
    const ordered = [...others.slice(0, index), item, ...others.slice(index)];
    const now = new Date();
    let moved: FaqRow = item;
    for (const [i, row] of ordered.entries()) {
      const position = i + 1;
      if (row.id === id) {
        const [updated] = await tx
          .update(faqItems)
          .set({ sortOrder: position, updatedAt: now })
          .where(eq(faqItems.id, id))
          .returning();
        moved = updated!;
      } else if (row.sortOrder !== position) {
        await tx.update(faqItems).set({ sortOrder: position }).where(eq(faqItems.id, row.id));
      }
    }
    await recordAudit(tx, {
      userId,
      action: 'reorder',
      entity: 'faq_item',
      entityId: id,
      before: { sortOrder: item.sortOrder, position: all.indexOf(item) + 1 },
      after: { sortOrder: moved.sortOrder, requestedSortOrder: sortOrder },
    });
    return toFaq(moved);
  });
}
