import type { AccessRequestResponse, AccessRequestStatus } from '@emblem/core';
import { requireScoped } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { accessRequestPolicy } from './policy.js';
import * as q from './queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof q.findRequest>>>;

function present(r: Row): AccessRequestResponse {
  return {
    id: r.id,
    user: { id: r.userId, name: r.userName, email: r.userEmail },
    message: r.message,
    status: r.status as AccessRequestStatus,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

export async function listAccessRequests(db: Db, actor: Actor) {
  const rows = await q.listRequests(db, actor.accountId, accessRequestPolicy.seesAll(actor) ? undefined : actor.userId);
  return rows.map(present);
}

export async function createAccessRequest(db: Db, actor: Actor, input: { message: string }) {
  return db.transaction(async (tx) => {
    if (await q.hasPending(tx, actor.accountId, actor.userId)) {
      throw new ConflictError('You already have a pending access request');
    }
    const { id } = await q.insertRequest(tx, { accountId: actor.accountId, userId: actor.userId, message: input.message });
    await audit(tx, actor, 'access-request:create', id);
    const row = await q.findRequest(tx, id);
    if (!row) throw new NotFoundError();
    return present(row);
  });
}

const DECIDED = { APPROVED: 'access-request:approved', DECLINED: 'access-request:declined' } as const;

export async function decideAccessRequest(db: Db, actor: Actor, id: number, status: 'APPROVED' | 'DECLINED') {
  return db.transaction(async (tx) => {
    const row = requireScoped('access_request', id, await q.findRequest(tx, id));
    accessRequestPolicy.assertDecide(actor, row);
    if (!(await q.decide(tx, id, status, actor.userId))) throw new ConflictError('This request has already been decided');
    await audit(tx, actor, DECIDED[status], id);
    const updated = await q.findRequest(tx, id);
    if (!updated) throw new NotFoundError();
    return present(updated);
  });
}
