import { describe, expect, it } from 'vitest';
import { importBar, importDone } from './import-progress';

const line = (bytes: number, images = 0, imagesTotal = 0) => ({
  bytes,
  totalBytes: 200,
  rows: 0,
  images,
  imagesTotal,
});

describe('the import progress bar', () => {
  it('weighs the upload 70% and the pictures 30% when there are pictures', () => {
    expect(importDone(line(100), false)).toBe(0.5);
    // 0.7 x 100/200 + 0.3 x 1/4 = 0.35 + 0.075
    expect(importDone(line(100, 1, 4), true)).toBeCloseTo(0.425);
  });

  it('moves 10 to 40 with the upload, then fills the rest up to 95 from where the server starts, never back', () => {
    const shown: number[] = [];
    const bar = importBar(false, (v) => shown.push(v));
    bar.upload(0.5); // 10 + 0.5 x 30
    bar.upload(1); // 10 + 30
    bar.upload(0.2); // would be 16: the bar stays at 40
    bar.server(line(50)); // first figure, a quarter done: stays at 40
    bar.server(line(125)); // 40 + (95 - 40) x (0.625 - 0.25) / 0.75 = 40 + 27.5
    bar.server(line(200)); // all read: 95
    expect(shown).toEqual([25, 40, 40, 40, 67.5, 95]);
  });
});
