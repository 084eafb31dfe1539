// Builds the browser bundle (dist/client) and the server with its renderer (dist/server).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';

// A build started from a test run inherits NODE_ENV=test, which would make Vite emit development JSX.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
import { ONE_OFF_COMMANDS, STAMP } from './build-info.mjs';
import { compressAssets } from './compress-assets.mjs';

await build({ mode: 'production', logLevel: 'warn', build: { outDir: 'dist/client', emptyOutDir: true } });
await compressAssets('dist/client');
await build({
  mode: 'production',
  logLevel: 'warn',
  publicDir: false,
  // Drizzle and zod are bundled into the server: loaded from node_modules they are hundreds of small
  // modules, each resolved and compiled at every start (about a second of CPU, a fifth of the store's
  // start-up); bundled, only what the store uses is in its chunks. fastify-type-provider-zod, the one
  // runtime package that imports zod itself, is bundled with it, so there is one zod. Measured in
  // bench/README.md.
  ssr: { noExternal: ['drizzle-orm', 'zod', 'fastify-type-provider-zod'] },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        'entry-server': 'src/client/entry-server.tsx',
        // The one-off commands (npm run db:migrate, seed, backup, restore, db:move-to-postgres) run
        // from the build too, so the production image needs neither the sources nor tsx.
        ...Object.fromEntries(ONE_OFF_COMMANDS.map((name) => [name, `src/server/db/${name}.ts`])),
      },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
mkdirSync('dist/server', { recursive: true });
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
writeFileSync(STAMP, new Date().toISOString());
console.log('Built dist/client and dist/server.');
