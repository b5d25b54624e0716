import { InvalidBase64IdError } from '@emblem/core';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { AppError } from '../http/errors.js';
import { builder, type GqlContext } from './builder.js';
import '../modules/accounts/graphql.js';
import '../modules/brands/graphql.js';
import '../modules/users/graphql.js';

export const schema = builder.toSchema();

/** Resolver errors become `{message, extensions: {code, errors?}}`; internal errors never leak. */
function formatError(err: GraphQLError): GraphQLError {
  const original = err.originalError;
  if (!original || original instanceof GraphQLError) return err;
  if (original instanceof InvalidBase64IdError) {
    return new GraphQLError('Invalid base64Id', { path: err.path, extensions: { code: 'BAD_USER_INPUT' } });
  }
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      path: err.path,
      extensions: { code: original.code, status: original.statusCode, ...(original.errors ? { errors: original.errors } : {}) },
    });
  }
  return new GraphQLError('Something went wrong. Please try again.', { path: err.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

export async function registerGraphql(app: FastifyInstance) {
  await app.register(mercurius, {
    schema,
    path: '/graphql-internal',
    graphiql: false,
    jit: 0,
    context: (req): GqlContext => ({ db: app.db, config: app.config, actor: req.actor }),
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter({ ...execution, errors: execution.errors?.map(formatError) }, ctx);
      for (const e of execution.errors ?? []) {
        if (e.originalError && !(e.originalError instanceof AppError) && !(e.originalError instanceof InvalidBase64IdError) && !(e.originalError instanceof GraphQLError)) {
          ctx.reply.log.error({ err: e.originalError }, 'graphql resolver failed');
        }
      }
      return formatted;
    },
  });
}
