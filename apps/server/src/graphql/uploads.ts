import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import { requireActor } from '../http/actor.js';
import { AppError } from '../http/errors.js';
import { builder, type FileUpload } from './builder.js';

/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec) on
 * /graphql-internal: a multipart form whose fields are `operations` (the usual JSON body, with `null` where a
 * file goes), then `map` (`{"0": ["variables.input.file"]}`), then the file. The operation starts as soon as
 * `map` has arrived; the `Upload` variable is a promise of the file's stream, which the resolver pipes into
 * storage while it is still arriving: nothing is buffered. One file per request: a second file could only
 * be read after the first, so resolvers awaiting them in another order would wait for each other.
 */

export const MULTIPART_SPEC_URL = 'https://github.com/jaydenseric/graphql-multipart-request-spec';
/** The operations and map fields, like a JSON body, may not exceed 1 MB. */
const FIELD_MAX_BYTES = 1024 * 1024;

/** What stands in `operations` where the map puts a file; the `Upload` scalar turns it into its promise. */
class PendingUpload {
  readonly promise: Promise<FileUpload>;
  settled = false;
  private settle!: { resolve(file: FileUpload): void; reject(err: Error): void };

  constructor() {
    this.promise = new Promise<FileUpload>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A request may map a file no resolver reads; its rejection is nobody's unhandled error.
    this.promise.catch(() => {});
  }

  resolve(file: FileUpload) {
    this.settled = true;
    this.settle.resolve(file);
  }

  reject(err: Error) {
    this.settled = true;
    this.settle.reject(err);
  }
}

/** Adds the `Upload` scalar to the schema (called once, by schema.ts, before the modules' types). */
export function uploadScalar(): void {
  builder.scalarType('Upload', {
    description: `A file, sent as a GraphQL multipart request (${MULTIPART_SPEC_URL}).`,
    serialize: () => {
      throw new GraphQLError('Upload is an input type');
    },
    parseValue: (value) => {
      if (value instanceof PendingUpload) return value.promise;
      throw new GraphQLError('Send the file as a GraphQL multipart request: put null in the variable and map the file part to it');
    },
    parseLiteral: () => {
      throw new GraphQLError('Send the file as a GraphQL multipart request: an Upload cannot be written in the query');
    },
  });
}

function refuse(message: string, status = 400): AppError {
  return new AppError(status, message, undefined, 'MULTIPART');
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Puts `value` at a map path such as `variables.input.file` (inside the variables only). */
function placeAt(operations: Record<string, unknown>, path: string, value: PendingUpload) {
  const segments = path.split('.');
  const last = segments.pop();
  if (segments[0] !== 'variables' || last === undefined || [...segments, last].some((s) => s === '' || FORBIDDEN_KEYS.has(s))) {
    throw refuse(`The map path "${path}" must point into the operation's variables, as in "variables.input.file"`);
  }
  let target: unknown = operations;
  for (const s of segments) {
    target = isPlainObject(target) || Array.isArray(target) ? (target as Record<string, unknown>)[s] : undefined;
  }
  if (!isPlainObject(target) && !Array.isArray(target)) {
    throw refuse(`The map path "${path}" does not exist in the operation's variables`);
  }
  (target as Record<string, unknown>)[last] = value;
}

/** Errors of the multipart parser while files arrive, as answers. */
function partsError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string })?.code ?? '';
  if (code === 'FST_FILES_LIMIT') return refuse('Send one file per request');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return refuse('Send only the fields "operations" and "map", then the file');
  if (code === 'FST_MP_PREMATURE_CLOSE') return refuse('The request ended before the file was complete');
  return refuse('The multipart body is malformed');
}

/** The multipart side of one GraphQL request: reads the fields, then hands each file to its resolver. */
class MultipartOperation {
  private readonly uploads = new Map<string, PendingUpload>();
  /** The part being read (by a resolver, or by nobody yet). */
  private current: Readable | null = null;
  private responding = false;
  private receiving: Promise<void> | null = null;

  constructor(private readonly parts: AsyncIterator<Multipart>) {}

