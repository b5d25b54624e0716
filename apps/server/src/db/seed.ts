import type { Config } from '../config.js';
import type { Actor } from '../http/actor.js';
import { randomToken } from '../lib/secrets.js';
import { countAccounts, createAccountWithOwner } from '../modules/accounts/operations.js';
import { createBrand } from '../modules/brands/operations.js';
import type { Db } from './client.js';

export interface SeedResult {
  email: string;
  /** Set only when the password was generated here; printed once. */
  generatedPassword: string | null;
  /** The owner and the demo brand, for the demo content (demo.ts) that needs the app's storage. */
  owner: Actor;
  brandId: number;
}

/**
 * On an empty database: an account, its owner and a demo brand, through the same operations as the API.
 * The owner comes from EMBLEM_ADMIN_EMAIL / EMBLEM_ADMIN_PASSWORD; without a password one is generated.
 */
export async function seedDemo(db: Db, config: Config): Promise<SeedResult | null> {
  if ((await countAccounts(db)) > 0) return null;
  const email = config.adminEmail ?? 'admin@example.com';
  const generatedPassword = config.adminPassword ? null : randomToken(12);
  const password = config.adminPassword ?? (generatedPassword as string);
  const { actor } = await createAccountWithOwner(db, {
    accountName: 'Demo Company',
    owner: { name: 'Demo Owner', email, password },
    plan: 'FREE',
    featureFlags: ['ACCESS_REQUESTS', 'COOKIE_CONSENT'],
  });
  const brand = await createBrand(db, actor, { name: 'Acme' });
  return { email, generatedPassword, owner: actor, brandId: brand.id };
}
