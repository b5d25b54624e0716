import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { idSchema, tusUploadParamsSchema } from '@emblem/core';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../http/actor.js';
import { ok, toErrorResponse } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { API_CSP } from '../../http/security.js';
import { parse } from '../../http/validate.js';
import { removeStaleEntries } from '../../lib/stale-files.js';
import { type FileDeps, fileOfTusUpload, ingestFile, precheckUpload } from './operations.js';

/** Where unfinished tus uploads live (DATA_DIR/tmp/tus); finished ones move into storage at once. */
export function tusDirectory(dataDir: string): string {
  return join(dataDir, 'tmp', 'tus');
}

/** Unfinished tus uploads untouched for this long are deleted by the cleanup job. */
export const TUS_STALE_MS = 24 * 3_600_000;

export async function cleanupStaleTusUploads(dataDir: string, olderThanMs = TUS_STALE_MS): Promise<number> {
  return removeStaleEntries(tusDirectory(dataDir), olderThanMs);
}

type TusError = { status_code: number; body: string };

/** tus hooks refuse by throwing {status_code, body}; the body is our JSON envelope. */
function tusError(err: unknown): TusError {
  const { status, body } = toErrorResponse(err);
  return { status_code: status, body: JSON.stringify(body) };
}

function nodeRequest(req: { runtime?: { node?: { req?: IncomingMessage } } }): IncomingMessage | undefined {
  return req.runtime?.node?.req;
}

function uploadMeta(metadata: Record<string, string | null> | undefined) {
  const filename = metadata?.filename ?? metadata?.name ?? '';
  if (!filename) throw new ValidationError({ filename: ['Is required (Upload-Metadata filename)'] });
  if (!metadata?.project_id) throw new ValidationError({ project_id: ['Is required (Upload-Metadata project_id)'] });
  // Plain decimal digits only, like every id (0x10 or 1e3 would otherwise name another project).
  const projectId = idSchema.safeParse(metadata.project_id);
  if (!projectId.success) throw new ValidationError({ project_id: projectId.error.issues.map((i) => i.message) });
  return { filename, projectId: projectId.data };
}

/**
 * tus 1.0 resumable uploads at `{prefix}/upload/tus`. The auth hook has already resolved the caller (session
 * with CSRF, or bearer on /v1); the request body is handed to @tus/server untouched. Creation needs
 * `Upload-Metadata: filename, project_id`; only the creator of an upload may continue it; the last PATCH
 * turns it into a file (`Emblem-File-Id` header), with the same checks as `POST /upload`.
 */
export const tusRoutes: FastifyPluginAsync = async (app) => {
  const deps: FileDeps = { db: app.db, storage: app.storage, config: app.config };
  const directory = tusDirectory(app.config.dataDir);
  mkdirSync(directory, { recursive: true });
  const actors = new WeakMap<IncomingMessage, Actor>();
  const actorOf = (req: unknown): Actor => {
    const raw = nodeRequest(req as Parameters<typeof nodeRequest>[0]);
    const actor = raw && actors.get(raw);
    if (!actor) throw tusError(new AppError(401, 'Not signed in'));
    return actor;
  };
  const datastore = new FileStore({ directory });
  const path = `${app.prefix}/upload/tus`;

  const tus = new Server({
    path,
    datastore,
    relativeLocation: true,
    maxSize: app.config.uploadMaxBytes,
    allowedOrigins: [new URL(app.config.publicUrl).origin],
    allowedCredentials: true,
    allowedHeaders: ['X-CSRF-Token'],
    exposedHeaders: ['Emblem-File-Id'],
    namingFunction: () => randomBytes(16).toString('hex'),
    onIncomingRequest: async (req, id) => {
      const actor = actorOf(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => null);
      // Someone else's upload does not exist for this caller.
      if (!upload || upload.metadata?.emblem_user !== String(actor.userId)) throw { status_code: 404, body: 'Not found\n' };
    },
    onUploadCreate: async (req, upload) => {
      const actor = actorOf(req);
      try {
        const { filename, projectId } = uploadMeta(upload.metadata);
        await precheckUpload(deps, actor, { projectId, originalName: filename, size: upload.sizeIsDeferred ? undefined : upload.size });
      } catch (err) {
        throw tusError(err);
      }
      return { metadata: { ...upload.metadata, emblem_user: String(actor.userId), emblem_account: String(actor.accountId) } };
    },
    onUploadFinish: async (req, upload) => {
      const actor = actorOf(req);
      try {
        const { filename, projectId } = uploadMeta(upload.metadata);
        const file = await ingestFile(deps, actor, {
          projectId,
          originalName: filename,
          source: { path: join(directory, upload.id) },
          declaredSize: upload.size,
          tusUploadId: upload.id,
        });
        return { headers: { 'Emblem-File-Id': file.uploadToken } };
      } catch (err) {
        throw tusError(err);
      } finally {
        await datastore.remove(upload.id).catch(() => {});
      }
    },
  });

  // PATCH bodies (and creation-with-upload) stay unread: @tus/server streams them into its store.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'OPTIONS') actors.set(req.raw, req.user());
    reply.hijack();
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.setHeader('content-security-policy', API_CSP);
    reply.raw.setHeader('cache-control', 'no-store');
    await tus.handle(req.raw, reply.raw);
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE'] as const;
  app.route({ method: [...methods], url: '/upload/tus', handler: handle });
  app.route({ method: [...methods], url: '/upload/tus/:uploadId', handler: handle });
  app.route({ method: 'OPTIONS', url: '/upload/tus', handler: handle, config: { access: 'public' } });
  app.route({ method: 'OPTIONS', url: '/upload/tus/:uploadId', handler: handle, config: { access: 'public' } });

  app.get('/upload/tus/:uploadId/file', async (req) => {
    const { uploadId } = parse(tusUploadParamsSchema, req.params);
    return ok(await fileOfTusUpload(app.db, req.user(), uploadId));
  });
};
