import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { accessRequests, assets, comments, notifications, sessions } from '../db/schema.js';
import { randomToken, sha256 } from '../lib/secrets.js';
import { createAccessRequest } from '../modules/access-requests/operations.js';
import { inviteMember } from '../modules/accounts/invitations.js';
import { createSession } from '../modules/auth/operations.js';
import { insertPasswordReset } from '../modules/auth/queries.js';
import { signedMediaUrl } from '../modules/media/urls.js';
import { createToken } from '../modules/tokens/operations.js';
import { insertVerification } from '../modules/users/queries.js';
import { GuidelineWorld } from './authz-guidelines.js';
import { raw, tus, tusMetadata, uniq } from './authz-http.js';
import { Client, type Json, type TestEnv, type TestUser } from './harness.js';
import { upload } from './media.js';

/* The callers of the authorisation matrix (authz-matrix.test.ts) and the World its cells act on. */

export const CALLERS = ['anon', 'outsider', 'view', 'comment', 'edit', 'projectAdmin', 'accountAdmin', 'bearer'] as const;
export type Caller = (typeof CALLERS)[number];
export type Answers = Record<Caller, number>;
/** The signed-in callers that are people with a session. */
export type Person = Exclude<Caller, 'anon' | 'bearer'>;
export const LEVELS = { view: 'VIEW', comment: 'COMMENT', edit: 'EDIT', projectAdmin: 'ADMIN' } as const;

