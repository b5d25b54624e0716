import SchemaBuilder from '@pothos/core';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { type Actor, requireActor } from '../http/actor.js';

export interface GqlContext {
  db: Db;
  config: Config;
  actor: Actor | null;
}

/** The one Pothos builder; each domain adds its types in modules/<domain>/graphql.ts. */
export const builder = new SchemaBuilder<{ Context: GqlContext; DefaultFieldNullability: false }>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});

/** Every query and mutation needs a signed-in caller. */
export function actorOf(ctx: GqlContext): Actor {
  return requireActor(ctx.actor);
}
