// Compresses the built browser files once, at build time (docs/decisions/0142-compression.md): beside
// each text file of dist/client goes a brotli (.br, best quality) and a gzip (.gz, level 9) copy, which
// the server sends as they are to browsers that accept them (@fastify/static preCompressed). Copies
// that would not be smaller are not written. index.html is the renderer's template, never sent as is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function textFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && entry.name !== 'index.html')
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Writes file.br and file.gz beside every text file under dir; answers how many files it compressed. */
export async function compressAssets(dir) {
  const files = textFiles(dir);
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}