  /** Reads `operations` and `map` and answers the operation, with a pending upload where each file goes. */
  async start(): Promise<Record<string, unknown>> {
    const operations = await this.jsonField('operations');
    if (Array.isArray(operations)) throw refuse('Batched operations are not supported: send one operation per request');
    if (!isPlainObject(operations)) throw refuse(`"operations" must be a JSON object (${MULTIPART_SPEC_URL})`);
    const map = await this.jsonField('map');
    if (!isPlainObject(map)) throw refuse(`"map" must be a JSON object of file field names to paths (${MULTIPART_SPEC_URL})`);
    const entries = Object.entries(map);
    if (entries.length > 1) throw refuse('Send one file per request');
    for (const [field, paths] of entries) {
      if (!Array.isArray(paths) || paths.length !== 1 || typeof paths[0] !== 'string') {
        throw refuse(`"map" must give the file "${field}" exactly one path, as in ["variables.input.file"]`);
      }
      const upload = new PendingUpload();
      placeAt(operations, paths[0], upload);
      this.uploads.set(field, upload);
    }
    this.receiving = this.receiveFiles();
    return operations;
  }

  private async jsonField(name: 'operations' | 'map'): Promise<unknown> {
    let next: IteratorResult<Multipart>;
    try {
      next = await this.parts.next();
    } catch (err) {
      throw partsError(err);
    }
    const part = next.done ? null : next.value;
    if (part?.type === 'file') this.current = part.file;
    if (part?.type !== 'field' || part.fieldname !== name) {
      throw refuse(`The multipart fields must be "operations", then "map", then the file; "${name}" is missing (${MULTIPART_SPEC_URL})`);
    }
    if (part.valueTruncated) throw refuse(`The "${name}" field is larger than 1 MB`, 413);
    if (typeof part.value !== 'string') return part.value; // a part sent as application/json, already parsed
    try {
      return JSON.parse(part.value);
    } catch {
      throw refuse(`The "${name}" field is not valid JSON`);
    }
  }

  /** Hands each mapped file to its pending upload, one at a time; anything else is read and dropped. */
  private async receiveFiles() {
    let failure: Error | null = null;
    try {
      for (;;) {
        const next = await this.parts.next();
        if (next.done) break;
        const part = next.value;
        if (part.type !== 'file') continue;
        const upload = this.uploads.get(part.fieldname);
        this.current = part.file;
        if (!upload || upload.settled || this.responding) part.file.resume();
        else upload.resolve({ filename: part.filename ?? '', mimetype: part.mimetype, stream: part.file });
        // The next part arrives once this one is read: by the resolver, or dropped when the answer is sent.
        await finished(part.file).catch(() => {});
        this.current = null;
      }
    } catch (err) {
      failure = partsError(err);
    }
    for (const [field, upload] of this.uploads) {
      if (!upload.settled) upload.reject(failure ?? refuse(`The file "${field}" named in "map" is missing from the request`));
    }
  }

  /**
   * Before the answer is sent: the operation is over, so what no resolver read is dropped, and the answer
   * waits until the body has been read (clients send the whole body before they read an answer).
   */
  async finish(raw: IncomingMessage) {
    this.responding = true;
    if (this.current && !this.current.destroyed) this.current.resume();
    this.receiving ??= this.receiveFiles();
    await this.receiving;
    // When the parser stopped early (a file abandoned half-way), what is left of the body is dropped.
    if (!raw.readableEnded) raw.resume();
  }
}

const operations = new WeakMap<IncomingMessage, MultipartOperation>();

/**
 * Registers multipart parsing for the GraphQL route's scope: register it in the same encapsulated context as
 * mercurius. Only signed-in callers may send files (the route needs one anyway); the CSRF rule of cookie
 * sessions has already run in `onRequest`, before any of the body is read.
 */
export const graphqlUploads = fp(async (app: FastifyInstance) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 2, parts: 3, fieldSize: FIELD_MAX_BYTES, headerPairs: 100 },
  });
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    requireActor(req.actor);
    // One byte over the maximum reaches storage, whose meter refuses it (413) the same way as REST uploads.
    const parts = req.parts({ limits: { fileSize: app.config.uploadMaxBytes + 1 } })[Symbol.asyncIterator]();
    const operation = new MultipartOperation(parts);
    operations.set(req.raw, operation);
    req.body = await operation.start();
  });
  app.addHook('onSend', async (req) => {
    await operations.get(req.raw)?.finish(req.raw);
  });
});
