import type { ErrorPageCode, ProjectLevel } from '@emblem/core';
import type { Db } from './client.js';
import { events } from './schema.js';

/** What an event can be about: the `subject_type` column. */
export type SubjectKind =
  | 'account'
  | 'user'
  | 'user_group'
  | 'session'
  | 'api_token'
  | 'access_request'
  | 'brand'
  | 'portal'
  | 'project'
  | 'set'
  | 'asset'
  | 'file';

/** The JSON an event stores in `data`; absent (stored as `{}`) when `D` is `undefined`. */
type EventData = Record<string, unknown> | undefined;

declare const dataType: unique symbol;

/** One entry of the catalog: its subject kind at run time, the type of its data only at compile time. */
interface EventSpec<S extends SubjectKind | null, D extends EventData> {
  readonly subject: S;
  /** Phantom: never set; carries `D` for `DataOf`. */
  readonly [dataType]?: D;
}

function event<D extends EventData = undefined>(subject: SubjectKind): EventSpec<SubjectKind, D>;
function event<D extends EventData = undefined>(subject: null): EventSpec<null, D>;
function event(subject: SubjectKind | null): EventSpec<SubjectKind | null, EventData> {
  return { subject };
}

/** Names the API's fields that a settings save changed. */
type Fields = { fields: string[] };

/**
 * Every event the server records: its `type`, what it is about (`subject_type`, null when about nothing) and
 * the shape of its `data`. `audit` writes only these, so a type, its subject kind and its data cannot disagree.
 */
const EVENTS = {
  'account:create': event('account'),
  'account:update': event<Fields>('account'),
  'login-page:update': event<Fields>('account'),
  'error-page:update': event<{ code: ErrorPageCode; fields: string[] }>('account'),
  'flag:enable': event<{ flag: string }>(null),
  'flag:disable': event<{ flag: string }>(null),
  'trial:extend': event<{ until: string }>(null),

  'auth:login': event('user'),
  'auth:logout': event(null),
  'session:revoke': event('session'),
  'token:create': event('api_token'),
  'token:revoke': event('api_token'),

  'user:invite': event('user'),
  'user:join': event('user'),
  'user:role': event<{ from: string; to: string }>('user'),
  'user:remove': event('user'),
  /** The profile columns that were set. */
  'user:update': event<Record<string, unknown>>('user'),
  'user:password-change': event<{ revoked_sessions: number }>('user'),
  'user:email-verification-request': event<{ email: string; change: boolean }>('user'),
  'user:email-verified': event<{ email: string; previous: string | null }>('user'),

  'group:create': event<{ name: string }>('user_group'),
  'group:rename': event<{ from: string; to: string }>('user_group'),
  'group:delete': event<{ name: string; userIds: number[] }>('user_group'),
  'group:members': event<{ added: number[]; removed: number[] }>('user_group'),

  'access-request:create': event('access_request'),
  'access-request:approved': event('access_request'),
  'access-request:declined': event('access_request'),

  'portal:create': event<{ title: string }>('portal'),
  'portal:update': event<Fields>('portal'),
  'portal:token': event('portal'),

  'brand:create': event('brand'),
  /** The brand columns that were set. */
  'brand:update': event<Record<string, unknown>>('brand'),
  'brand:delete': event<{ name: string }>('brand'),

  'project:create': event('project'),
  'project:update': event<Fields>('project'),
  'project:delete': event<{ name: string }>('project'),
  'project:collaborator': event<{ userId: number; level: ProjectLevel }>('project'),
  'project:collaborator-remove': event<{ userId: number }>('project'),
  'project:group': event<{ groupId: number; level: ProjectLevel }>('project'),
  'project:group-remove': event<{ groupId: number }>('project'),
  'project:media-tokens': event<{ assets: number }>('project'),

  'folder:create': event('set'),
  'folder:update': event<{ name?: string; color?: string; parent?: number | null }>('set'),
  'folder:delete': event<{ name: string; moved: number }>('set'),

  'file:upload': event<{ project_id: number | null; size: number; extension: string }>('file'),

  'asset:create': event('asset'),
  'asset:update': event('asset'),
  'asset:delete': event('asset'),
  'asset:revision': event<{ number: number }>('asset'),
  'asset:media-token': event('asset'),
  'asset:download': event<
    { revision_id: number; format?: string; width?: number | null; size?: string | null } | { attachment_id: number }
  >('asset'),
  /** Assets and folders moved or copied into the subject project from `source`. */
  'asset:move': event<{ source: number; assets: number; folders: number }>('project'),
  'asset:copy': event<{ source: number; assets: number; folders: number }>('project'),
  'attachment:create': event('asset'),
  'attachment:delete': event('asset'),
} as const;

type Catalog = typeof EVENTS;

/** Every type of event the server records. */
export type EventType = keyof Catalog;

/** The `data` an event of type `T` stores (`undefined` when it stores none). */
export type DataOf<T extends EventType> = Catalog[T] extends EventSpec<SubjectKind | null, infer D> ? D : never;

/** The id of the event's subject, or null for an event about nothing. */
type SubjectIdOf<T extends EventType> = Catalog[T]['subject'] extends null ? null : number;

/** No argument for an event without data, the data otherwise. */
type DataArgs<T extends EventType> = [DataOf<T>] extends [undefined] ? [] : [data: DataOf<T>];

/** An event's type with its data, for code that passes an event on to be recorded (one of `T`). */
export type EventOf<T extends EventType> = { [K in T]: { type: K; data: DataOf<K> } }[T];

/** Who did it: an `Actor`, or the account and user an event is recorded for. */
export interface Who {
  accountId: number | null;
  userId: number | null;
}

/**
 * Records what happened, inside the caller's transaction: `await audit(tx, actor, 'brand:delete', brand.id, { name })`.
 * The subject type comes from the catalog.
 */
export async function audit<T extends EventType>(
  tx: Db,
  who: Who,
  type: T,
  subjectId: SubjectIdOf<T>,
  ...data: DataArgs<T>
): Promise<void> {
  await tx.insert(events).values({
    accountId: who.accountId,
    actorId: who.userId,
    type,
    subjectType: EVENTS[type].subject,
    subjectId,
    data: data[0] ?? {},
  });
}
