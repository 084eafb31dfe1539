// Multipart uploads declared once per route (docs/decisions/0520-multipart-fields-declared-per-route.md):
// the declaration gives the route's OpenAPI body (file fields `type: string, format: binary`, text fields
// their types, required ones marked) and drives the reading of the parts in the handler, so a file is
// streamed to its consumer or buffered within its limit, unwanted parts are drained, and busboy's limits
// become the route's own 413. The body is read in the handler, not by a hook: a CSV import streams its
// rows and answers while it reads, and a refusal must still read the body to its end.
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, type HttpError } from './http-error';

export interface FileField {
  readonly type: 'file';
  readonly description: string;
  readonly required?: true;
  /** Other field names read as this one (older forms). */
  readonly aliases?: readonly string[];
  /** Every file part is this field, whatever its name: the form sends a single file. */
  readonly anyName?: true;
  /** Accepted file names, and the refusal of another. */
  readonly accept?: { readonly name: RegExp; readonly message: string };
  /** The refusal of a second file; without it a second file is drained and ignored. */
  readonly oneOnly?: string;
  /** The refusal when a required file is missing, and when it is empty (`empty`, else `missing`). */
  readonly missing?: string;
  readonly empty?: string;
  /** Handed to the handler's consumer as a stream instead of buffered. */
  readonly streamed?: true;
  /**
   * Many files, each streamed to the consumer, which judges a file cut at the size limit itself (a
   * picture batch reports the one too large and goes on); a single file over the limit refuses the upload.
   */
  readonly many?: true;
}

export interface TextField {
  readonly type: 'text';
  /** Documents the value (it arrives as text); the handler reads it with its own refusals. */
  readonly schema: z.ZodType<string | undefined>;
}

export type Fields = Readonly<Record<string, FileField | TextField>>;

export interface Upload<F extends Fields> {
  readonly fields: F;
  /** Busboy's limits for this route: file size, file count, part count. */
  readonly limits: { readonly fileSize: number; readonly files: number; readonly parts: number };
  /** The refusal of a body that is not multipart/form-data. */
  readonly notMultipart: string;
  /** The 413 of a single file over `limits.fileSize`. */
  readonly tooLarge: () => HttpError;
}

export type UploadedFile = { data: Buffer; filename: string };

type StreamedNames<F extends Fields> = {
  [K in keyof F]: F[K] extends { streamed: true } | { many: true } ? K : never;
}[keyof F];
type BufferedNames<F extends Fields> = {
  [K in keyof F]: F[K] extends FileField ? (K extends StreamedNames<F> ? never : K) : never;
}[keyof F];
type TextNames<F extends Fields> = { [K in keyof F]: F[K] extends TextField ? K : never }[keyof F];

export type Consumers<F extends Fields> = {
  [K in StreamedNames<F>]: (file: Readable, filename: string) => Promise<void>;
};
export type Received<F extends Fields> = {
  [K in BufferedNames<F>]: F[K] extends { required: true } ? UploadedFile : UploadedFile | undefined;
} & { [K in TextNames<F>]: string | undefined };

/** The OpenAPI body of an upload: its fields, files as binary strings, the required ones marked. */
export function uploadBody<F extends Fields>(upload: Upload<F>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(upload.fields)) {
    if (field.type === 'text') {
      shape[name] = field.schema;
      continue;
    }
    const file = z.string().meta({ format: 'binary', description: field.description });
    const one = field.many ? z.array(file) : file;
    shape[name] = field.required ? one : one.optional();
  }
  return z.object(shape);
}

/**
 * The schema options of an upload route: its body for the OpenAPI document only. Fastify hands the
 * validator no multipart body (the parts are still unread), so the route's validator checks its
 * parameters with zod and leaves the body to `readUpload`, which refuses with the route's own messages.
 */
export function uploadSchema<F extends Fields>(upload: Upload<F>) {
  return { consumes: ['multipart/form-data'], body: uploadBody(upload) };
}
export const uploadValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data) => ({ value: data })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** Reads and discards the rest of a file part, so the browser gets our answer rather than a reset. */
async function drain(stream: Readable) {
  stream.unpipe();
  stream.resume();
  if (!stream.readableEnded && !stream.destroyed) await finished(stream).catch(() => {});
}

function fieldOf<F extends Fields>(upload: Upload<F>, part: MultipartFile): [string, FileField] | null {
  for (const [name, field] of Object.entries(upload.fields)) {
    if (field.type !== 'file') continue;
    if (field.anyName || name === part.fieldname || field.aliases?.includes(part.fieldname))
      return [name, field];
  }
  return null;
}

async function readFile(
  upload: Upload<Fields>,
  field: FileField,
  part: MultipartFile,
  consume: ((file: Readable, filename: string) => Promise<void>) | undefined,
): Promise<UploadedFile | null> {
  if (field.accept && !field.accept.name.test(part.filename)) throw badRequest(field.accept.message);
  if (consume) {
    const file = part.file;
    if (!field.many) file.once('limit', () => file.destroy(upload.tooLarge()));
    await consume(file, part.filename);
    return null;
  }
  const data = await part.toBuffer();
  if (part.file.truncated) throw upload.tooLarge();
  return { data, filename: part.filename };
}

/**
 * Reads an upload's parts as they arrive: streamed files go to their consumers, the others are buffered,
 * text fields kept. After the first refusal the remaining parts are drained before it is thrown.
 */
export async function readUpload<const F extends Fields>(
  request: FastifyRequest,
  upload: Upload<F>,
  consumers: Consumers<F>,
): Promise<Received<F>> {
  if (!request.isMultipart()) throw badRequest(upload.notMultipart);
  const received: Record<string, UploadedFile | string | undefined> = {};
  const seen = new Set<string>();
  const streams = consumers as Record<string, (file: Readable, filename: string) => Promise<void>>;
  let failure: unknown = null;
  const parts = request.parts({ limits: upload.limits, throwFileSizeLimit: false } as Parameters<
    typeof request.parts
  >[0]);
  for await (const part of parts) {
    if (part.type !== 'file') {
      const field = upload.fields[part.fieldname];
      if (field?.type === 'text') received[part.fieldname] = String(part.value);
      continue;
    }
    const match = fieldOf(upload, part);
    if (failure || !match) {
      await drain(part.file);
      continue;
    }
    const [name, field] = match;
    try {
      if (seen.has(name) && !field.many) {
        if (field.oneOnly) throw badRequest(field.oneOnly);
        await drain(part.file);
        continue;
      }
      seen.add(name);
      const file = await readFile(upload, field, part, streams[name]);
      if (file) received[name] = file;
    } catch (error) {
      failure =
        error instanceof request.server.multipartErrors.RequestFileTooLargeError ? upload.tooLarge() : error;
      await drain(part.file);
    }
  }
  if (failure) throw failure;
  for (const [name, field] of Object.entries(upload.fields)) {
    if (field.type !== 'file' || !field.required) continue;
    const file = received[name] as UploadedFile | undefined;
    const message = field.missing ?? `Choose a file for the field "${name}".`;
    if (!seen.has(name)) throw badRequest(message);
    if (file && file.data.length === 0) throw badRequest(field.empty ?? message);
  }
  return received as Received<F>;
}
