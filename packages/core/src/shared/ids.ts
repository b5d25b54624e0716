/**
 * Every id in a request is a claim, not a fact: the caller says "this asset", and the server must check what the
 * caller may do to that asset before using it. Request schemas mark each id field with the kind of record it
 * names (`refId('asset')` in schemas.ts); while the server parses a request, each marked id is reported to the
 * recorder the server installs, and the server's access module reports each id it checks. A request that
 * succeeds with an id it never checked is a defect the server's tests catch (apps/server/src/access/claims.ts).
 */
export const ID_KINDS = [
  'access_request',
  'account',
  'approval_request',
  'asset',
  'attachment',
  'block',
  'brand',
  'checklist_item',
  'checklist_preset',
  'collection',
  'comment',
  'custom_metadata_option',
  'custom_metadata_property',
  'document',
  'folder',
  'group',
  'heading',
  'licence',
  'notification',
  'page',
  'page_revision',
  'portal',
  'project',
  'revision',
  'section',
  'session',
  'share_link',
  'submission_request',
  'submission_token',
  'token',
  'upload',
  'user',
  'workflow_status',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

type Recorder = (kind: IdKind, id: number | string) => void;
let recorder: Recorder | null = null;

/** The server installs one recorder at start; the web app installs none, so parsing there records nothing. */
export function setIdClaimRecorder(fn: Recorder | null): void {
  recorder = fn;
}

/** A transform step for an id field of `kind`: reports the parsed id as a claim and passes it on unchanged. */
export function claimOf<T extends number | string>(kind: IdKind): (id: T) => T {
  return (id) => {
    recorder?.(kind, id);
    return id;
  };
}

/** The metadata key that marks an id field, so tests can list every marked field of every schema. */
export const ID_KIND_META = 'idKind';
