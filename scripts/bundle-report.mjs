// What each browser chunk is made of: builds the browser bundle into a temporary directory (dist/ is left
// alone) and prints, for the chunks whose file name contains the argument (default `app-`), the chunk's
// gzipped size and its biggest modules by package or source file. A module's figures are its code before
// minification, alone and gzipped alone: they rank the parts of a chunk, they do not add up to it. The
// chunk's own figure is taken before Vite's last rewrites (the preload lists), so it can differ from the
// served file by a KB or two; tests/e2e/script-budget.test.ts measures what is served.
// `node scripts/bundle-report.mjs checkout-page` (docs/decisions/0590-first-download-measured.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

process.env.NODE_ENV = 'production';
const { build } = await import('vite');

const wanted = process.argv[2] ?? 'app-';
const top = Number(process.argv[3] ?? 25);
const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
const chunks = [];
const packageOf = (id) => {
  const inModules = id.split('node_modules/').at(-1);
  if (inModules === id) return path.relative(process.cwd(), id);
  const parts = inModules.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
};
try {
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'bundle-report',
        generateBundle(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk' || !chunk.fileName.includes(wanted)) continue;
            const parts = new Map();
            for (const [id, module] of Object.entries(chunk.modules)) {
              const key = packageOf(id);
              const part = parts.get(key) ?? { bytes: 0, gzip: 0 };
              part.bytes += module.renderedLength;
              part.gzip += module.code ? gzipSync(module.code).length : 0;
              parts.set(key, part);
            }
            chunks.push({
              file: chunk.fileName,
              bytes: chunk.code.length,
              gzip: gzipSync(chunk.code).length,
              parts,
            });
          }
        },
      },
    ],
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
const kb = (n) => `${(n / 1000).toFixed(1)} KB`.padStart(9);
for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`\n${chunk.file}: ${kb(chunk.bytes).trim()} minified, ${kb(chunk.gzip).trim()} gzip`);
  console.log(`${'unminified'.padStart(10)} ${'gzip'.padStart(9)}  module or package`);
  const rows = [...chunk.parts].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, top);
  for (const [key, part] of rows) console.log(`${kb(part.bytes).padStart(10)} ${kb(part.gzip)}  ${key}`);
}
