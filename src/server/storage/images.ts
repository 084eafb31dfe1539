// Uploaded pictures are trusted by their content, never by their name: sharp must recognise a raster
// format we accept, and every picture is re-encoded (metadata stripped, EXIF rotation applied) into
// the WebP variants the storefront uses (src/shared/images.ts): `<base>-320/640/1024.webp`.
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { CANONICAL_IMAGE_WIDTH, IMAGE_WIDTHS } from '~/shared/images';
import { MAX_UPLOAD_IMAGE_BYTES } from '~/shared/schemas/admin-products';
import { slugify } from '~/shared/slug';
import { HttpError } from '~/server/lib/http-error';
import type { FileStorage } from './file-storage';

/** A decompression bomb (a tiny file that unpacks to gigapixels) is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const ACCEPTED_IMAGES_TEXT = 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted.';
export const TOO_LARGE_TEXT = `The image is too large. The limit is ${MAX_UPLOAD_IMAGE_BYTES / 1024 / 1024} MB.`;

export const unsupportedImage = (message = ACCEPTED_IMAGES_TEXT) => new HttpError(415, message);
export const imageTooLarge = (message = TOO_LARGE_TEXT) => new HttpError(413, message);

/** Throws 415 unless the bytes are a JPEG, PNG, WebP, GIF or AVIF picture (SVG is refused: it can carry script). */
export async function checkImage(data: Buffer): Promise<{ format: string; width: number; height: number }> {
  if (data.length > MAX_UPLOAD_IMAGE_BYTES) throw imageTooLarge();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  const format = metadata.format as string;
  const accepted =
    format === 'jpeg' ||
    format === 'png' ||
    format === 'webp' ||
    format === 'gif' ||
    (format === 'heif' && metadata.compression === 'av1');
  if (!accepted || !metadata.width || !metadata.height) throw unsupportedImage();
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw imageTooLarge('The image has too many pixels (at most 50 megapixels).');
  }
  return { format: format === 'heif' ? 'avif' : format, width: metadata.width, height: metadata.height };
}

/**
 * Checks, re-encodes and stores a product picture; returns the URL of its 640 px variant. `hint` (an
 * original file name or lot number) only makes the stored names readable.
 */
export async function storeProductImage(storage: FileStorage, data: Buffer, hint = 'image'): Promise<string> {
  await checkImage(data);
  const readable = slugify(hint.replace(/\.[A-Za-z0-9]+$/, '')).slice(0, 40) || 'image';
  const base = `${readable}-${randomBytes(6).toString('hex')}`;
  let variants: { width: number; data: Buffer }[];
  try {
    // Only the first frame of an animation; rotate() applies the EXIF orientation, and without
    // withMetadata() nothing (location, camera) is copied into the output.
    const source = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();
    variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await source
          .clone()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    // Recognised by its header but broken inside (a truncated file, for example).
    throw unsupportedImage('The image file is damaged and could not be read.');
  }
  for (const v of variants) await storage.put(`products/${base}-${v.width}.webp`, v.data, 'image/webp');
  return storage.urlFor(`products/${base}-${CANONICAL_IMAGE_WIDTH}.webp`);
}
