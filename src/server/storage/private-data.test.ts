// makeDataFolderPrivate on a folder left open by older versions (docs/decisions/0118-private-data-folder.md).
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataFolderPrivate } from './private-data';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-private-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (p: string) => lstatSync(p).mode & 0o777;

describe('makeDataFolderPrivate', () => {
  it('takes group and other permissions off what is already there, leaving symbolic links alone', () => {
    const dir = tempDir();
    const outside = path.join(tempDir(), 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(dir, 'a', 'b', 'file'), 'x');
    chmodSync(path.join(dir, 'a', 'b', 'file'), 0o666);
    chmodSync(path.join(dir, 'a'), 0o755);
    symlinkSync(outside, path.join(dir, 'a', 'link'));

    expect(makeDataFolderPrivate(dir)).toEqual([]);
    const all = [
      dir,
      ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p)),
    ];
    expect(all.filter((p) => !lstatSync(p).isSymbolicLink() && (modeOf(p) & 0o077) !== 0)).toEqual([]);
    expect(modeOf(path.join(dir, 'a', 'b', 'file'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'a'))).toBe(0o700);
    // The link's target, outside the data folder, is not touched.
    expect(modeOf(outside)).toBe(0o644);
  });
});
