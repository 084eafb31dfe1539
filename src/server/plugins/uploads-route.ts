// GET /uploads/<key>: the pictures. From the local folder as static files; with FILE_STORAGE=s3, a
// redirect to the bucket's public address (S3_PUBLIC_URL) or, without one, the object relayed from the
// bucket. Either way a URL stored as /uploads/... keeps working after the move from the folder to a
// bucket (docs/decisions/0195-s3-object-storage.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { withAccess } from '~/server/plugins/access';
import { IMMUTABLE_CACHE, type S3FileStorage } from '~/server/storage/s3-storage';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export async function registerUploads(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  if (config.FILE_STORAGE !== 's3') {
    mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
    // Pictures are everybody's.
    await app.register(
      withAccess('public', fastifyStatic, {
        root: path.join(config.dataDir, 'uploads'),
        prefix: '/uploads/',
        decorateReply: false,
        maxAge: '30d',
      }),
    );
    return;
  }

  const storage = app.ctx.storage as S3FileStorage;
  app.addHook('onClose', async () => storage.close());
  const publicBase = config.S3_PUBLIC_URL?.replace(/\/+$/, '');

  app.get('/uploads/*', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).send({ message: 'No such picture.' });
    if (!SAFE_KEY.test(key) || key.includes('..')) return notFound();
    // Pictures stored before the move to the bucket keep their /uploads/ address; browsers remember
    // the move and go to the bucket's address directly from then on.
    if (publicBase)
      return reply.header('cache-control', 'public, max-age=86400').redirect(`${publicBase}/${key}`, 301);

    const ifNoneMatch = request.headers['if-none-match'];
    const object = await storage.get(key, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (object === null) return notFound();
    reply.header('cache-control', IMMUTABLE_CACHE);
    if (object === 'not-modified') return reply.status(304).send();
    if (object.etag) reply.header('etag', object.etag);
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
  });
}
