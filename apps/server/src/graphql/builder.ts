import type { Readable } from 'node:stream';
import { decodeBase64Id, type GraphQLIdType, InvalidBase64IdError, idSchema } from '@emblem/core';
import SchemaBuilder from '@pothos/core';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { type Actor, requireActor } from '../http/actor.js';
import type { Storage } from '../storage/storage.js';

/** The value of an `Upload` variable, once its part has arrived. */
export interface FileUpload {
  /** The name the client gave (for the extension and for display; never used in a path). */
  filename: string;
  mimetype: string;
  /** The content, arriving: read it once. */
  stream: Readable;
}

export interface GqlContext {
  db: Db;
  config: Config;
  storage: Storage;
  actor: Actor | null;
  /** Nudges the job worker after a mutation enqueued work. */
  jobsEnqueued(): void;
}

/** The one Pothos builder; each domain adds its types in modules/<domain>/graphql.ts. */
export const builder = new SchemaBuilder<{
  Context: GqlContext;
  DefaultFieldNullability: false;
  // A file of a GraphQL multipart request (graphql/uploads.ts): it arrives after the operation starts.
  Scalars: { Upload: { Input: Promise<FileUpload>; Output: never } };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});

/** Every query and mutation needs a signed-in caller. */
export function actorOf(ctx: GqlContext): Actor {
  return requireActor(ctx.actor);
}

/** An opaque id of the given type, as the numeric REST id; anything else is 'Invalid base64Id'. */
export function numericId(id: string | number, type: GraphQLIdType): number {
  const parsed = idSchema.safeParse(decodeBase64Id(String(id), type).identifier);
  if (!parsed.success) throw new InvalidBase64IdError();
  return parsed.data;
}
