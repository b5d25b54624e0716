import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uncheckedClaims, withClaimLedger } from './claims.js';

/**
 * Gives every request its id-claim ledger and, when it succeeds, looks for ids it named that no access check
 * looked at. GraphQL answers 200 with `errors` for refused operations; those are not successes.
 */
export const claimsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_req, _reply, done) => withClaimLedger(done));
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const unchecked = uncheckedClaims();
    if (unchecked.length === 0) return payload;
    if (req.url.startsWith('/graphql-internal') && typeof payload === 'string' && payload.includes('"errors":')) return payload;
    req.log.error({ unchecked, route: req.routeOptions.url, method: req.method }, 'request used ids it never checked');
    if (app.config.uncheckedIds === 'enforce')
      throw new Error(`Unchecked ids in ${req.method} ${req.routeOptions.url}: ${unchecked.join(', ')}`);
    return payload;
  });
});
