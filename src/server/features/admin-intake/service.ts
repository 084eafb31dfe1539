// Finding a lot from a scanned or typed code, and drawing its label
// (docs/decisions/0330-phone-intake-and-lot-labels.md), and photos taken into its pictures (0331).
import bwipjs from 'bwip-js/node';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { products } from '~/server/db/schema';
import { imagesOf, replaceProductImages } from '~/server/features/admin-products';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import { isZeroPrice, ZERO_PRICE_ON_SALE } from '~/shared/schemas/admin-products';
import { storeProductImage } from '~/server/storage/images';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { formatMoney } from '~/shared/money';
import { MAX_IMAGES_PER_LOT } from '~/shared/schemas/admin-products';
import type { IntakeMatch, IntakeUpdate } from '~/shared/schemas/admin-intake';
import { updateProducts } from '~/server/lib/product-writes';

/** At most this many matches: a UPC shared by more lots than this is better searched in the products list. */
const MAX_MATCHES = 20;

/**
 * The lots a code names: the lot number without regard to case (lot numbers are unique that way,
 * docs/decisions/0242-lot-numbers-ignore-case.md) or the UPC as printed. Several lots may share a UPC,
 * so the answer is a list: drafts first (intake is mostly about drafts), then the newest.
 * Archived products are left out: they are never edited.
 */
const MATCH_COLUMNS = {
  id: products.id,
  lotNumber: products.lotNumber,
  name: products.name,
  upc: products.upc,
  active: products.active,
  condition: products.condition,
  conditionNotes: products.conditionNotes,
  price: products.price,
  shelfLocation: products.shelfLocation,
  imageUrl: products.imageUrl,
  version: products.version,
};

type MatchRow = { [K in keyof typeof MATCH_COLUMNS]: (typeof products.$inferSelect)[K] };

/** Matches as the phone reads them: `draft` rather than `active`, with every picture in order. */
async function toMatches(db: DbOrTx, rows: MatchRow[]): Promise<IntakeMatch[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ active, ...row }) => ({
    ...row,
    draft: !active,
    // A product from before the pictures table has its one picture on the product only.
    images: images.get(row.id) ?? (row.imageUrl ? [row.imageUrl] : []),
  }));
}

export async function lookupLots(ctx: AppContext, code: string): Promise<IntakeMatch[]> {
  const rows = await ctx.db
    .select(MATCH_COLUMNS)
    .from(products)
    .where(
      and(
        isNull(products.archivedAt),
        or(sql`lower(${products.lotNumber}) = lower(${code})`, eq(products.upc, code)),
      ),
    )
    .orderBy(asc(products.active), desc(products.id))
    .limit(MAX_MATCHES);
  return toMatches(ctx.db, rows);
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The label's size: a common thermal label, 57 x 32 mm (2.25" x 1.25"). */
export const LABEL_WIDTH_MM = 57;
export const LABEL_HEIGHT_MM = 32;

/** The most characters of a lot's title on its label: one line of 57 mm that reads at arm's length. */
export const LABEL_TITLE_MAX = 34;

/**
 * The lot's title as its label shows it: whitespace folded, and a title longer than the line cut at the
 * last whole word that fits (a word longer than the line is cut), with an ellipsis: staff match the
 * label to the item at a glance; the barcode, not the title, identifies the lot.
 */
export function labelTitle(name: string): string {
  const text = name.replace(/\s+/g, ' ').trim();
  if (text.length <= LABEL_TITLE_MAX) return text;
  const room = text.slice(0, LABEL_TITLE_MAX - 1);
  // The room ends at a word's end when the next character is a space.
  const space = text[room.length] === ' ' ? room.length : room.lastIndexOf(' ');
  const cut = space >= LABEL_TITLE_MAX / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * A lot label as SVG: the lot's title (one line, shortened), the lot number as a Code 128 barcode (with
 * the number printed under it), the price and the condition in words. Drawn in tenths of a millimetre
 * so it prints at its true size.
 */
export async function lotLabelSvg(ctx: AppContext, id: number): Promise<string> {
  const [row] = await ctx.db
    .select({
      lotNumber: products.lotNumber,
      name: products.name,
      price: products.price,
      condition: products.condition,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) throw notFound('No such product.');
  if (!row.lotNumber) throw notFound('This product has no lot number to print.');
  const barcode = bwipjs.toSVG({
    bcid: 'code128',
    text: row.lotNumber,
    scale: 2,
    height: 12,
    includetext: true,
    textxalign: 'center',
  });
  const w = LABEL_WIDTH_MM * 10;
  const h = LABEL_HEIGHT_MM * 10;
  const inner = barcode.replace(
    '<svg ',
    `<svg x="20" y="52" width="${w - 40}" height="168" preserveAspectRatio="xMidYMid meet" `,
  );
  const title = labelTitle(row.name);
  // A long title is fitted to the line whatever the printer's font: never past the label's edge.
  const fit = title.length > 24 ? ` textLength="${w - 40}" lengthAdjust="spacingAndGlyphs"` : '';
  const price = escapeXml(formatMoney(row.price));
  const condition = escapeXml(PRODUCT_CONDITION_LABELS[row.condition]);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH_MM}mm" height="${LABEL_HEIGHT_MM}mm" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
    `<text x="20" y="42" font-family="sans-serif" font-size="30"${fit}>${escapeXml(title)}</text>`,
    inner,
    `<text x="20" y="270" font-family="sans-serif" font-size="50" font-weight="bold">${price}</text>`,
    `<text x="20" y="305" font-family="sans-serif" font-size="28">${condition}</text>`,
    '</svg>',
  ].join('');
}

