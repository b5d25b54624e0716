import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, TooManyRequestsError } from './errors.js';

/** The success envelope. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export interface ErrorBody {
  success: false;
  error: string;
  errors: Record<string, string[]>;
  /** Members an error adds (AppError.extra), such as `current` on a stale save or `references`. */
  [extra: string]: unknown;
}

function body(error: string, errors: Record<string, string[]> = {}, extra?: Record<string, unknown>): ErrorBody {
  return { ...extra, success: false, error, errors };
}

/** Paths answered with JSON; anything else belongs to the web app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url === '/v1' || url.startsWith('/v1/') || url.startsWith('/graphql-internal');
}

/** Maps any thrown error to a status and the JSON envelope. Never leaks stacks or SQL. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: body(err.message, err.errors, err.extra),
      retryAfter: err instanceof TooManyRequestsError ? err.retryAfterSeconds : undefined,
    };
  }
  const fe = err as Partial<FastifyError> | undefined;
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: body('Invalid JSON body') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: body('Request body is too large (limit 1 MB)') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: body('Unsupported media type') };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: body('Invalid content length') };
  }
  if (err instanceof SyntaxError && fe?.statusCode === 400) return { status: 400, body: body('Invalid JSON body') };
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (status === 413) return { status, body: body('Request body is too large (limit 1 MB)') };
    if (status === 415) return { status, body: body('Unsupported media type') };
    if (status === 404) return { status, body: body('Not found') };
    if (status === 429) return { status, body: body('Too many requests') };
    return { status, body: body('Bad request') };
  }
  return { status: 500, body: body('Something went wrong. Please try again.') };
}

export function sendError(reply: FastifyReply, err: unknown, request: FastifyRequest): FastifyReply {
  const { status, body: payload, retryAfter } = toErrorResponse(err);
  if (status >= 500) request.log.error({ err }, 'request failed');
  else request.log.debug({ err: (err as Error)?.message }, 'request refused');
  if (retryAfter) reply.header('Retry-After', String(retryAfter));
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/** Registers the error and not-found handlers on the root instance. */
export function registerEnvelope(app: FastifyInstance, renderApp: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  app.setErrorHandler((err, request, reply) => sendError(reply, err, request));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(body('Not found'));
    }
    return renderApp(request, reply);
  });
}
