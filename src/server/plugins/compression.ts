// Compression of dynamic answers (docs/decisions/0142-compression.md): brotli when the client accepts
// it, else gzip, for text types above 1 KB (smaller ones gain little and cost a round of zlib). Built
// assets are compressed once by scripts/build.mjs and served as they are (app.ts, preCompressed);
// @fastify/compress leaves an answer that already has a Content-Encoding alone.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  // Registered before the routes: it adds its onSend hook to each route as it is declared, after the
  // route's own hooks (ETags are computed on the uncompressed body, one weak ETag for every encoding).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies are never compressed by browsers; do not accept them compressed either.
    globalDecompression: false,
  });
}
