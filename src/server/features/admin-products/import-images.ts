// Pictures named by lot number (`<lot number>_<n>`): staged to disk as they arrive, then attached to
// their products (docs/decisions/0053-csv-import.md).
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { lotImageName, MAX_IMAGES_PER_LOT, MAX_UPLOAD_IMAGE_BYTES } from '~/shared/schemas/admin-products';
import type { AppContext } from '~/server/context';
import type { Db } from '~/server/db/client';
import { productImages, products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { HttpError } from '~/server/lib/http-error';
import { storeProductImage } from '~/server/storage/images';
import type { ImageMatchResult, Report } from './import-report';
import { lotNumberIn, withoutBitmapScans } from './import-write';
import { updateProducts } from '~/server/lib/product-writes';

export type StagedImage = { fileName: string; file: string; size: number; tooLarge: boolean };

/** Pictures are written to a temporary folder as they arrive, so the request never sits in memory. */
export class ImageStaging {
  private dir: string | null = null;
  readonly images: StagedImage[] = [];

  async add(fileName: string, stream: Readable): Promise<StagedImage> {
    this.dir ??= await mkdtemp(path.join(os.tmpdir(), 'store-import-'));
    const file = path.join(this.dir, `${this.images.length}.upload`);
    let size = 0;
    // Past the limit the bytes are counted and dropped: the picture is refused anyway.
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, size > MAX_UPLOAD_IMAGE_BYTES ? undefined : chunk);
      },
    });
    await pipeline(stream, limit, createWriteStream(file));
    const truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
    const image = { fileName, file, size, tooLarge: truncated || size > MAX_UPLOAD_IMAGE_BYTES };
    this.images.push(image);
    return image;
  }

  async cleanup(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

type LotProduct = { id: number; lotNumber: string | null; imageUrl: string | null };

/** Products by lower-cased lot number: lot numbers are unique without regard to case (decision 0242). */
async function productsForLots(db: Db, lotNumbers: string[]): Promise<Map<string, LotProduct>> {
  const byKey = new Map<string, LotProduct>();
  const written = [...new Set(lotNumbers.map((lot) => lot.toLowerCase()))];
  const columns = { id: products.id, lotNumber: products.lotNumber, imageUrl: products.imageUrl };
  await db.transaction(async (tx) => {
    await withoutBitmapScans(tx);
    for (let i = 0; i < written.length; i += 1000) {
      const found = await tx
        .select(columns)
        .from(products)
        .where(and(lotNumberIn(written.slice(i, i + 1000)), isNull(products.archivedAt)));
      for (const f of found) byKey.set(f.lotNumber!.toLowerCase(), f);
    }
  });
  return byKey;
}

/**
 * Attaches pictures to products by lot number: `<lot>_<n>` goes to position n (1 is the main image),
 * replacing the picture there or appending after the last one; up to 10 per product.
 */
export async function attachLotImages(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  staged: StagedImage[],
  options: {
    userId: number;
    report: Report;
    /** Called as pictures are handled (matched, refused or unmatched), with how many so far. */
    onProgress?: (handled: number) => void;
  },
): Promise<ImageMatchResult> {
  const { db, storage } = ctx;
  const { report, onProgress } = options;
  const result: ImageMatchResult = { total: staged.length, matched: 0, unmatched: 0, errors: 0 };
  const byLot = new Map<string, { lotNumber: string; position: number; image: StagedImage }[]>();
  for (const image of staged) {
    const parsed = lotImageName(image.fileName);
    if (!parsed) {
      result.unmatched++;
      report.add(
        `Image ${image.fileName}: the name must be the lot number with a suffix _1 to _${MAX_IMAGES_PER_LOT}, such as LOT-123_1.jpg`,
      );
      continue;
    }
    const key = parsed.lotNumber.toLowerCase();
    const list = byLot.get(key) ?? [];
    list.push({ ...parsed, image });
    byLot.set(key, list);
  }

  const byKey = await productsForLots(
    db,
    [...byLot.values()].flatMap((entries) => entries.map((e) => e.lotNumber)),
  );
  // Reported at the start of each lot's turn and at the end: what is counted then is done (pictures
  // with a bad name, the earlier lots).
  let handled = result.unmatched;
  for (const [key, entries] of byLot) {
    onProgress?.(handled);
    handled += entries.length;
    const product = byKey.get(key);
    if (!product) {
      result.unmatched += entries.length;
      for (const e of entries)
        report.add(`Image ${e.image.fileName}: no product with lot number "${e.lotNumber}"`);
      continue;
    }
    entries.sort((a, b) => a.position - b.position);
    const stored: { position: number; url: string }[] = [];
    for (const entry of entries) {
      const { image } = entry;
      if (stored.some((s) => s.position === entry.position)) {
        result.errors++;
        report.add(
          `Image ${image.fileName}: another picture already takes position ${entry.position} of ${entry.lotNumber}`,
        );
        continue;
      }
      if (image.tooLarge) {
        result.errors++;
        report.add(`Image ${image.fileName}: larger than ${MAX_UPLOAD_IMAGE_BYTES / 1024 / 1024} MB`);
        continue;
      }
      try {
        const url = await storeProductImage(
          storage,
          await readFile(image.file),
          `${entry.lotNumber}-${entry.position}`,
        );
        stored.push({ position: entry.position, url });
      } catch (error) {
        result.errors++;
        report.add(
          `Image ${image.fileName}: ${error instanceof HttpError ? error.message : 'could not be processed'}`,
        );
      }
    }
    if (stored.length === 0) continue;
    await db.transaction(async (tx) => {
      const current = await tx
        .select({ imageUrl: productImages.imageUrl })
        .from(productImages)
        .where(eq(productImages.productId, product.id))
        .orderBy(productImages.sortOrder, productImages.id);
      const before =
        current.length > 0 ? current.map((c) => c.imageUrl) : product.imageUrl ? [product.imageUrl] : [];
      const after = [...before];
      for (const s of stored) {
        if (s.position - 1 < after.length) after[s.position - 1] = s.url;
        else after.push(s.url);
      }
      const images = after.slice(0, MAX_IMAGES_PER_LOT);
      await tx.delete(productImages).where(eq(productImages.productId, product.id));
      await tx.insert(productImages).values(
        images.map((imageUrl, i) => ({
          productId: product.id,
          imageUrl,
          isPrimary: i === 0,
          sortOrder: i,
        })),
      );
      await updateProducts(tx, product.id, { imageUrl: images[0] ?? null });
      await recordAudit(tx, {
        userId: options.userId,
        action: 'import-images',
        entity: 'product',
        entityId: product.id,
        before: { images: before },
        after: { images },
      });
      await endDemoMode(tx);
    });
    result.matched += stored.length;
  }
  onProgress?.(handled);
  return result;
}
