// Placeholder pictures for the demo catalogue, drawn as SVG and rendered locally with sharp, so a
// fresh installation looks like a store without downloading anything. Files follow the same layout as
// uploaded images, in the same storage: `<folder>/<basename>-<width>.webp`, URL of the 640 px variant.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FileStorage } from '~/server/storage/file-storage';

export type DemoIcon = 'monitor' | 'shirt' | 'pot' | 'blocks' | 'ball' | 'book' | 'bottle' | 'car';

export type DemoImage = {
  folder: 'products' | 'categories';
  basename: string;
  title: string;
  colour: string;
  icon: DemoIcon;
  /** 0 is the main picture; gallery pictures get another layout so thumbnails differ. */
  view: number;
};

const DEMO_IMAGE_WIDTHS = [320, 640, 1024] as const;
const SOURCE_SIZE = 1024;

/** The storage key of a demo picture's 640 px variant, the one whose URL is stored. */
export function demoImageKey(folder: DemoImage['folder'], basename: string): string {
  return `${folder}/${basename}-640.webp`;
}

// White line drawings in a 400 x 400 box.
const ICONS: Record<DemoIcon, string> = {
  monitor:
    '<rect x="20" y="50" width="360" height="230" rx="18"/><rect x="45" y="75" width="310" height="180" rx="6" fill="currentColor" fill-opacity="0.25"/><path d="M200 280v60M130 350h140"/>',
  shirt:
    '<path d="M140 50l-110 60 40 90 40-20v190h180V180l40 20 40-90-110-60c-10 40-40 60-60 60s-50-20-60-60z"/>',
  pot: '<path d="M60 160h280v150a40 40 0 0 1-40 40H100a40 40 0 0 1-40-40z"/><path d="M40 160h320M20 200h40M340 200h40M170 120h60"/><path d="M150 40c-20 20 20 30 0 55M200 30c-20 20 20 30 0 55M250 40c-20 20 20 30 0 55"/>',
  blocks:
    '<rect x="40" y="210" width="150" height="150" rx="10"/><rect x="210" y="210" width="150" height="150" rx="10"/><rect x="125" y="50" width="150" height="150" rx="10"/><circle cx="165" cy="100" r="14"/><circle cx="235" cy="100" r="14"/>',
  ball: '<circle cx="200" cy="200" r="160"/><path d="M40 200h320M200 40v320M85 85c60 60 60 170 0 230M315 85c-60 60-60 170 0 230"/>',
  book: '<path d="M200 90c-50-40-120-40-170-20v270c50-20 120-20 170 20 50-40 120-40 170-20V70c-50-20-120-20-170 20z"/><path d="M200 90v270M70 130c35-10 70-8 100 5M70 190c35-10 70-8 100 5M230 135c30-13 65-15 100-5M230 195c30-13 65-15 100-5"/>',
  bottle:
    '<path d="M150 150h100v30c40 20 60 50 60 90v90a20 20 0 0 1-20 20H110a20 20 0 0 1-20-20v-90c0-40 20-70 60-90z"/><path d="M170 150V90h60v60M200 90V50h70"/><rect x="130" y="250" width="140" height="70" rx="8"/>',
  car: '<path d="M30 260v-50l40-20 50-70h160l50 70 40 20v50z"/><path d="M135 135h50v55h-90zM215 135h50l40 55h-90z"/><circle cx="110" cy="270" r="40"/><circle cx="290" cy="270" r="40"/>',
};

