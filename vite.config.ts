import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells the server which chunks a page's lazy routes need (src/server/render/page-renderer.ts).
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  ssr: { noExternal: [] },
});
