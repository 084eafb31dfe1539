// Every upload route lists its multipart fields in the OpenAPI document, from the same declaration that
// reads its parts: files as binary strings, text fields with their types, the required ones marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = { type: string; properties: Record<string, Record<string, unknown>>; required?: string[] };

async function uploadBody(path: string): Promise<Body> {
  const doc = (await t.app.inject('/api/docs/json')).json();
  const content = doc.paths[path].post.requestBody.content;
  expect(Object.keys(content)).toEqual(['multipart/form-data']);
  return content['multipart/form-data'].schema;
}

const binary = { type: 'string', format: 'binary' };

describe('upload routes in the OpenAPI document', () => {
  it.each([
    ['/api/upload/image', 'image'],
    ['/api/admin/intake/products/{id}/images', 'image'],
    ['/api/orders/bulk-ship', 'file'],
  ])('%s takes one required binary file "%s"', async (path, field) => {
    const body = await uploadBody(path);
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties)).toEqual([field]);
    expect(body.properties[field]).toMatchObject(binary);
    expect(body.required).toEqual([field]);
  });

  it('/api/products/import takes a required CSV "file" and optional binary "images"', async () => {
    const body = await uploadBody('/api/products/import');
    expect(body.properties.file).toMatchObject(binary);
    expect(body.properties.images).toMatchObject({ type: 'array', items: binary });
    expect(body.required).toEqual(['file']);
  });

  it('/api/products/images-only takes required binary "images"', async () => {
    const body = await uploadBody('/api/products/images-only');
    expect(body.properties.images).toMatchObject({ type: 'array', items: binary });
    expect(body.required).toEqual(['images']);
  });

  it('/api/admin/loads/{id}/manifest takes a required "file" and optional text fields', async () => {
    const body = await uploadBody('/api/admin/loads/{id}/manifest');
    expect(body.properties.file).toMatchObject(binary);
    expect(body.properties.mapping).toMatchObject({ type: 'string' });
    expect(body.properties.grades).toMatchObject({ type: 'string' });
    expect(body.properties.preview).toMatchObject({ type: 'string', enum: ['true', 'false'] });
    expect(body.properties.remap).toMatchObject({ type: 'string', enum: ['true', 'false'] });
    expect(body.required).toEqual(['file']);
  });
});
