import {
  acceptSubmissionsBodySchema,
  createSubmissionRequestBodySchema,
  idParams,
  issueSubmissionTokenBodySchema,
  type Submitter,
  submissionTokenParamsSchema,
  submitterSchema,
  updateSubmissionRequestBodySchema,
} from '@emblem/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UNKNOWN_SUBMISSION_LINK } from '../../access/index.js';
import { ok } from '../../http/envelope.js';
import { AppError, NotFoundError, ValidationError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { isTooLarge, PayloadTooLargeError } from '../files/public.js';
import * as op from './operations.js';

const deps = (app: FastifyInstance) => ({
  db: app.db,
  storage: app.storage,
  config: app.config,
  publicUrl: app.config.publicUrl,
  jobsEnqueued: () => app.jobs.kick(),
});

/** Managing submission requests (docs/api.md "Submission requests"): under /api and /v1. */
export const submissionRequestRoutes: FastifyPluginAsync = async (app) => {
  const d = deps(app);
  app.get('/project/:id/submission-requests', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.listSubmissionRequests(app.db, req.user(), id));
  });
  app.post('/project/:id/submission-requests', async (req, reply) => {
    const { id } = parse(idParams('project'), req.params);
    const body = parse(createSubmissionRequestBodySchema, req.body);
    reply.status(201);
    return ok(await op.createSubmissionRequest(app.db, req.user(), id, body));
  });
  app.get('/submission-request/:id', async (req) => {
    const { id } = parse(idParams('submission_request'), req.params);
    return ok(await op.getSubmissionRequest(app.db, req.user(), id));
  });
  app.patch('/submission-request/:id', async (req) => {
    const { id } = parse(idParams('submission_request'), req.params);
    return ok(await op.updateSubmissionRequest(app.db, req.user(), id, parse(updateSubmissionRequestBodySchema, req.body)));
  });
  app.delete('/submission-request/:id', async (req) => {
    const { id } = parse(idParams('submission_request'), req.params);
    return ok(await op.deleteSubmissionRequest(app.db, req.user(), id));
  });
  app.post('/submission-request/:id/tokens', async (req, reply) => {
    const { id } = parse(idParams('submission_request'), req.params);
    const body = parse(issueSubmissionTokenBodySchema, req.body);
    reply.status(201);
    return ok(await op.issueSubmissionToken(d, req.user(), id, body));
  });
  app.delete('/submission-token/:id', async (req) => {
    const { id } = parse(idParams('submission_token'), req.params);
    return ok(await op.revokeSubmissionToken(app.db, req.user(), id));
  });
  app.post('/asset/submissions/accept', async (req) => {
    const { asset_ids } = parse(acceptSubmissionsBodySchema, req.body);
    return ok(await op.acceptSubmissions(app.db, req.user(), asset_ids));
  });
};

/** The address token of a public request; anything else is an unknown link (404), like a wrong token. */
function addressOf(req: FastifyRequest): string {
  const parsed = submissionTokenParamsSchema.safeParse({ token: (req.params as { token?: unknown }).token });
  if (!parsed.success) throw new NotFoundError(UNKNOWN_SUBMISSION_LINK);
  return parsed.data.token;
}

/** Lets a refused upload's remaining bytes flow away, so the request ends normally. */
function drain(stream: NodeJS.ReadableStream) {
  stream.on('error', () => {});
  stream.resume();
}

/**
 * The public upload page's calls (no account; only under /api): the request as the page shows it, and one file
 * per upload as multipart/form-data with the fields `name` and `email` before the `file` part.
 */
export const submissionPublicRoutes: FastifyPluginAsync = async (app) => {
  const d = deps(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.uploadMaxBytes + 1, files: 1, fields: 5, fieldSize: 1000, parts: 10, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const pub = { config: { access: 'public' as const } };

  app.get('/submission/:token', pub, async (req) => ok(await op.submissionPage(d, addressOf(req))));

  app.post('/submission/:token/upload', pub, async (req, reply) => {
    const address = addressOf(req);
    if (!req.isMultipart())
      throw new AppError(415, 'Send the file as multipart/form-data with name, email and file', undefined, 'UNSUPPORTED');
    const fields: Record<string, string> = {};
    let result: Awaited<ReturnType<typeof op.submitFile>> | null = null;
    let seen = false;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string' && (part.fieldname === 'name' || part.fieldname === 'email'))
            fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || seen) {
          drain(part.file);
          continue;
        }
        seen = true;
        try {
          const submitter: Submitter = parse(submitterSchema, fields);
          const live = await op.openSubmission(app.db, address, req.ip ?? 'unknown');
          result = await op.submitFile(d, address, live, submitter, { originalName: part.filename, source: { stream: part.file } });
        } catch (err) {
          drain(part.file);
          throw err;
        }
      }
    } catch (err) {
      if (isTooLarge(err)) throw new PayloadTooLargeError(app.config.uploadMaxBytes);
      const code = (err as { code?: string })?.code ?? '';
      if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(code))
        throw new AppError(400, 'Send one file per upload, with your name and e-mail', undefined, 'MULTIPART');
      throw err;
    }
    if (!seen) throw new ValidationError({ file: ['Is required'] });
    reply.status(201);
    return ok(result);
  });
};
