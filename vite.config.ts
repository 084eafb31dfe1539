import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // '~/' is src/, as in tsconfig.json's paths (tsx reads those for the scripts and the dev server).
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest tells the server which chunks a page's lazy routes need (src/server/render/page-renderer.ts).
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // A feature's public entry (features/<name>/index.ts) only re-exports: marked free of side effects, an
    // import through it keeps only what is used, so lazy screens' helpers stay out of the first download
    // (docs/decisions/0175-enforced-boundaries.md).
    rollupOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /\/src\/client\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
      },
    },
  },
  ssr: { noExternal: [] },
});
