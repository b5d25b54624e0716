import { parseChannel, type RealtimeAuthBody, type RealtimeAuthResponse, type RealtimeChannelAuth } from '@emblem/core';
import { requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { AppError, TooManyRequestsError } from '../../http/errors.js';
import { countRecentFailures, insertFailure, oldestRecentFailure } from '../auth/public.js';
import { publishPresence } from './publish.js';
import * as q from './queries.js';
import { signSubscription } from './signature.js';

/*
 * Realtime (decision 0047): signing channel subscriptions, and the presence rows of project channels. Messages
 * themselves are published by the modules whose operations change something (publish.ts).
 */

/** Auth requests one user may make in the window before 429 (a tab makes one per tick in which it subscribes). */
export const REALTIME_AUTH_WINDOW_MS = 10 * 60_000;
export const REALTIME_AUTH_MAX = 300;

async function throttle(db: Db, actor: Actor) {
  const key = `realtime-auth:${actor.userId}`;
  if ((await countRecentFailures(db, key, REALTIME_AUTH_WINDOW_MS)) >= REALTIME_AUTH_MAX) {
    const since = await oldestRecentFailure(db, key, REALTIME_AUTH_WINDOW_MS);
    const retryAfter = Math.max(1, Math.ceil(((since?.getTime() ?? Date.now()) + REALTIME_AUTH_WINDOW_MS - Date.now()) / 1000));
    throw new TooManyRequestsError('Too many realtime auth requests: try again later', retryAfter);
  }
  await insertFailure(db, key);
}

/**
 * POST /api/pusher/auth: a signature for each channel the caller may subscribe to, or the status refusing it.
 * `private-user-{id}` is the user's own only (403 otherwise); `presence-project-{id}` needs VIEW on the project
 * (404 for one they cannot see or that does not exist, like every project lookup).
 */
export async function authorizeChannels(db: Db, actor: Actor, key: Buffer, body: RealtimeAuthBody): Promise<RealtimeAuthResponse> {
  await throttle(db, actor);
  const answers: RealtimeAuthResponse = {};
  let channelData: string | undefined;
  for (const name of body.channel_name) {
    answers[name] = await authorizeOne(name);
  }
  return answers;

  async function authorizeOne(name: string): Promise<RealtimeChannelAuth> {
    const channel = parseChannel(name);
    if (!channel) return { status: 404, message: 'No such channel' };
    if (channel.kind === 'user') {
      if (channel.userId !== actor.userId) return { status: 403, message: "Another user's channel" };
      return { status: 200, auth: signSubscription(key, body.socket_id, name) };
    }
    try {
      await requireProject(db, actor, channel.projectId, 'project.view');
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404))
        return { status: err.statusCode, message: err.message };
      throw err;
    }
    channelData ??= JSON.stringify({
      user_id: actor.userId,
      user_info: (await q.userInfo(db, actor.userId)) ?? { name: null, avatar: null },
    });
    return { status: 200, auth: signSubscription(key, body.socket_id, name, channelData), channel_data: channelData };
  }
}

/** Each (project, user) pair once. */
function pairs(rows: { projectId: number; userId: number }[]) {
  return [...new Map(rows.map((r) => [`${r.projectId}:${r.userId}`, r])).values()];
}

/** A socket joins a project's presence: its row, the news to every process, and the members as they now are. */
export async function joinPresence(db: Db, row: { socketId: string; projectId: number; processId: string; userId: number }) {
  await db.transaction(async (tx) => {
    await q.upsertPresence(tx, row);
    await publishPresence(tx, row.projectId, row.userId);
  });
  return q.presenceMembers(db, row.projectId);
}

/** A socket leaves the presence of some projects (of all without `projectIds`: it closed). */
export async function leavePresence(db: Db, socketId: string, projectIds?: number[]) {
  await db.transaction(async (tx) => {
    for (const gone of pairs(await q.deletePresence(tx, socketId, projectIds))) await publishPresence(tx, gone.projectId, gone.userId);
  });
}

/** The asset a socket shows on a project changed (null: none); an asset not live in that project is ignored. */
export async function viewAsset(db: Db, socketId: string, projectId: number, assetId: number | null) {
  await db.transaction(async (tx) => {
    const [changed] = await q.setViewing(tx, socketId, projectId, assetId);
    if (changed) await publishPresence(tx, projectId, changed.userId);
  });
}

/** The heartbeat of a process: renews its rows and removes those of processes that stopped renewing theirs. */
export async function presenceHeartbeat(db: Db, processId: string, maxAgeMs: number) {
  await db.transaction(async (tx) => {
    await q.touchProcess(tx, processId);
    for (const gone of pairs(await q.deleteExpired(tx, maxAgeMs))) await publishPresence(tx, gone.projectId, gone.userId);
  });
}

export const presenceMembers = q.presenceMembers;
