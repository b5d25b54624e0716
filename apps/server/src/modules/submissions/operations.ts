import type {
  CreateSubmissionRequestBody,
  IssueSubmissionTokenBody,
  SubmissionPage,
  SubmissionRequestResponse,
  SubmissionTokenResponse,
  SubmissionUploadResult,
  Submitter,
  UpdateSubmissionRequestBody,
} from '@emblem/core';
import { allowedExtensions } from '@emblem/core';
import {
  closesAt,
  type LiveSubmission,
  requireAssets,
  requireFolderIn,
  requireLiveSubmission,
  requireProject,
  requireSubmissionRequest,
  requireSubmissionToken,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { insertSubmittedAsset } from '../assets/public.js';
import { countRecentFailures, insertFailure, oldestRecentFailure } from '../auth/public.js';
import { deleteUnusedFile, type FileDeps, ingestPublicFile } from '../files/public.js';
import { accountBlockedExtensions } from '../projects/public.js';
import * as q from './queries.js';

/** 24 random bytes: 192 bits, 32 characters in the address. */
const TOKEN_BYTES = 24;

export interface SubmissionDeps {
  db: Db;
  publicUrl: string;
}

const addressOf = (deps: Pick<SubmissionDeps, 'publicUrl'>, token: string) => `${deps.publicUrl}/submit/${token}`;

function presentToken(t: q.SubmissionTokenRow, issued: { token: string; url: string } | null = null): SubmissionTokenResponse {
  return {
    id: t.id,
    token: issued?.token ?? null,
    url: issued?.url ?? null,
    expires_at: t.expiresAt.toISOString(),
    revoked_at: t.revokedAt?.toISOString() ?? null,
    is_active: t.revokedAt === null && t.expiresAt.getTime() > Date.now(),
    created_at: t.createdAt.toISOString(),
  };
}

async function presentRequests(db: Db, projectId: number, ids?: number[]): Promise<SubmissionRequestResponse[]> {
  const rows = await q.requestsOfProject(db, projectId, ids);
  const tokens = await q.tokensOfRequests(
    db,
    rows.map((r) => r.request.id),
  );
  return rows.map(({ request: r, folderName, creatorName, submitted }) => ({
    id: r.id,
    project_id: r.projectId,
    set_id: r.setId,
    folder_name: folderName,
    title: r.title,
    instructions: r.instructions,
    deadline_at: r.deadlineAt?.toISOString() ?? null,
    grace_hours: r.graceHours,
    submitted_count: submitted,
    tokens: tokens.filter((t) => t.requestId === r.id).map((t) => presentToken(t)),
    created_at: r.createdAt.toISOString(),
    creator: r.createdBy !== null ? { id: r.createdBy, name: creatorName ?? '' } : null,
  }));
}

async function presentOne(db: Db, projectId: number, id: number): Promise<SubmissionRequestResponse> {
  const [one] = await presentRequests(db, projectId, [id]);
  if (!one) throw new NotFoundError();
  return one;
}

/** GET /api/project/{id}/submission-requests (EDIT). */
export async function listSubmissionRequests(db: Db, actor: Actor, projectId: number): Promise<SubmissionRequestResponse[]> {
  await requireProject(db, actor, projectId, 'project.edit');
  return presentRequests(db, projectId);
}

/** POST /api/project/{id}/submission-requests (EDIT): the folder is a claim of this project, live. */
export async function createSubmissionRequest(
  db: Db,
  actor: Actor,
  projectId: number,
  body: CreateSubmissionRequestBody,
): Promise<SubmissionRequestResponse> {
  const access = await requireProject(db, actor, projectId, 'project.edit');
  const set = await requireFolderIn(db, access, body.set_id);
  const id = await db.transaction(async (tx) => {
    const row = await q.insertRequest(tx, {
      accountId: access.project.accountId,
      projectId,
      setId: set?.id ?? null,
      title: body.title,
      instructions: body.instructions,
      deadlineAt: body.deadline_at ? new Date(body.deadline_at) : null,
      graceHours: body.grace_hours,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'submission-request:create', row.id, { title: row.title, project_id: projectId, set_id: row.setId });
    return row.id;
  });
  return presentOne(db, projectId, id);
}

/** GET /api/submission-request/{id} (EDIT on its library). */
export async function getSubmissionRequest(db: Db, actor: Actor, id: number): Promise<SubmissionRequestResponse> {
  const { request } = await requireSubmissionRequest(db, actor, id);
  return presentOne(db, request.projectId, id);
}

/** PATCH /api/submission-request/{id}: title, instructions, folder (a claim of the same library), deadline, grace. */
export async function updateSubmissionRequest(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateSubmissionRequestBody,
): Promise<SubmissionRequestResponse> {
  const checked = await requireSubmissionRequest(db, actor, id);
  const set = body.set_id === undefined ? undefined : await requireFolderIn(db, checked.access, body.set_id);
  await db.transaction(async (tx) => {
    await q.updateRequest(tx, id, {
      title: body.title,
      instructions: body.instructions,
      setId: set === undefined ? undefined : (set?.id ?? null),
      deadlineAt: body.deadline_at === undefined ? undefined : body.deadline_at === null ? null : new Date(body.deadline_at),
      graceHours: body.grace_hours,
    });
    await audit(tx, actor, 'submission-request:update', id, { fields: Object.keys(body) });
  });
  return presentOne(db, checked.request.projectId, id);
}

/** DELETE /api/submission-request/{id}: its tokens go with it (their addresses answer 404); files that arrived stay. */
export async function deleteSubmissionRequest(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const { request } = await requireSubmissionRequest(db, actor, id);
  await db.transaction(async (tx) => {
    await q.deleteRequest(tx, id);
    await audit(tx, actor, 'submission-request:delete', id, { title: request.title });
  });
  return { id };
}

/** POST /api/submission-request/{id}/tokens: a new address, shown this once (only its SHA-256 is stored). */
export async function issueSubmissionToken(
  deps: SubmissionDeps,
  actor: Actor,
  id: number,
  body: IssueSubmissionTokenBody,
): Promise<SubmissionTokenResponse> {
  await requireSubmissionRequest(deps.db, actor, id);
  const token = randomToken(TOKEN_BYTES);
  const row = await deps.db.transaction(async (tx) => {
    const t = await q.insertToken(tx, {
      requestId: id,
      tokenHash: sha256(token),
      expiresAt: new Date(body.expires_at),
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'submission-request:token', id, { token_id: t.id, expires_at: t.expiresAt.toISOString() });
    return t;
  });
  return presentToken(row, { token, url: addressOf(deps, token) });
}

/** DELETE /api/submission-token/{id}: the address stops working at once (kept, revoked, for the record). */
export async function revokeSubmissionToken(db: Db, actor: Actor, id: number): Promise<SubmissionTokenResponse> {
  const { token } = await requireSubmissionToken(db, actor, id);
  await db.transaction(async (tx) => {
    await q.revokeToken(tx, id);
    await audit(tx, actor, 'submission-request:revoke', token.requestId, { token_id: id });
  });
  const row = await q.findToken(db, id);
  if (!row) throw new NotFoundError();
  return presentToken(row);
}

/** POST /api/asset/submissions/accept: submitted assets become ACCEPTED (EDIT on each; all or none). */
export async function acceptSubmissions(db: Db, actor: Actor, assetIds: number[]): Promise<{ accepted: number[] }> {
  const ids = [...new Set(assetIds)];
  const accepted = await db.transaction(async (tx) => {
    const rows = await requireAssets(tx, actor, ids, 'asset.edit');
    const notSubmitted = rows.filter((a) => a.submissionStatus !== 'SUBMITTED').map((a) => a.id);
    if (notSubmitted.length > 0)
      throw new ValidationError(
        { asset_ids: [`Not waiting for acceptance: ${notSubmitted.join(', ')}`] },
        'Only submitted assets can be accepted',
      );
    const changed = await q.acceptAssets(tx, ids);
    for (const a of changed) await audit(tx, actor, 'asset:accept-submission', a.id, { request_id: a.requestId });
    return changed.map((a) => a.id);
  });
  return { accepted };
}

/* The public page (no account) */

/** GET /api/submission/{token}: what the page shows; unknown, revoked or deleted → 404, expired or closed → 410. */
export async function submissionPage(deps: Pick<FileDeps, 'db' | 'config'>, address: string): Promise<SubmissionPage> {
  const live = await requireLiveSubmission(deps.db, address);
  const { request, project } = live;
  const blocked = [...(await accountBlockedExtensions(deps.db, project.accountId)), ...project.blockedExtensions].map((b) =>
    b.toLowerCase().replace(/^\./, ''),
  );
  const allowed = allowedExtensions(project.projectType);
  return {
    title: request.title,
    instructions: request.instructions,
    deadline_at: request.deadlineAt?.toISOString() ?? null,
    closes_at: closesAt(request)?.toISOString() ?? null,
    is_late: live.late,
    library_name: project.name,
    accepted_extensions: allowed ? allowed.filter((e) => !blocked.includes(e)) : [],
    blocked_extensions: [...new Set(blocked)],
    max_file_bytes: deps.config.uploadMaxBytes,
  };
}

/** Uploads through one token, and from one address over all tokens, inside the window before 429. */
export const SUBMIT_WINDOW_MS = 60 * 60_000;
export const SUBMIT_MAX_PER_TOKEN = 200;
export const SUBMIT_MAX_PER_IP = 100;
export const submitKeys = (tokenId: number, ip: string) => ({ perToken: `submit:${tokenId}`, perIp: `submit-ip:${ip}` });

const retryAfter = (since: Date | null) =>
  Math.max(1, Math.ceil(((since?.getTime() ?? Date.now()) + SUBMIT_WINDOW_MS - Date.now()) / 1000));

/**
 * Counts an upload attempt through a token (stored in the database like wrong share-link passwords), refusing
 * with 429 once the token or the address used up its window. Counted before any byte is stored.
 */
async function throttle(db: Db, live: LiveSubmission, ip: string): Promise<void> {
  const { perToken, perIp } = submitKeys(live.token.id, ip);
  for (const [key, max] of [
    [perToken, SUBMIT_MAX_PER_TOKEN],
    [perIp, SUBMIT_MAX_PER_IP],
  ] as const) {
    if ((await countRecentFailures(db, key, SUBMIT_WINDOW_MS)) >= max)
      throw new TooManyRequestsError('Too many uploads: try again later', retryAfter(await oldestRecentFailure(db, key, SUBMIT_WINDOW_MS)));
  }
  await insertFailure(db, perToken);
  await insertFailure(db, perIp);
}

/** The address (token) is checked first, then the rate limit; the caller then streams the file. */
export async function openSubmission(db: Db, address: string, ip: string): Promise<LiveSubmission> {
  const live = await requireLiveSubmission(db, address);
  await throttle(db, live, ip);
  return live;
}

/**
 * POST /api/submission/{token}/upload: stores the file through the files module (extension the library takes,
 * size, quota, magic bytes; refusals leave nothing) and makes it a SUBMITTED asset in the request's folder.
 */
export async function submitFile(
  deps: FileDeps & { jobsEnqueued(): void },
  address: string,
  live: LiveSubmission,
  submitter: Submitter,
  file: Omit<Parameters<typeof ingestPublicFile>[2], 'projectId'>,
): Promise<SubmissionUploadResult> {
  const stored = await ingestPublicFile(deps, live.project, { ...file, projectId: live.project.id });
  try {
    await deps.db.transaction(async (tx) => {
      // The request may have been deleted, or its folder trashed, while the bytes arrived.
      const now = await requireLiveSubmission(tx, address);
      await insertSubmittedAsset(tx, stored, {
        accountId: live.project.accountId,
        projectId: live.project.id,
        setId: now.request.setId,
        requestId: now.request.id,
        tokenId: now.token.id,
        name: submitter.name,
        email: submitter.email,
        late: now.late,
      });
    });
  } catch (err) {
    const key = await deleteUnusedFile(deps.db, stored.id);
    if (key) await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  deps.jobsEnqueued();
  return { filename: stored.originalName, size: stored.size, late: live.late };
}
