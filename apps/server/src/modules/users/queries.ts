import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, memberships, users } from '../../db/schema.js';

/** A user as seen from one account: the user's row, their role and the account's name. */
export async function findUserInAccount(db: Db, userId: number, accountId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      language: users.language,
      avatar: users.avatar,
      gravatarHash: users.gravatarHash,
      createdAt: users.createdAt,
      role: memberships.role,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.id, userId), eq(memberships.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
