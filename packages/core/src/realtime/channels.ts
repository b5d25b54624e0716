/**
 * Realtime channels (data-api.md §9): `private-user-{userId}` carries one user's notifications,
 * `presence-project-{projectId}` carries a project's changes and who is looking at it.
 */
export const userChannel = (userId: number) => `private-user-${userId}`;
export const projectChannel = (projectId: number) => `presence-project-${projectId}`;

export type RealtimeChannel = { kind: 'user'; userId: number } | { kind: 'project'; projectId: number };

const CHANNEL = /^(private-user|presence-project)-([1-9][0-9]{0,9})$/;

/** The channel a name stands for, or null for a name that is not one of ours. */
export function parseChannel(name: string): RealtimeChannel | null {
  const match = CHANNEL.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return match[1] === 'private-user' ? { kind: 'user', userId: id } : { kind: 'project', projectId: id };
}

/**
 * What a message on a channel says happened. Messages carry ids only: a screen that receives one refetches what it
 * shows, so a message never reveals more than the API would to the same person.
 */
export const REALTIME_EVENTS = [
  /** A comment of an asset was created, edited, resolved, reopened or deleted: `{ asset_id, comment_id }`. */
  'comment',
  /** Assets moved between workflow statuses, or the project's statuses changed: `{ asset_ids }`. */
  'workflow',
  /** Assets were added, changed or got a new revision: `{ asset_ids }`. */
  'asset',
  /** An approval request was created, voted on or resolved: `{ request_id, asset_ids }`. */
  'approval',
  /** An asset's assignee, due date or checklist changed: `{ asset_id }`. */
  'assignment',
  /** A user got a notification: `{ notification_id }`. */
  'notification',
] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** One message as it travels from the process that made it, through PostgreSQL, to the subscribers. */
export interface RealtimeMessage {
  channel: string;
  event: RealtimeEvent;
  data: Record<string, unknown>;
}
