import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileIconNameSchema, uploadFieldsSchema } from '@emblem/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { fileIconSvg } from './icons.js';
import { type FileDeps, ingestFile, isTooLarge, PayloadTooLargeError, presentUpload, storageUsage, type Upload } from './operations.js';
import { tusRoutes } from './tus.js';

export function fileDeps(app: FastifyInstance): FileDeps {
  return { db: app.db, storage: app.storage, config: app.config };
}

/** Errors of the multipart parser as answers: 413 over the size, 400 for a malformed or overfull form. */
function multipartError(err: unknown, maxBytes: number): unknown {
  if (isTooLarge(err)) return new PayloadTooLargeError(maxBytes);
  const code = (err as { code?: string })?.code ?? '';
  if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(code)) {
    return new AppError(400, 'Send one file per upload, with few fields', undefined, 'MULTIPART');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(415, 'Send the file as multipart/form-data', undefined, 'UNSUPPORTED');
  if (!(err instanceof AppError) && /unexpected end of (form|multipart)|malformed|boundary/i.test((err as Error)?.message ?? '')) {
    return new AppError(400, 'The multipart body is malformed', undefined, 'MULTIPART');
  }
  return err;
}

/** A project's file, or with `purpose=image` (and no project) an image for a setting such as an avatar. */
function uploadTarget(fields: Record<string, string>): { projectId?: number } {
  if (fields.purpose === 'image' && fields.project_id === undefined) return {};
  if (fields.purpose !== undefined && fields.purpose !== 'image') throw new ValidationError({ purpose: ['Must be "image"'] });
  return { projectId: parse(uploadFieldsSchema, fields).project_id };
}

/** Lets a refused upload's remaining bytes flow away, so the request ends normally. */
function drain(stream: Readable) {
  stream.on('error', () => {});
  stream.resume();
}

/**
 * Uploads: `POST /upload` (multipart, streamed into storage), tus at `/upload/tus`, the account's storage
 * usage and the generic file icons.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const deps = fileDeps(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 40, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post('/upload', async (req, reply) => {
    const actor = req.user();
    if (!req.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data with a "file" field', undefined, 'UNSUPPORTED');
    const fields: Record<string, string> = {};
    let file: Upload | null = null;
    let spooled: { path: string; name: string } | null = null;
    let seen = false;
    try {
      // One byte over the maximum reaches the storage meter, which refuses it: a file truncated at exactly the
      // maximum by the parser would otherwise be stored before the parser reports the overflow.
      for await (const part of req.parts({ limits: { fileSize: app.config.uploadMaxBytes + 1 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || seen) {
          drain(part.file);
          continue;
        }
        seen = true;
        try {
          if (fields.project_id !== undefined || fields.purpose !== undefined) {
            // The usual order (fields first): checks run before a byte is stored, and the file streams on.
            file = await ingestFile(deps, actor, { ...uploadTarget(fields), originalName: part.filename, source: { stream: part.file } });
          } else {
            // Fields after the file: keep the file in a temporary file until they have arrived.
            const path = join(app.storage.tempDir(), `${randomUUID()}.upload`);
            spooled = { path, name: part.filename };
            await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
          }
        } catch (err) {
          drain(part.file);
          throw err;
        }
      }
      if (!seen) throw new ValidationError({ file: ['Is required'] });
      if (spooled) {
        file = await ingestFile(deps, actor, { ...uploadTarget(fields), originalName: spooled.name, source: { path: spooled.path } });
      }
    } catch (err) {
      throw multipartError(err, app.config.uploadMaxBytes);
    } finally {
      if (spooled) await rm(spooled.path, { force: true });
    }
    if (!file) throw new ValidationError({ file: ['Is required'] });
    reply.status(201);
    return ok(presentUpload(file));
  });

  await app.register(tusRoutes);

  app.get('/account/usage/storage', async (req) => ok(await storageUsage(deps, req.user())));

  app.get('/file-icon/:name', { config: { access: 'public' } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const parsed = fileIconNameSchema.safeParse(name);
    if (!parsed.success) throw new AppError(404, 'Not found');
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return fileIconSvg(parsed.data);
  });
};
