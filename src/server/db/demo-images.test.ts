// Demo pictures are drawn once per machine and then copied from node_modules/.cache: the copy must be
// exactly what sharp draws, and a picture that changes (its SVG or width) must be drawn anew.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDemoPicture } from './demo-images';

const CACHE = path.resolve('node_modules', '.cache', 'liquidation-store', 'demo-pictures');

function svgOf(colour: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="${colour}"/><circle cx="512" cy="512" r="300" fill="#fff"/></svg>`,
  );
}

function cachedFiles(): Set<string> {
  try {
    return new Set(readdirSync(CACHE).filter((name) => name.endsWith('.webp')));
  } catch {
    return new Set();
  }
}

describe('demo pictures', () => {
  it('are drawn by sharp at the width asked, kept, and copied the second time byte for byte', async () => {
    // A colour no other test draws, so the first call cannot find it in the cache.
    const svg = svgOf(`#${randomBytes(3).toString('hex')}`);
    const before = cachedFiles();

    const drawn = await renderDemoPicture(svg, 320);
    const meta = await sharp(drawn).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.hasAlpha).toBe(false);

    const added = [...cachedFiles()].filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    const kept = path.join(CACHE, added[0]!);
    const keptAt = statSync(kept).mtimeMs;

    const again = await renderDemoPicture(svg, 320);
    expect(again.equals(drawn)).toBe(true);
    // Read, not rewritten.
    expect(statSync(kept).mtimeMs).toBe(keptAt);
  });

  it('draws another width or another picture anew', async () => {
    const svg = svgOf(`#${randomBytes(3).toString('hex')}`);
    const small = await renderDemoPicture(svg, 320);
    const large = await renderDemoPicture(svg, 640);
    expect((await sharp(large).metadata()).width).toBe(640);
    expect(large.equals(small)).toBe(false);

    const other = await renderDemoPicture(svgOf(`#${randomBytes(3).toString('hex')}`), 320);
    expect(other.equals(small)).toBe(false);
  });
});