// Main picture centred; gallery pictures zoomed in or set aside, like other angles of the item.
const ICON_PLACEMENTS = [
  'translate(312 170)',
  'translate(272 130) scale(1.2)',
  'translate(412 210) scale(0.9)',
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy word wrap; the last line gets an ellipsis when the text does not fit. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
  return kept;
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const channels = [16, 8, 0].map((shift) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * Math.abs(amount));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Small deterministic hash so each picture gets its own but stable decoration. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function demoSvg(image: DemoImage): string {
  const category = image.folder === 'categories';
  const seed = hash(image.basename);
  const base = image.view === 0 ? image.colour : shade(image.colour, -0.25);
  const bubbles = Array.from({ length: 5 }, (_, i) => {
    const n = (seed >>> (i * 5)) & 0x3ff;
    const cx = (n * 7 + i * 211) % SOURCE_SIZE;
    const cy = (n * 13 + i * 157) % SOURCE_SIZE;
    const r = 60 + ((n >> 2) % 140);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.07"/>`;
  }).join('');
  // Category pictures carry no title: the tile prints the name under the picture, once.
  const fontSize = 60;
  const lines = category ? [] : wrap(image.title, 22, 3);
  const lineHeight = fontSize * 1.2;
  const textTop = 870 - (lines.length - 1) * lineHeight;
  const text = lines
    .map((l, i) => `<tspan x="512" y="${textTop + i * lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  const iconTransform = category
    ? 'translate(312 312)'
    : ICON_PLACEMENTS[image.view % ICON_PLACEMENTS.length];
  const badge =
    image.view === 0
      ? ''
      : `<rect x="64" y="64" width="220" height="72" rx="36" fill="#fff" fill-opacity="0.9"/><text x="174" y="112" text-anchor="middle" font-size="36" fill="${image.colour}">View ${image.view + 1}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOURCE_SIZE}" height="${SOURCE_SIZE}" viewBox="0 0 ${SOURCE_SIZE} ${SOURCE_SIZE}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.15)}"/><stop offset="1" stop-color="${shade(base, -0.2)}"/></linearGradient></defs>
<rect width="${SOURCE_SIZE}" height="${SOURCE_SIZE}" fill="url(#bg)"/>${bubbles}
<g transform="${iconTransform}" color="#fff" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">${ICONS[image.icon]}</g>
${badge}${text ? `<text text-anchor="middle" font-size="${fontSize}" fill="#fff">${text}</text>` : ''}
</svg>`;
}

const WEBP = { quality: 80, effort: 2 } as const;

/**
 * Rendered pictures are kept by content (the SVG, the width, the options and sharp's version) in
 * node_modules/.cache, so a second fresh data folder on the same machine (a test's store, a reset demo)
 * copies them instead of drawing them again: the same bytes sharp would make, about 10 s of CPU saved
 * each time. The cache is best effort: a folder that cannot be read or written only means drawing.
 */
const PICTURE_CACHE = path.resolve('node_modules', '.cache', 'liquidation-store', 'demo-pictures');

function cacheKey(svg: Buffer, width: number): string {
  return createHash('sha256')
    .update(`${sharp.versions.sharp}:${sharp.versions.vips}:${width}:${JSON.stringify(WEBP)}:`)
    .update(svg)
    .digest('hex');
}

function readCached(key: string): Buffer | undefined {
  try {
    return readFileSync(path.join(PICTURE_CACHE, `${key}.webp`));
  } catch {
    return undefined;
  }
}

function writeCached(key: string, data: Buffer): void {
  try {
    mkdirSync(PICTURE_CACHE, { recursive: true });
    // Written aside and renamed, so a store starting at the same time never reads half a picture.
    const temporary = path.join(PICTURE_CACHE, `${key}.${process.pid}.tmp`);
    writeFileSync(temporary, data);
    renameSync(temporary, path.join(PICTURE_CACHE, `${key}.webp`));
  } catch {
    // No cache here (a read-only installation): the picture was drawn, which is all that matters.
  }
}

/** One picture at one width: from the cache, or drawn with sharp and kept. */
export async function renderDemoPicture(svg: Buffer, width: number): Promise<Buffer> {
  const key = cacheKey(svg, width);
  const cached = readCached(key);
  if (cached) return cached;
  const data = await sharp(svg, { density: (72 * width) / SOURCE_SIZE })
    .removeAlpha()
    .webp(WEBP)
    .toBuffer();
  writeCached(key, data);
  return data;
}

async function writeDemoImage(storage: FileStorage, image: DemoImage): Promise<void> {
  const svg = Buffer.from(demoSvg(image));
  // Drawing the SVG at each size costs less than drawing it once and resampling the large bitmap.
  await Promise.all(
    DEMO_IMAGE_WIDTHS.map(async (width) => {
      const data = await renderDemoPicture(svg, width);
      await storage.put(`${image.folder}/${image.basename}-${width}.webp`, data, 'image/webp');
    }),
  );
}

/** Renders every picture, a few at a time so a small machine stays responsive while it starts. */
export async function writeDemoImages(
  storage: FileStorage,
  images: DemoImage[],
  concurrency = 2,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      await writeDemoImage(storage, image);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, images.length) }, worker));
}
