import type { Db } from './client.js';
import { audit } from './events.js';

/*
 * Compile-time checks of the event catalog, run by `npm run typecheck` (never imported, never bundled): each
 * `@ts-expect-error` line must stay an error, or tsc fails with "Unused '@ts-expect-error' directive".
 */
export async function eventCatalogChecks(tx: Db) {
  const who = { accountId: 1, userId: 2 };
  await audit(tx, who, 'brand:delete', 3, { name: 'Acme' });
  await audit(tx, who, 'auth:logout', null);
  // @ts-expect-error an event type that is not in the catalog
  await audit(tx, who, 'brand:explode', 3);
  // @ts-expect-error brand:delete records the brand's name
  await audit(tx, who, 'brand:delete', 3);
  // @ts-expect-error the name is a string
  await audit(tx, who, 'brand:delete', 3, { name: 42 });
  // @ts-expect-error brand:create takes no data
  await audit(tx, who, 'brand:create', 3, { name: 'Acme' });
  // @ts-expect-error a brand event is about a brand: its id is required
  await audit(tx, who, 'brand:create', null);
  // @ts-expect-error auth:logout is about nothing
  await audit(tx, who, 'auth:logout', 3);
}
