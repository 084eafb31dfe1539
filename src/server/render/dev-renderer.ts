// Development only: Vite in middleware mode serves the client with hot reload, and page renders load
// the current entry-server through Vite, so client changes show without a restart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer, RenderFn } from './page-renderer';

export async function createDevRenderer() {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const raw = () => readFileSync(path.resolve('index.html'), 'utf8');
  const renderer: PageRenderer = {
    template: (url) => vite.transformIndexHtml(url, raw()),
    render: async () =>
      ((await vite.ssrLoadModule('/src/client/entry-server.tsx')) as { render: RenderFn }).render,
  };
  const middleware = async (app: FastifyInstance) => {
    await app.register(middie);
    app.use((req, res, next) => {
      const url = req.url ?? '';
      if (url.startsWith('/api/') || url.startsWith('/uploads/')) return next();
      vite.middlewares(req, res, next);
    });
  };
  return { renderer, middleware };
}