export const LOT_CHANGED =
  'Someone changed this lot meanwhile. Its current details are shown; make your changes again.';

/**
 * Writes what the grader set: condition, notes, price and shelf location, based on the version the
 * lookup answered (docs/decisions/0210-product-edits-and-stock-history.md). The price-history trigger
 * records a price change like any staff edit; the audit log keeps the before and after.
 */
export async function updateIntake(
  ctx: AppContext,
  id: number,
  data: IntakeUpdate,
  userId: number,
): Promise<IntakeMatch> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(MATCH_COLUMNS)
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('update');
    if (!before) throw notFound('No such product.');
    if (before.version !== data.version)
      throw conflict(LOT_CHANGED, { product: (await toMatches(tx, [before]))[0] });
    // A lot on sale cannot be priced $0.00 (a draft can: its price is not set yet).
    if (before.active && isZeroPrice(data.price)) throw badRequest(ZERO_PRICE_ON_SALE);
    const { version: _version, ...fields } = data;
    await updateProducts(tx, id, fields, { bumpVersion: true });
    const [after] = await tx.select(MATCH_COLUMNS).from(products).where(eq(products.id, id));
    await recordAudit(tx, { userId, action: 'update', entity: 'product', entityId: id, before, after });
    return (await toMatches(tx, [after!]))[0]!;
  });
}

export const TOO_MANY_PICTURES = `A lot has at most ${MAX_IMAGES_PER_LOT} pictures. Remove one in the product form before adding another.`;

/** The lot's pictures now, locked for the transaction when `lock` (so two uploads at once both count). */
async function lotForPictures(db: DbOrTx, id: number, lock: boolean) {
  const query = db
    .select(MATCH_COLUMNS)
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such product.');
  const [match] = await toMatches(db, [row]);
  if (match!.images.length >= MAX_IMAGES_PER_LOT) throw conflict(TOO_MANY_PICTURES);
  return match!;
}

/**
 * A photo taken on the phone, added after the lot's pictures (the first one becomes the main picture).
 * It goes through the same checks and re-encoding as every product picture (src/server/storage/images.ts),
 * before anything is written: a file that is not a picture changes nothing. The version is bumped so a
 * product form opened before cannot save its older list of pictures over this one (decision 0210).
 */
export async function addIntakePicture(
  ctx: AppContext,
  id: number,
  data: Buffer,
  userId: number,
): Promise<IntakeMatch> {
  const found = await lotForPictures(ctx.db, id, false);
  const url = await storeProductImage(ctx.storage, data, found.lotNumber ?? found.name);
  return ctx.db.transaction(async (tx) => {
    const before = await lotForPictures(tx, id, true);
    const images = [...before.images, url];
    await replaceProductImages(tx, id, images);
    await updateProducts(tx, id, { imageUrl: images[0]! }, { bumpVersion: true });
    const [after] = await tx.select(MATCH_COLUMNS).from(products).where(eq(products.id, id));
    await recordAudit(tx, {
      userId,
      action: 'add-picture',
      entity: 'product',
      entityId: id,
      before: { images: before.images },
      after: { images },
    });
    await endDemoMode(tx);
    return (await toMatches(tx, [after!]))[0]!;
  });
}
