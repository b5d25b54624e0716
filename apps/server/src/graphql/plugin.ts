import { InvalidBase64IdError } from '@emblem/core';
import type { FastifyInstance } from 'fastify';
import { BREAK, type DocumentNode, type FieldNode, GraphQLError, visit } from 'graphql';
import mercurius from 'mercurius';
import { isAdmin } from '../http/actor.js';
import { toErrorResponse } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { GqlContext } from './builder.js';
import { schema } from './schema.js';
import { graphqlUploads } from './uploads.js';

export { schema };

/** The fields that read the schema itself (`__typename` is not one of them). */
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** The first `__schema` or `__type` field anywhere in the document (any operation or fragment, aliased or not). */
export function introspectionField(document: DocumentNode): FieldNode | null {
  let found: FieldNode | null = null;
  visit(document, {
    Field(node) {
      if (!INTROSPECTION_FIELDS.has(node.name.value)) return undefined;
      found = node;
      return BREAK;
    },
  });
  return found;
}

/**
 * A document refused because it introspects the schema. Answered like mercurius's own validation errors:
 * HTTP 400 and `{data: null, errors}`, the default error formatter spreading `errors` into the answer.
 */
class IntrospectionDisabledError extends Error {
  readonly statusCode = 400;
  readonly errors: GraphQLError[];
  constructor(field: FieldNode) {
    super('GraphQL introspection is disabled');
    this.errors = [new GraphQLError('GraphQL introspection is disabled', { nodes: field })];
  }
}

/** Introspection is for signed-in account admins, and for every caller of a development process. */
function mayIntrospect(ctx: GqlContext): boolean {
  return ctx.config.development || (ctx.actor !== null && isAdmin(ctx.actor));
}

/** Resolver errors become `{message, extensions: {code, errors?}}`; internal errors never leak. */
function formatError(err: GraphQLError): GraphQLError {
  const original = err.originalError;
  if (!original || original instanceof GraphQLError || original instanceof IntrospectionDisabledError || isMercuriusError(original)) {
    return err;
  }
  if (original instanceof InvalidBase64IdError) {
    return new GraphQLError('Invalid base64Id', { path: err.path, extensions: { code: 'BAD_USER_INPUT' } });
  }
  if (original instanceof AppError) {
    // originalError carries statusCode: an error that leaves no data (CSRF, a bad token) sets the HTTP status.
    return new GraphQLError(original.message, {
      path: err.path,
      originalError: original,
      extensions: { code: original.code, status: original.statusCode, ...(original.errors ? { errors: original.errors } : {}) },
    });
  }
  const fastifyStatus = (original as { statusCode?: unknown }).statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus < 500) {
    // Body parsing and similar refusals before GraphQL runs.
    const { status, body } = toErrorResponse(original);
    return new GraphQLError(body.error, {
      originalError: Object.assign(new Error(body.error), { statusCode: status }),
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return new GraphQLError('Something went wrong. Please try again.', { path: err.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

function isMercuriusError(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('MER_ERR');
}

export async function registerGraphql(app: FastifyInstance) {
  // Its own encapsulated context: the multipart parser of GraphQL uploads must not reach the REST routes.
  await app.register(async (scope) => {
    await scope.register(graphqlUploads);
    await registerMercurius(scope, app);
  });
}

async function registerMercurius(scope: FastifyInstance, app: FastifyInstance) {
  await scope.register(mercurius, {
    schema,
    path: '/graphql-internal',
    graphiql: false,
    jit: 0,
    context: (req): GqlContext => ({
      db: app.db,
      config: app.config,
      storage: app.storage,
      actor: req.actor,
      jobsEnqueued: () => app.jobs.kick(),
    }),
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter({ ...execution, errors: execution.errors?.map(formatError) }, ctx);
      for (const e of execution.errors ?? []) {
        const o = e.originalError;
        const expected =
          o instanceof AppError ||
          o instanceof InvalidBase64IdError ||
          o instanceof GraphQLError ||
          o instanceof IntrospectionDisabledError;
        if (o && !expected && !isMercuriusError(o)) {
          ctx.reply.log.error({ err: o }, 'graphql resolver failed');
        }
      }
      return formatted;
    },
  });
  // preExecution, not preValidation: mercurius caches validated documents by their text and skips validation
  // (and its hooks) for them, so an admin's cached introspection query must still be checked for the next caller.
  scope.graphql.addHook<GqlContext>('preExecution', async (_schema, document, ctx) => {
    const field = introspectionField(document);
    if (field && !mayIntrospect(ctx)) throw new IntrospectionDisabledError(field);
  });
}
