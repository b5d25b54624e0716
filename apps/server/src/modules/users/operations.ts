import { isAdminRole } from '@emblem/core';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError } from '../../http/errors.js';
import { userPolicy } from './policy.js';
import * as q from './queries.js';

async function load(db: Db, actor: Actor, userId: number) {
  const row = await q.findUserInAccount(db, userId, actor.accountId);
  if (!row || !userPolicy.canView(actor, row)) throw new NotFoundError();
  return row;
}

export async function currentUser(db: Db, actor: Actor) {
  const u = await load(db, actor, actor.userId);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    language: u.language,
    avatar: u.avatar,
    gravatar_hash: u.gravatarHash,
    created_at: u.createdAt.toISOString(),
    role: u.role,
    organization: { id: u.accountId, name: u.accountName },
    permissions: { analyticsDashboard: { canView: isAdminRole(actor.role) } },
  };
}

/** The avatar popup's info (settings-toolkit.md §3): only for people in the caller's account. */
export async function userInfo(db: Db, actor: Actor, userId: number) {
  const u = await load(db, actor, userId);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    organization: u.accountName,
    preview_url_without_placeholder: u.avatar,
    gravatar_hash: u.gravatarHash,
  };
}

export async function sessionUser(db: Db, actor: Actor) {
  const u = await load(db, actor, actor.userId);
  return { id: u.id, name: u.name, email: u.email, language: u.language, avatar: u.avatar, gravatar_hash: u.gravatarHash };
}
