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
  | 'collection'
  | 'share_link'
  | 'licence'
  | 'permission_token'
  | 'submission_request'
  | 'portal'
  | 'document'
  | 'page'
  | 'heading'
  | 'section'
  | 'block'
  | 'project'
  | 'set'
  | 'asset'
  | 'file'
  | 'workflow_status'
  | 'checklist_preset';

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
  /** A "forgot password" link was mailed (only for an address that belongs to someone). */
  'auth:password-reset-request': event<{ ip: string | null }>('user'),
  /** A new password was set through a reset link; every session of the user ended. */
  'auth:password-reset': event<{ revoked_sessions: number }>('user'),
  'session:revoke': event('session'),
  'token:create': event('api_token'),
  'token:revoke': event('api_token'),

  /** `existing`: the person already had an Emblem password, so they joined at once (no invitation link). */
  'user:invite': event<{ role: string; group_ids: number[]; existing: boolean }>('user'),
  /** A new invitation link replaced the old one. */
  'user:invitation-resend': event('user'),
  /** A pending invitation was withdrawn: the invited person left the account. */
  'user:invitation-revoke': event('user'),
  'user:join': event('user'),
  'user:role': event<{ from: string; to: string }>('user'),
  'user:remove': event('user'),
  /** The profile columns that were set. */
  'user:update': event<Record<string, unknown>>('user'),
  'user:password-change': event<{ revoked_sessions: number }>('user'),
  'user:email-verification-request': event<{ email: string; change: boolean }>('user'),
  'user:email-verified': event<{ email: string; previous: string | null }>('user'),
  /** Which notification types' switches a user changed (decision 0050). */
  'user:notification-settings': event<{ types: string[] }>('user'),

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

  /* Guideline documents and their content; `document_id` lets a document's history be read in one query. */
  'document:create': event<{ title: string; portal_id: number }>('document'),
  'document:update': event<Fields>('document'),
  'document:delete': event<{ title: string }>('document'),
  'document:restore': event('document'),
  'page:create': event<{ document_id: number; title: string }>('page'),
  'page:update': event<{ document_id: number; fields: string[] }>('page'),
  'page:delete': event<{ document_id: number; title: string; forced: boolean }>('page'),
  'page:restore': event<{ document_id: number }>('page'),
  /** The page's sections and blocks were brought back to a saved state. */
  'page:revision-restore': event<{ document_id: number; revision_id: number }>('page'),
  'heading:create': event<{ document_id: number; page_id: number }>('heading'),
  'heading:update': event<{ document_id: number; fields: string[] }>('heading'),
  'heading:delete': event<{ document_id: number }>('heading'),
  'heading:restore': event<{ document_id: number }>('heading'),
  'section:create': event<{ document_id: number; page_id: number }>('section'),
  'section:update': event<{ document_id: number; fields: string[] }>('section'),
  'section:delete': event<{ document_id: number; forced: boolean }>('section'),
  'section:restore': event<{ document_id: number }>('section'),
  'section:move': event<{ document_id: number; from_page_id: number; page_id: number }>('section'),
  /** A tab group was dissolved: its sections stay on the page as plain sections. */
  'section:tab-group-delete': event<{ document_id: number; group_id: string; sections: number[] }>('page'),
  'block:create': event<{ document_id: number; type: string }>('block'),
  'block:update': event<{ document_id: number }>('block'),
  'block:delete': event<{ document_id: number; forced: boolean }>('block'),
  'block:restore': event<{ document_id: number }>('block'),
  'block:move': event<{ document_id: number; from_section_id: number; section_id: number }>('block'),

  'brand:create': event('brand'),
  /** The brand columns that were set. */
  'brand:update': event<Record<string, unknown>>('brand'),
  'brand:delete': event<{ name: string }>('brand'),

  'collection:create': event<{ name: string; project_id: number }>('collection'),
  'collection:update': event<{ fields: string[] }>('collection'),
  'collection:delete': event<{ name: string; assets: number }>('collection'),
  /** Assets were added to, removed from or moved within the collection. */
  'collection:assets': event<{ added?: number[]; removed?: number[]; moved?: number[] }>('collection'),

  /* Submission requests (decision 0032): public upload pages into a library folder. */
  'submission-request:create': event<{ title: string; project_id: number; set_id: number | null }>('submission_request'),
  'submission-request:update': event<Fields>('submission_request'),
  'submission-request:delete': event<{ title: string }>('submission_request'),
  'submission-request:token': event<{ token_id: number; expires_at: string }>('submission_request'),
  'submission-request:revoke': event<{ token_id: number }>('submission_request'),
  /** A file arrived through a token's public page (no user). */
  'asset:submit': event<{ request_id: number; token_id: number; late: boolean }>('asset'),
  'asset:accept-submission': event<{ request_id: number | null }>('asset'),
  'share-link:create': event<{ type: string; password: boolean; expires_at: string | null; download: string }>('share_link'),
  'share-link:update': event<{ fields: string[] }>('share_link'),
  /** A new address replaced the old one. */
  'share-link:address': event('share_link'),
  'share-link:delete': event<{ type: string }>('share_link'),
  'permission-token:create': event<{ asset_ids: number[]; level: string; expires_at: string }>('permission_token'),

  'licence:create': event<{ title: string; require_consensus: boolean }>('licence'),
  'licence:update': event<{ fields: string[] }>('licence'),
  'licence:delete': event<{ title: string; assets: number }>('licence'),
  /** An asset's licences or copyright changed (decision 0031). */
  'asset:rights': event<{ licence_ids?: number[]; fields?: string[] }>('asset'),

  'project:create': event('project'),
  'project:update': event<Fields>('project'),
  'project:delete': event<{ name: string }>('project'),
  'project:collaborator': event<{ userId: number; level: ProjectLevel }>('project'),
  'project:collaborator-remove': event<{ userId: number }>('project'),
  'project:group': event<{ groupId: number; level: ProjectLevel }>('project'),
  'project:group-remove': event<{ groupId: number }>('project'),
  'project:media-tokens': event<{ assets: number }>('project'),
  'project:trash-empty': event<{ assets: number; folders: number }>('project'),

  /** Tags added to or removed from assets of the subject project (decision 0038). */
  'tags:change': event<{ type: 'add' | 'remove'; tags: string[]; assets: number; changed: number }>('project'),
  'tags:rename': event<{ from: string; to: string; assets: number }>('project'),
  'tags:delete': event<{ tag: string; assets: number }>('project'),
  /** Custom metadata (decision 0040): a property of the brand created, changed (the fields set) or deleted. */
  'metadata-property:create': event<{ property: number; name: string; type: string }>('brand'),
  'metadata-property:update': event<{ property: number; fields: string[] }>('brand'),
  'metadata-property:delete': event<{ property: number; name: string; values: number }>('brand'),
  'metadata-property:move': event<{ property: number; position: number }>('brand'),
  /** Values of properties set, added to or removed from assets of one library. */
  'metadata-values:change': event<{ action: 'add' | 'set' | 'remove'; properties: number[]; assets: number; changed: number }>('project'),
  /** A duplicate group resolved (decision 0042): the others went to the trash, after a merge into the kept asset. */
  'duplicates:resolve': event<{
    group: string;
    action: 'delete' | 'merge';
    kept: number;
    trashed: number[];
    tags: number;
    metadata: number;
    collections: number;
  }>('project'),

  'folder:create': event('set'),
  'folder:update': event<{ name?: string; color?: string; parent?: number | null }>('set'),
  'folder:delete': event<{ name: string; folders: number; assets: number }>('set'),
  'folder:restore': event<{ parent: number | null }>('set'),

  'file:upload': event<{ project_id: number | null; size: number; extension: string }>('file'),

  'asset:create': event('asset'),
  'asset:update': event('asset'),
  'asset:delete': event('asset'),
  /** The daily job saw the asset's `expires_at` pass (once per expiry; decision 0033). */
  'asset:expired': event<{ expires_at: string }>('asset'),
  'asset:restore': event<{ set_id: number | null }>('asset'),
  'asset:revision': event<{ number: number }>('asset'),
  'asset:media-token': event('asset'),
  'asset:download': event<
    { revision_id: number; format?: string; width?: number | null; size?: string | null } | { attachment_id: number }
  >('asset'),
  /** Assets and folders moved or copied into the subject project from `source`. */
  'asset:move': event<{ source: number; assets: number; folders: number }>('project'),
  'asset:copy': event<{ source: number; assets: number; folders: number }>('project'),
  /** An asset went from one workflow status to another (names kept, as statuses may be renamed or removed). */
  'asset:workflow-status': event<{ project_id: number; from: number | null; from_name: string | null; to: number; to_name: string }>(
    'asset',
  ),
  'workflow-status:create': event<{ project_id: number; name: string }>('workflow_status'),
  'workflow-status:update': event<{ project_id: number; fields: string[] }>('workflow_status'),
  'workflow-status:delete': event<{ project_id: number; name: string; move_to: number | null; assets: number }>('workflow_status'),
  'workflow-status:reorder': event<{ status_ids: number[] }>('project'),
  /* Comments on the subject asset (decision 0046); `comment_id` names the comment or reply. */
  'comment:create': event<{ comment_id: number; marking: string | null; mentioned_user_ids: number[] }>('asset'),
  'comment:reply': event<{ comment_id: number; parent_id: number; mentioned_user_ids: number[] }>('asset'),
  'comment:edit': event<{ comment_id: number }>('asset'),
  /** `replies`: how many replies went with a comment. */
  'comment:delete': event<{ comment_id: number; parent_id: number | null; replies: number }>('asset'),
  'comment:resolve': event<{ comment_id: number }>('asset'),
  'comment:reopen': event<{ comment_id: number }>('asset'),
  /*
   * Approval requests (decision 0049): one event per asset of the request, so each asset's audit trail reads them;
   * `request_id` ties the events of one request together. `reviewer_ids` name reviewer rows of the request.
   */
  'approval:request': event<{ request_id: number; mode: string; due_at: string | null; user_ids: number[]; group_ids: number[] }>('asset'),
  'approval:vote': event<{ request_id: number; vote: string; reviewer_ids: number[]; group_ids: number[] }>('asset'),
  'approval:reviewers': event<{
    request_id: number;
    added_user_ids: number[];
    added_group_ids: number[];
    removed_user_ids: number[];
    removed_group_ids: number[];
  }>('asset'),
  /** A new revision of an asset of an open request cleared its votes. */
  'approval:reset': event<{ request_id: number; revision: number; votes: number }>('asset'),
  /** The request was decided (`by`: a vote, a change of reviewers, the due date, a reviewer's lost access) or cancelled. */
  'approval:result': event<{
    request_id: number;
    result: string;
    by: 'vote' | 'reviewers' | 'due' | 'access' | 'cancel';
    moved_to: number | null;
  }>('asset'),
  /* Assignments on the subject asset of a workspace (decision 0048). */
  'asset:assign': event<{ project_id: number; from: number | null; to: number | null }>('asset'),
  'asset:due-date': event<{ project_id: number; from: string | null; to: string | null }>('asset'),
  /** A checklist change: `item_id` names the item (none for a reorder), `preset_id` the preset whose items were appended. */
  'asset:checklist': event<{
    project_id: number;
    action: 'add' | 'edit' | 'tick' | 'untick' | 'delete' | 'reorder' | 'preset';
    item_id?: number;
    content?: string;
    preset_id?: number;
    items?: number;
  }>('asset'),
  'checklist-preset:create': event<{ project_id: number; name: string }>('checklist_preset'),
  'checklist-preset:update': event<{ project_id: number; fields: string[] }>('checklist_preset'),
  'checklist-preset:delete': event<{ project_id: number; name: string }>('checklist_preset'),
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

/** Records many events of one type in one statement, inside the caller's transaction (one per subject). */
export async function auditMany<T extends EventType>(
  tx: Db,
  who: Who,
  type: T,
  entries: readonly { subjectId: SubjectIdOf<T>; data: DataOf<T> }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(events).values(
    entries.map((e) => ({
      accountId: who.accountId,
      actorId: who.userId,
      type,
      subjectType: EVENTS[type].subject,
      subjectId: e.subjectId,
      data: (e.data as Record<string, unknown> | undefined) ?? {},
    })),
  );
}
