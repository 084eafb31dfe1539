import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type Alias, defineConfig } from 'vite';
import { messagesChunkName, messagesPerLanguage } from './scripts/vite-messages-per-language';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The small modules the browse pages share (the product card, its picture and prices, the price formats,
// the condition and labels, today's discount, the alert slot, the category tile): one chunk instead of
// eleven files of 0.1-1.7 KB, each a request of its own with its headers, six at a time over HTTP/1.1,
// gzipped alone (docs/decisions/0590-first-download-measured.md, amended). The cart, checkout and
// confirmation load it too, for the prices and pictures they show. A module renamed here silently leaves
// the chunk: tests/e2e/script-budget.test.ts's ceilings show the cost.
const BROWSE_SHARED =
  /\/src\/(client\/components\/ui\/(product-image|skeleton)\.tsx|client\/features\/catalog\/(struck-price|category-tile|use-todays-discount|product-card|alert-slot)\.tsx?|shared\/condition\.ts|shared\/i18n\/formats\.ts|shared\/product-labels\.messages\.ts)$/;

export default defineConfig(({ command, isSsrBuild }) => {
  // The browser build (docs/decisions/0190-browse-script-diet.md).
  const browserBuild = command === 'build' && !isSsrBuild;
  const aliases: Alias[] = [{ find: '~', replacement: src }];
  if (browserBuild) {
    // React Router's package exports only its development build (dev warnings on); its production build
    // is what its own Vite plugin serves browsers. The server, the dev server and the tests keep the default.
    aliases.push({
      find: /^react-router$/,
      replacement: fileURLToPath(
        new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
      ),
    });
  }
  return {
    plugins: [
      react(),
      tailwindcss(),
      // Each page downloads its own language's messages only (docs/decisions/0401-bytes-won-back.md); the
      // language suggestion is written in the other language, so it keeps both.
      browserBuild && messagesPerLanguage(/\/language-suggestion\.messages\.ts$/),
    ],
    // '~/' is src/, as in tsconfig.json's paths (tsx reads those for the scripts and the dev server).
    resolve: { alias: aliases },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      // No modulepreload polyfill in the first download: browsers from 2023 on (Safari 17, Firefox 115) know
      // <link rel="modulepreload">, and an older one still loads the same files, when the scripts import them.
      modulePreload: { polyfill: false },
      // The manifest tells the server which chunks a page's lazy routes need (src/server/render/page-renderer.ts).
      manifest: true,
      rolldownOptions: browserBuild
        ? {
            // A feature's public entry (features/<name>/index.ts) only re-exports: marked free of side
            // effects, an import through it keeps only what is used, so lazy screens' helpers stay out of
            // the first download (docs/decisions/0175-enforced-boundaries.md).
            treeshake: {
              moduleSideEffects: [{ test: /\/src\/client\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
            },
            output: {
              // Everything the entry imports statically is one file: every page needs all of it before
              // hydrating, and one file compresses better than the 26 small chunks it used to be (each
              // gzipped on its own). Lazy routes and after-hydration parts stay chunks of their own.
              // One chunk per messages file and language: `shell.messages-fr-<hash>.js`.
              chunkFileNames: (chunk) =>
                `assets/${messagesChunkName(chunk.facadeModuleId ?? '') ?? '[name]'}-[hash].js`,
              codeSplitting: {
                groups: [
                  {
                    name: 'app',
                    tags: ['$initial'],
                    test: (id) => !/\/(index\.html|entry-client\.tsx)$/.test(id),
                  },
                  {
                    name: 'browse',
                    test: BROWSE_SHARED,
                  },
                ],
              },
            },
          }
        : undefined,
    },
    ssr: { noExternal: [] },
  };
});