/** The image the upload cells send; `loadPng()` makes it before the World is built. */
export let PNG: Buffer;
export async function loadPng() {
  PNG ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

/** One cell's request: the caller's client (a copy of its session, or the bearer on /v1), who it is, the fixtures. */
export interface Cell {
  c: Client;
  who: Caller;
  /** The person behind the caller (the account admin for the bearer); null for anon. */
  me: TestUser | null;
  /** The user whose records the caller acts on: `me`, or the account owner for anon. */
  self: TestUser;
  w: World;
}
export type Send = (x: Cell) => Promise<Json>;

/** The account, its people and the records every cell works on; `fresh…` make a record for one cell. */
export class World {
  accountId = 0;
  owner!: TestUser;
  people = {} as Record<Person, TestUser>;
  /** A member whose role, collaborations and groups the cells change (never a caller). */
  victim!: TestUser;
  /** A member whose access requests admins decide. */
  requester!: TestUser;
  clients = {} as Record<Caller, Client>;
  /** The owner's session: makes the records the cells act on. */
  setup!: Client;
  brandId = 0;
  libraryId = 0;
  folderId = 0;
  linkAssetId = 0;
  fileAssetId = 0;
  /** The file asset's revision (the viewer's zoom names it). */
  fileRevisionId = 0;
  attachmentId = 0;
  groupId = 0;
  /** A collection of the library under test holding the link asset. */
  collectionId = 0;
  /** The address token of a password-protected share link of the folder under test (password `share password`). */
  shareToken = '';
  /** Share links without a password: of the folder, and of the file asset (originals downloadable). */
  openFolderShareToken = '';
  openAssetShareToken = '';
  /** A submission request of the folder under test, and the address token of one of its tokens (decision 0032). */
  submissionRequestId = 0;
  submissionToken = '';
  /** A workspace project with the four collaborators, a link asset in it, its first workflow status (decision 0045). */
  workspaceId = 0;
  workspaceAssetId = 0;
  workflowStatusId = 0;
  /** A permission token (VIEW on the workspace's asset), for the workflow status list. */
  workspaceToken = '';
  /** A permission token (VIEW on the link asset), for the token queries. */
  permissionToken = '';
  /** Guideline portals of the brand under test, one per visibility. */
  accountPortalId = 0;
  editorsPortalId = 0;
  publicPortal = { id: 0, token: '' };
  /** Guideline documents of those portals with the four collaborators, and their pages, sections and blocks. */
  guidelines!: GuidelineWorld;
  downloadToken = '';
  /** A ZIP the `edit` collaborator prepared in a library they have since been removed from. */
  orphanDownloadToken = '';
  /** Signed media URLs of the file asset: its preview, a variant of it, one past its expiry. */
  previewPath = '';
  variantPath = '';
  expiredPath = '';
  /** A signed media URL of an asset whose token was rotated since. */
  rotatedPath = '';
  settingImagePath = '';
  invitationToken = '';
  /** A tus upload `edit` started, and one it finished. */
  tusUploadId = '';
  tusFinishedId = '';
  /** The current password of each user whose password a cell changed. */
  passwords = new Map<number, string>();
  /** The owner's other session and API token (never the ones the cells use). */
  ownerSessionId = 0;
  ownerTokenId = 0;

  constructor(readonly env: TestEnv) {}

  get db() {
    return this.env.started.database.db;
  }
  get app(): FastifyInstance {
    return this.env.started.app;
  }

  async build() {
    const { factories } = this.env;
    const { accountId, owner } = await factories.account({
      flags: ['USER_GROUPS', 'PUBLIC_ASSET_SHARING', 'APPROVAL_REQUESTS'],
      plan: 'PRO',
      trialEndsAt: new Date(Date.now() - 3 * 86_400_000),
    });
    this.accountId = accountId;
    this.owner = owner;
    const [accountAdmin, outsider, view, comment, edit, projectAdmin, victim, requester] = await Promise.all([
      factories.member(accountId, 'SUPER_USER'),
      ...['outsider', 'view', 'comment', 'edit', 'projectAdmin', 'victim', 'requester'].map(() => factories.member(accountId)),
    ]);
    this.people = { outsider, view, comment, edit, projectAdmin, accountAdmin } as Record<Person, TestUser>;
    this.victim = victim as TestUser;
    this.requester = requester as TestUser;
    const signedIn = await Promise.all([owner, ...Object.values(this.people)].map((u) => this.env.signIn(u)));
    this.setup = signedIn[0] as Client;
    Object.keys(this.people).forEach((who, i) => {
      this.clients[who as Person] = signedIn[i + 1] as Client;
    });
    this.clients.anon = this.env.anon();
    const token = await this.clients.accountAdmin.post('/user/tokens', { name: 'matrix' });
    expect(token.status).toBe(201);
    this.clients.bearer = new Client(this.env.base, { prefix: '/v1', bearer: token.body.data.token });

    const s = this.setup;
    this.brandId = (await factories.brand(owner.actor)).id;
    this.libraryId = await this.library();
    this.accountPortalId = (await this.freshPortal('ACCOUNT')).id;
    this.editorsPortalId = (await this.freshPortal('EDITORS')).id;
    this.publicPortal = await this.freshPortal('PUBLIC');
    this.guidelines = await new GuidelineWorld({
      setup: s,
      accountPortalId: this.accountPortalId,
      publicPortalId: this.publicPortal.id,
      collaborators: Object.entries(LEVELS).map(([who, level]) => ({ id: this.people[who as Person].id, level })),
    }).build();
    this.folderId = await this.freshFolder();
    this.linkAssetId = await this.freshLinkAsset();
    this.fileAssetId = await this.freshFileAsset();
    const rotatedAssetId = await this.freshFileAsset();
    await this.env.drainJobs();
    const asset = await this.made(s.get(`/asset/${this.fileAssetId}?include_urls=true`), 200);
    expect(asset.preview_url).toEqual(expect.any(String));
    this.fileRevisionId = asset.revision.id;
    const preview = new URL(asset.preview_url, this.env.base);
    this.previewPath = `${preview.pathname}${preview.search}`;
    const secret = this.app.config.sessionSecret;
    // signedMediaUrl signs the path it builds; a variant's path is that path with a name after the revision.
    this.variantPath = signedMediaUrl(secret, asset.asset_token, `${asset.revision.id}/preview.webp` as never, { width: 64 });
    this.expiredPath = signedMediaUrl(secret, asset.asset_token, asset.revision.id, { width: 64 }, { expiry: (now) => now / 1000 - 60 });
    const rotated = await this.made(s.get(`/asset/${rotatedAssetId}?include_urls=true`), 200);
    const rotatedUrl = new URL(rotated.preview_url, this.env.base);
    expect((await raw(this.clients.anon, 'GET', `${rotatedUrl.pathname}${rotatedUrl.search}`)).status).toBe(200);
    await this.made(s.post(`/asset/${rotatedAssetId}/media-token`), 200);
    this.rotatedPath = `${rotatedUrl.pathname}${rotatedUrl.search}`;
    this.attachmentId = await this.freshAttachment();
    this.groupId = await this.freshGroup();
    this.collectionId = await this.freshCollection();
    const shared = await this.made(this.setup.post('/share-link', { type: 'folder', set_id: this.folderId, password: 'share password' }));
    this.shareToken = shared.url.split('/share/')[1];
    const openFolder = await this.made(this.setup.post('/share-link', { type: 'folder', set_id: this.folderId }));
    this.openFolderShareToken = openFolder.url.split('/share/')[1];
    const openAsset = await this.made(
      this.setup.post('/share-link', { type: 'asset', asset_ids: [this.fileAssetId], download: 'ORIGINAL' }),
    );
    this.openAssetShareToken = openAsset.url.split('/share/')[1];
    this.submissionRequestId = await this.freshSubmissionRequest();
    const issued = await this.made(this.setup.post(`/submission-request/${this.submissionRequestId}/tokens`, { expires_at: inDays(7) }));
    this.submissionToken = issued.url.split('/submit/')[1];
    this.permissionToken = (
      await this.made(this.setup.post('/asset/permission-token', { asset_ids: [this.linkAssetId], permission_level: 'VIEW' }))
    ).token;
    this.workspaceId = await this.library('WORKSPACE');
    this.workspaceAssetId = (
      await this.made(
        s.post('/asset', { object_type: 'URL', external_url: 'https://example.com/', title: uniq('Work '), project_id: this.workspaceId }),
      )
    ).id;
    this.workflowStatusId = (await this.made(s.get(`/project/status/${this.workspaceId}`), 200))[0].id;
    this.workspaceToken = (
      await this.made(this.setup.post('/asset/permission-token', { asset_ids: [this.workspaceAssetId], permission_level: 'VIEW' }))
    ).token;
    const zip = await s.post('/asset/bulk-download', { asset_ids: [this.fileAssetId] });
    expect(zip.status, JSON.stringify(zip.body)).toBe(200);
    this.downloadToken = zip.body.data.token;
    this.orphanDownloadToken = await this.orphanDownload();

    const image = await upload(s, { name: 'avatar.png', bytes: PNG, extraFields: { purpose: 'image' } });
    expect(image.status, JSON.stringify(image.body)).toBe(201);
    const avatar = await s.patch(`/brand/${this.brandId}`, { avatar: 'blob:x', file_id: image.body.data.file_id });
    expect(avatar.status, JSON.stringify(avatar.body)).toBe(200);
    this.settingImagePath = new URL(avatar.body.data.avatar, this.env.base).pathname;

    this.invitationToken = await this.freshInvitation();
    this.tusUploadId = await this.freshTusUpload();
    this.tusFinishedId = await this.freshTusUpload();
    const finish = await tus(this.clients.edit, 'PATCH', `/upload/tus/${this.tusFinishedId}`, this.tusPatchHeaders(), PNG);
    expect(finish.status, JSON.stringify(finish.body)).toBe(204);
    this.ownerSessionId = (await this.mintSession(owner)).id;
    this.ownerTokenId = (await createToken(this.db, { ...owner.actor, via: 'session' }, { name: 'owner' })).id;
  }

  passwordOf(user: TestUser): string {
    return this.passwords.get(user.id) ?? user.password;
  }

  /** The person behind a caller (the account admin for the bearer). */
  userOf(who: Caller): TestUser | null {
    if (who === 'anon') return null;
    return this.people[who === 'bearer' ? 'accountAdmin' : who];
  }

  /** A library (or another type of project) in the brand under test, with the four collaborators at their levels. */
  async library(type?: string): Promise<number> {
    const { id } = await this.env.factories.project(this.owner.actor, { brandId: this.brandId, type });
    for (const [who, level] of Object.entries(LEVELS)) {
      const res = await this.setup.put(`/project/${id}/user/${this.people[who as Person].id}`, { level });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return id;
  }

  /** A ZIP token of the `edit` collaborator for a library they were then removed from. */
  async orphanDownload(): Promise<string> {
    const libraryId = await this.library();
    await this.made(this.setup.post('/asset', { file_id: await this.uploadOf(this.owner), project_id: libraryId }));
    const zip = await this.made(this.clients.edit.post('/asset/bulk-download', { project_id: libraryId }), 200);
    await this.made(this.setup.delete(`/project/${libraryId}/user/${this.people.edit.id}`), 200);
    return zip.token;
  }

  /** Runs a setup request and returns `data` of its answer, failing on anything but `status`. */
  async made(res: Promise<Json>, status = 201) {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body.data;
  }

  async freshFolder(): Promise<number> {
    return (await this.made(this.setup.post(`/set/create/${this.libraryId}`, { name: uniq('Folder ') }))).id;
  }
  async freshLinkAsset(): Promise<number> {
    const body = { object_type: 'URL', external_url: 'https://example.com/', title: uniq('Link '), project_id: this.libraryId };
    return (await this.made(this.setup.post('/asset', body))).id;
  }
  /** A link asset of the library under test, deleted: in its trash. */
  async freshTrashedLinkAsset(): Promise<number> {
    const id = await this.freshLinkAsset();
    await this.made(this.setup.delete(`/asset/${id}`), 200);
    return id;
  }
  /** A folder of the library under test, deleted: in its trash. */
  async freshTrashedFolder(): Promise<number> {
    const id = await this.freshFolder();
    await this.made(this.setup.delete(`/set/${id}`), 200);
    return id;
  }
  /** An unused upload of `user` (the owner's for anon), as `POST /upload` would leave it: its token is the file_id. */
  async uploadOf(user: TestUser | null): Promise<string> {
    return (await this.env.factories.file((user ?? this.owner).actor, { name: 'matrix.png', bytes: PNG, mime: 'image/png' })).id;
  }
  async freshFileAsset(): Promise<number> {
    return (await this.made(this.setup.post('/asset', { file_id: await this.uploadOf(this.owner), project_id: this.libraryId }))).id;
  }
  async freshAttachment(): Promise<number> {
    const body = { asset_id: this.fileAssetId, file_id: await this.uploadOf(this.owner) };
    return (await this.made(this.setup.post('/asset-attachment', body))).id;
  }
  /** A share link of the folder under test. */
  async freshShareLink(): Promise<number> {
    return (await this.made(this.setup.post('/share-link', { type: 'folder', set_id: this.folderId }))).id;
  }
  /** A submission request into the folder under test. */
  async freshSubmissionRequest(): Promise<number> {
    return (
      await this.made(this.setup.post(`/project/${this.libraryId}/submission-requests`, { title: uniq('Request '), set_id: this.folderId }))
    ).id;
  }
  /** A token of the request under test (its id). */
  async freshSubmissionToken(): Promise<number> {
    return (await this.made(this.setup.post(`/submission-request/${this.submissionRequestId}/tokens`, { expires_at: inDays(7) }))).id;
  }
  /** An asset sent through the request under test's public page, waiting for an editor. */
  async freshSubmittedAsset(): Promise<number> {
    const res = await submitThrough(this.clients.anon, this.submissionToken, 'submitted.png', await matrixPng());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(eq(assets.submissionStatus, 'SUBMITTED'))
      .orderBy(desc(assets.id))
      .limit(1);
    return row!.id;
  }
  /** A collection of the library under test holding the link asset. */
  async freshCollection(): Promise<number> {
    const { id } = await this.made(this.setup.post(`/project/${this.libraryId}/collections`, { name: uniq('Collection ') }));
    await this.made(this.setup.post(`/collection/${id}/assets`, { asset_ids: [this.linkAssetId] }), 200);
    return id;
  }
  /** A licence of the account (decision 0031). */
  /** A TEXT custom metadata property of the brand, without permission rows (decision 0040). */
  async freshMetadataProperty(): Promise<number> {
    return (
      await this.made(this.setup.post(`/brand/${this.brandId}/custom-metadata-properties`, { name: uniq('Property '), type: 'TEXT' }))
    ).id;
  }
  /** A comment by `author` on the link asset (written directly: VIEW and outsiders cannot comment). */
  async freshComment(author: TestUser): Promise<number> {
    const [row] = await this.db
      .insert(comments)
      .values({ accountId: this.accountId, assetId: this.linkAssetId, content: '<p>Matrix</p>', createdBy: author.id })
      .returning({ id: comments.id });
    return row!.id;
  }
  /** A notification of `recipient` about a reply on the link asset (decision 0050). */
  async freshNotification(recipient: TestUser): Promise<number> {
    const [row] = await this.db
      .insert(notifications)
      .values({
        recipientId: recipient.id,
        type: 'comment_reply',
        actorId: this.owner.id,
        projectId: this.libraryId,
        assetId: this.linkAssetId,
      })
      .returning({ id: notifications.id });
    return row!.id;
  }
  async freshLicence(): Promise<number> {
    return (await this.made(this.setup.post('/licence', { title: uniq('Licence '), text: '<p>Terms</p>' }))).id;
  }
  /** A tag put on the link asset, for a cell that renames or deletes it. */
  async freshTag(): Promise<string> {
    const tag = uniq('Tag ');
    await this.made(this.setup.post('/tags', { tags: [tag], type: 'add', asset_ids: [this.linkAssetId] }), 200);
    return tag;
  }
  /** A new, empty workflow status of the workspace under test. */
  async freshWorkflowStatus(): Promise<number> {
    return (await this.made(this.setup.post(`/project/${this.workspaceId}/status`, { name: uniq('Status '), color: '#123456' }))).id;
  }
  /** A link asset of the workspace under test with `items` checklist items (decision 0048); answers it and the item ids. */
  async freshWorkspaceAsset(items = 0): Promise<{ id: number; items: number[] }> {
    const body = { object_type: 'URL', external_url: 'https://example.com/', title: uniq('Work '), project_id: this.workspaceId };
    const id = (await this.made(this.setup.post('/asset', body))).id;
    let list: { id: number }[] = [];
    for (let i = 0; i < items; i++)
      list = (await this.made(this.setup.post(`/asset/${id}/checklist`, { content: uniq('Item ') }))).checklist;
    return { id, items: list.map((item) => item.id) };
  }
  /** One checklist item, on a new asset of the workspace under test. */
  async freshChecklistItem(): Promise<number> {
    return (await this.freshWorkspaceAsset(1)).items[0]!;
  }
  /** A checklist preset of the workspace under test. */
  async freshChecklistPreset(): Promise<number> {
    return (
      await this.made(
        this.setup.post(`/project/${this.workspaceId}/checklist-presets`, { name: uniq('Preset '), items: [{ content: 'Check' }] }),
      )
    ).id;
  }
  /** The workspace's statuses in their current order. */
  async workflowStatusIds(): Promise<number[]> {
    return (await this.made(this.setup.get(`/project/status/${this.workspaceId}`), 200)).map((st: { id: number }) => st.id);
  }
  /**
   * An open approval request (decision 0049) the owner made on the workspace's asset, in MAJORITY mode so that one
   * vote does not decide it: reviewed by every caller with access (`callers`) or by the owner alone.
   */
  async freshApprovalRequest(reviewers: 'callers' | 'owner' = 'callers'): Promise<number> {
    const userIds =
      reviewers === 'owner'
        ? [this.owner.id]
        : (['view', 'comment', 'edit', 'projectAdmin', 'accountAdmin'] as const).map((p) => this.people[p].id);
    const body = { asset_ids: [this.workspaceAssetId], user_ids: userIds, mode: 'MAJORITY' };
    return (await this.made(this.setup.post(`/project/${this.workspaceId}/approval-requests`, body))).id;
  }
  async freshGroup(): Promise<number> {
    return (await this.made(this.setup.post('/groups', { name: uniq('Group ') }))).id;
  }
  /** A portal of the brand under test with the given visibility, and its address token. */
  async freshPortal(visibility: 'PUBLIC' | 'ACCOUNT' | 'EDITORS'): Promise<{ id: number; token: string }> {
    const { id } = await this.made(this.setup.post('/portal', { brand_id: this.brandId, title: uniq('Portal ') }));
    await this.made(this.setup.patch(`/portal/${id}`, { visibility }), 200);
    const { token } = await this.made(this.setup.get(`/portal/${id}/token`), 200);
    return { id, token };
  }
  async freshBrand(): Promise<number> {
    return (await this.env.factories.brand(this.owner.actor)).id;
  }
  /** An invited member (no password, so no argon2), as a cheap user to remove. */
  async freshInvitation(): Promise<string> {
    return (await this.invite()).invitation_url?.split('/').pop() ?? '';
  }
  async freshInvitedUserId(): Promise<number> {
    return (await this.invite()).user.id;
  }
  private invite() {
    const deps = { db: this.db, mailer: this.app.mailer, config: { publicUrl: 'http://x' }, log: this.app.log };
    return inviteMember(deps, this.owner.actor, { email: `${uniq('invited-')}@example.com`, role: 'MEMBER', group_ids: [] });
  }
  /** A tus upload the `edit` collaborator started (nothing sent yet); answers its id. */
  async freshTusUpload(): Promise<string> {
    const res = await tus(this.clients.edit, 'POST', '/upload/tus', {
      'upload-length': String(PNG.length),
      'upload-metadata': tusMetadata(this.libraryId),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.headers.get('location')?.split('/').pop() ?? '';
  }
  tusPatchHeaders() {
    return { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
  }
  /** A new session of `user` without signing in (no argon2): its id and a client using it. */
  async mintSession(user: TestUser): Promise<{ id: number; client: Client }> {
    const session = await createSession(this.db, user.id, { ip: null, userAgent: 'matrix' }, 3_600_000);
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    const client = new Client(this.env.base);
    client.cookie = `emblem_session=${this.app.signCookie(session.token)}`;
    client.csrf = session.csrfToken;
    return { id: row?.id ?? 0, client };
  }
  /** A pending access request of the requester (none other of theirs pending). */
  async freshAccessRequest(): Promise<number> {
    await this.clearAccessRequests(this.requester.id);
    return (await createAccessRequest(this.db, this.requester.actor, { message: 'Let me in' })).id;
  }
  async clearAccessRequests(userId: number) {
    await this.db.delete(accessRequests).where(and(eq(accessRequests.userId, userId), eq(accessRequests.status, 'PENDING')));
  }
  /** A token of an e-mail verification link for the victim's new address. */
  async freshVerificationToken(): Promise<string> {
    const token = uniq('verify-token-');
    const email = `${uniq('verified-')}@example.com`;
    await insertVerification(this.db, {
      userId: this.victim.id,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return token;
  }
  /** A password reset link of a fresh member (using it ends that member's sessions, nobody else's). */
  async freshPasswordResetToken(): Promise<string> {
    const user = await this.env.factories.member(this.accountId);
    const token = randomToken();
    await insertPasswordReset(this.db, {
      userId: user.id,
      email: user.email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return token;
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const matrixPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#225588' } })
    .png()
    .toBuffer();

/** A submission request's public upload (multipart: name, email, then the file), with the client's cookie, CSRF token or bearer. */
export async function submitThrough(c: Client, token: string, name: string, bytes: Buffer): Promise<Json> {
  const form = new FormData();
  form.append('name', 'Matrix Sender');
  form.append('email', 'sender@example.com');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.csrf) headers['x-csrf-token'] = c.csrf;
  if (c.opts.bearer) headers.authorization = `Bearer ${c.opts.bearer}`;
  const res = await fetch(`${c.base}/api/submission/${token}/upload`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}
