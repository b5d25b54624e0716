import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { AppError, NotFoundError } from '../http/errors.js';
import { sha256 } from '../lib/secrets.js';
import { findSet } from '../modules/folders/queries.js';
import { findProject, type ProjectRow } from '../modules/projects/queries.js';
import {
  findRequest,
  findToken,
  findTokenByHash,
  type SubmissionRequestRow,
  type SubmissionTokenRow,
} from '../modules/submissions/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type CheckedProject, type ProjectAccess, requireProject } from './projects.js';

/**
 * Submission requests are managed by editors of their library (EDIT); their tokens by the same people. People
 * without an account reach a request only through a live token's address, never by id (decision 0032).
 */
export type CheckedSubmissionRequest = Checked<
  'submission_request',
  ProjectAccess & { request: SubmissionRequestRow; access: CheckedProject }
>;
export type CheckedSubmissionToken = Checked<
  'submission_token',
  ProjectAccess & { token: SubmissionTokenRow; request: SubmissionRequestRow }
>;

export async function requireSubmissionRequest(db: Db, actor: Actor, id: number): Promise<CheckedSubmissionRequest> {
  noteChecked('submission_request', id);
  const request = await findRequest(db, id);
  if (!request) throw new NotFoundError();
  const access = await requireProject(db, actor, request.projectId, 'project.edit');
  return seal('submission_request', id, { ...access, request, access });
}

export async function requireSubmissionToken(db: Db, actor: Actor, id: number): Promise<CheckedSubmissionToken> {
  noteChecked('submission_token', id);
  const token = await findToken(db, id);
  const request = token ? await findRequest(db, token.requestId) : null;
  if (!token || !request) throw new NotFoundError();
  const access = await requireProject(db, actor, request.projectId, 'project.edit');
  return seal('submission_token', id, { ...access, token, request });
}

/** 410 Gone: the address existed but no longer takes files. */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message, undefined, 'GONE');
  }
}

export const UNKNOWN_SUBMISSION_LINK = 'This upload link does not exist or was withdrawn';
export const EXPIRED_SUBMISSION_LINK = 'This upload link has expired: ask whoever sent it for a new one';
export const CLOSED_SUBMISSION_REQUEST = 'This request closed at its deadline and takes no more files';

/** A token's address as a visitor holds it: the request, its library and folder, and when uploads are late and close. */
export type LiveSubmission = Checked<
  'submission_token',
  { token: SubmissionTokenRow; request: SubmissionRequestRow; project: ProjectRow; closesAt: Date | null; late: boolean }
>;

/** When a request stops taking files: its deadline plus the grace period (null without a deadline). */
export function closesAt(request: Pick<SubmissionRequestRow, 'deadlineAt' | 'graceHours'>): Date | null {
  return request.deadlineAt ? new Date(request.deadlineAt.getTime() + request.graceHours * 3_600_000) : null;
}

/**
 * The request behind a public address, when it still takes files: unknown, revoked, of a deleted request, or whose
 * folder is in the trash → 404; expired token or past the deadline and grace period → 410.
 */
export async function requireLiveSubmission(db: Db, address: string, now = new Date()): Promise<LiveSubmission> {
  const row = await findTokenByHash(db, sha256(address));
  if (!row || row.token.revokedAt !== null) throw new NotFoundError(UNKNOWN_SUBMISSION_LINK);
  const { token, request } = row;
  const project = await findProject(db, request.projectId);
  if (!project) throw new NotFoundError(UNKNOWN_SUBMISSION_LINK);
  if (request.setId !== null) {
    const set = await findSet(db, request.setId);
    if (!set) throw new NotFoundError(UNKNOWN_SUBMISSION_LINK);
  }
  if (token.expiresAt.getTime() <= now.getTime()) throw new GoneError(EXPIRED_SUBMISSION_LINK);
  const closes = closesAt(request);
  if (closes && closes.getTime() <= now.getTime()) throw new GoneError(CLOSED_SUBMISSION_REQUEST);
  const late = request.deadlineAt !== null && request.deadlineAt.getTime() <= now.getTime();
  return seal('submission_token', token.id, { token, request, project, closesAt: closes, late });
}
