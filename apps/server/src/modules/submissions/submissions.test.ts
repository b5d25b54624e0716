import { and, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, assets, authFailures, events, files, submissionRequests, submissionTokens } from '../../db/schema.js';
import { sha256 } from '../../lib/secrets.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fileRowCount, storedObjects } from '../../test/media.js';
import { assetsKit, EXE, PDF, testPng } from '../assets/assets-test-kit.js';
import { SUBMIT_MAX_PER_IP, SUBMIT_MAX_PER_TOKEN, submitKeys } from './operations.js';

const addressOf = (url: string) => url.split('/submit/')[1] ?? '';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** The public page's upload: multipart with name and email before the file, no session. */
async function submit(
  c: Client,
  token: string,
  opts: { name?: string; email?: string; file: string; bytes: Buffer; fieldsAfter?: boolean },
): Promise<Json> {
  const form = new FormData();
  const fields: [string, string][] = [];
  if (opts.name !== undefined) fields.push(['name', opts.name]);
  if (opts.email !== undefined) fields.push(['email', opts.email]);
  if (!opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(opts.bytes)]), opts.file);
  if (opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  const res = await fetch(`${c.base}/api/submission/${token}/upload`, { method: 'POST', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

forEachBackend('submission requests', (env) => {
  const kit = assetsKit(env);
  const db = () => kit.db();

  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const folder = await kit.folder(c, project.id, 'Incoming');
    const made = await c.post(`/project/${project.id}/submission-requests`, {
      title: 'Photos of the summer fair',
      instructions: 'Full resolution, please.',
      set_id: folder,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const request = made.body.data;
    const issued = await c.post(`/submission-request/${request.id}/tokens`, { expires_at: inDays(7) });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    return {
      owner,
      accountId,
      project,
      c,
      folder,
      request,
      token: addressOf(issued.body.data.url),
      tokenId: issued.body.data.id as number,
    };
  }

  const assetsOf = (projectId: number) => db().select().from(assets).where(eq(assets.projectId, projectId));

  it('editors create, list, read, change and delete requests; each refusal of bad input', async () => {
    const { project, c } = await kit.setup();
    const folder = await kit.folder(c, project.id, 'Incoming');
    const made = await c.post(`/project/${project.id}/submission-requests`, {
      title: '  Logos from partners ',
      set_id: folder,
      deadline_at: inDays(3),
      grace_hours: 12,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      title: 'Logos from partners',
      instructions: '',
      set_id: folder,
      folder_name: 'Incoming',
      grace_hours: 12,
      submitted_count: 0,
      tokens: [],
    });
    const id = made.body.data.id;
    const top = await c.post(`/project/${project.id}/submission-requests`, { title: 'Top level' });
    expect(top.body.data.set_id).toBeNull();
    expect((await c.get(`/project/${project.id}/submission-requests`)).body.data.map((r: { id: number }) => r.id)).toEqual([
      top.body.data.id,
      id,
    ]);
    expect((await c.get(`/submission-request/${id}`)).body.data.title).toBe('Logos from partners');

    const changed = await c.patch(`/submission-request/${id}`, { instructions: 'SVG if you have it', deadline_at: null, set_id: null });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ instructions: 'SVG if you have it', deadline_at: null, set_id: null });

    // Refusals: each field, and a folder of another library (a claim), or in the trash.
    const path = `/project/${project.id}/submission-requests`;
    expectRefused(await c.post(path, {}), 400, ['title']);
    expectRefused(await c.post(path, { title: ' ' }), 400, ['title']);
    expectRefused(await c.post(path, { title: 'x'.repeat(201) }), 400, ['title']);
    expectRefused(await c.post(path, { title: 'T', deadline_at: 'Friday' }), 400, ['deadline_at']);
    expectRefused(await c.post(path, { title: 'T', grace_hours: -1 }), 400, ['grace_hours']);
    expectRefused(await c.post(path, { title: 'T', grace_hours: 1.5 }), 400, ['grace_hours']);
    expectRefused(await c.post(path, { title: 'T', grace_hours: 10_000 }), 400, ['grace_hours']);
    expectRefused(await c.post(path, { title: 'T', extra: 1 }), 400);
    const other = await kit.setup();
    const otherFolder = await kit.folder(other.c, other.project.id, 'Other');
    expectRefused(await c.post(path, { title: 'T', set_id: otherFolder }), 400, ['set_id']);
    expectRefused(await c.patch(`/submission-request/${id}`, { set_id: otherFolder }), 400, ['set_id']);
    const trashed = await kit.folder(c, project.id, 'Old');
    expect((await c.delete(`/set/${trashed}`)).status).toBe(200);
    expectRefused(await c.post(path, { title: 'T', set_id: trashed }), 400, ['set_id']);
    expectRefused(await c.patch(`/submission-request/${id}`, {}), 400);
    expectRefused(await c.patch(`/submission-request/${id}`, { set_id: trashed }), 400, ['set_id']);
    expectRefused(await c.post(`/submission-request/${id}/tokens`, { expires_at: new Date(Date.now() - 60_000).toISOString() }), 400, [
      'expires_at',
    ]);
    expectRefused(await c.post(`/submission-request/${id}/tokens`, { expires_at: inDays(400) }), 400, ['expires_at']);
    expectRefused(await c.post(`/submission-request/${id}/tokens`, {}), 400, ['expires_at']);
    expectRefused(await c.get('/submission-request/0x10'), 400);

    const gone = await c.delete(`/submission-request/${id}`);
    expect(gone.status).toBe(200);
    expectRefused(await c.get(`/submission-request/${id}`), 404);
    const types = (await db().select({ type: events.type }).from(events).where(eq(events.subjectType, 'submission_request'))).map(
      (e) => e.type,
    );
    expect(types).toEqual(expect.arrayContaining(['submission-request:create', 'submission-request:update', 'submission-request:delete']));
  });

  it('only editors of the library manage requests: VIEW and COMMENT 403, another account 404', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    const commenter = await kit.collaborator(w.c, w.accountId, w.project.id, 'COMMENT');
    const editor = await kit.collaborator(w.c, w.accountId, w.project.id, 'EDIT');
    const outsider = await env().signIn((await env().factories.account()).owner);
    for (const [client, status] of [
      [viewer, 403],
      [commenter, 403],
      [outsider, 404],
    ] as const) {
      expectRefused(await client.get(`/project/${w.project.id}/submission-requests`), status);
      expectRefused(await client.post(`/project/${w.project.id}/submission-requests`, { title: 'Mine' }), status);
      expectRefused(await client.get(`/submission-request/${w.request.id}`), status);
      expectRefused(await client.patch(`/submission-request/${w.request.id}`, { title: 'Mine' }), status);
      expectRefused(await client.post(`/submission-request/${w.request.id}/tokens`, { expires_at: inDays(1) }), status);
      expectRefused(await client.delete(`/submission-token/${w.tokenId}`), status);
      expectRefused(await client.delete(`/submission-request/${w.request.id}`), status);
    }
    expect((await editor.get(`/submission-request/${w.request.id}`)).status).toBe(200);
    expectRefused(await w.c.get('/submission-request/999999'), 404);
    expectRefused(await w.c.delete('/submission-token/999999'), 404);
  });

  it('issues tokens shown once (192 bits, only the SHA-256 stored); the public page describes the request', async () => {
    const w = await world();
    expect(w.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await db().select().from(submissionTokens).where(eq(submissionTokens.id, w.tokenId));
    expect(row?.tokenHash).toBe(sha256(w.token));
    const listed = (await w.c.get(`/submission-request/${w.request.id}`)).body.data;
    expect(listed.tokens).toEqual([expect.objectContaining({ id: w.tokenId, token: null, url: null, is_active: true, revoked_at: null })]);

    const page = await env().anon().get(`/api/submission/${w.token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({
      title: 'Photos of the summer fair',
      instructions: 'Full resolution, please.',
      deadline_at: null,
      closes_at: null,
      is_late: false,
      library_name: 'Media',
    });
    expect(page.body.data.accepted_extensions).toEqual(expect.arrayContaining(['png', 'jpg', 'pdf']));
    expect(page.body.data.accepted_extensions).not.toContain('exe');
    // Nothing about the library's insides: no ids of the folder, project or request.
    expect(Object.keys(page.body.data).filter((k) => k.endsWith('id'))).toEqual([]);
    expectRefused(await env().anon().get('/api/submission/not-a-token'), 404);
    expectRefused(
      await env()
        .anon()
        .get(`/api/submission/${'A'.repeat(32)}`),
      404,
    );
  });

  it('a person without an account uploads with name and e-mail; the file arrives in the folder as SUBMITTED', async () => {
    const w = await world();
    const anon = env().anon();
    const res = await submit(anon, w.token, {
      name: 'Ada Photographer',
      email: 'ada@example.com',
      file: 'fair.png',
      bytes: await testPng(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ filename: 'fair.png', late: false });
    const [asset] = await assetsOf(w.project.id);
    expect(asset).toMatchObject({
      setId: w.folder,
      title: 'fair',
      createdBy: null,
      submissionStatus: 'SUBMITTED',
      submissionRequestId: w.request.id,
      submittedByName: 'Ada Photographer',
      submittedByEmail: 'ada@example.com',
      submittedLate: false,
    });
    const [file] = await db().select().from(files).where(eq(files.accountId, w.accountId));
    expect(file?.uploadedBy).toBeNull();
    // Editors see it marked in the folder, and the request counts it.
    const listed = await w.c.post('/asset/list', { project_id: w.project.id, set_id: w.folder });
    expect(listed.body.data.items[0].submission).toEqual({
      status: 'SUBMITTED',
      late: false,
      request_id: w.request.id,
      name: 'Ada Photographer',
      email: 'ada@example.com',
    });
    expect((await w.c.get(`/submission-request/${w.request.id}`)).body.data.submitted_count).toBe(1);
    const recorded = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'asset'), eq(events.subjectId, asset!.id)));
    expect(recorded.map((e) => e.type)).toEqual(expect.arrayContaining(['asset:create', 'asset:submit']));
    expect(recorded.find((e) => e.type === 'asset:submit')?.actorId).toBeNull();
    // The preview job runs as for every upload.
    await env().drainJobs();
    const [processed] = await assetsOf(w.project.id);
    expect(processed?.status).toBe('FINISHED');
  });

  it('refuses a missing or invalid name or e-mail, blocked extensions, bad magic bytes and a full quota, leaving nothing', async () => {
    const w = await world();
    const anon = env().anon();
    const png = await testPng();
    const before = { rows: await fileRowCount(env(), w.accountId), objects: storedObjects(env()).length };
    expectRefused(await submit(anon, w.token, { email: 'ada@example.com', file: 'a.png', bytes: png }), 400, ['name']);
    expectRefused(await submit(anon, w.token, { name: ' ', email: 'ada@example.com', file: 'a.png', bytes: png }), 400, ['name']);
    expectRefused(await submit(anon, w.token, { name: 'Ada', file: 'a.png', bytes: png }), 400, ['email']);
    expectRefused(await submit(anon, w.token, { name: 'Ada', email: 'not an address', file: 'a.png', bytes: png }), 400, ['email']);
    // Fields after the file: the name and e-mail were not there when the file came.
    expectRefused(
      await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file: 'a.png', bytes: png, fieldsAfter: true }),
      400,
      ['name'],
    );
    const exe = await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file: 'tool.exe', bytes: EXE });
    expectRefused(exe, 400, ['file']);
    expect(exe.body.error).toMatch(/\.exe/);
    const fake = await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file: 'photo.png', bytes: PDF });
    expectRefused(fake, 400, ['file']);
    // The account's blocked extensions apply too, and the page names them.
    await db()
      .update(accounts)
      .set({ blockedExtensions: ['gif'] })
      .where(eq(accounts.id, w.accountId));
    expect((await anon.get(`/api/submission/${w.token}`)).body.data.accepted_extensions).not.toContain('gif');
    expectRefused(await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file: 'a.gif', bytes: png }), 400, ['file']);
    // The account's quota.
    await db().update(accounts).set({ storageLimitBytes: 10 }).where(eq(accounts.id, w.accountId));
    const full = await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file: 'photo.png', bytes: png });
    expectRefused(full, 400, ['file']);
    expect(full.body.error).toBe('Storage limit exceeded.');
    expect(await fileRowCount(env(), w.accountId)).toBe(before.rows);
    expect(storedObjects(env())).toHaveLength(before.objects);
    expect(await assetsOf(w.project.id)).toHaveLength(0);
  });

  it('expired and revoked tokens and deleted requests refuse with a clear message', async () => {
    const w = await world();
    const anon = env().anon();
    const png = await testPng();
    const person = { name: 'Ada', email: 'ada@example.com', file: 'a.png', bytes: png };

    await db()
      .update(submissionTokens)
      .set({ expiresAt: hoursAgo(1) })
      .where(eq(submissionTokens.id, w.tokenId));
    const expired = await anon.get(`/api/submission/${w.token}`);
    expectRefused(expired, 410);
    expect(expired.body.error).toMatch(/expired/);
    expectRefused(await submit(anon, w.token, person), 410);
    expect((await w.c.get(`/submission-request/${w.request.id}`)).body.data.tokens[0].is_active).toBe(false);

    const fresh = addressOf((await w.c.post(`/submission-request/${w.request.id}/tokens`, { expires_at: inDays(1) })).body.data.url);
    expect((await anon.get(`/api/submission/${fresh}`)).status).toBe(200);
    const [freshRow] = await db()
      .select()
      .from(submissionTokens)
      .where(eq(submissionTokens.tokenHash, sha256(fresh)));
    const revoked = await w.c.delete(`/submission-token/${freshRow!.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ is_active: false, revoked_at: expect.any(String), token: null });
    const refused = await anon.get(`/api/submission/${fresh}`);
    expectRefused(refused, 404);
    expect(refused.body.error).toMatch(/withdrawn/);
    expectRefused(await submit(anon, fresh, person), 404);

    const third = addressOf((await w.c.post(`/submission-request/${w.request.id}/tokens`, { expires_at: inDays(1) })).body.data.url);
    expect((await w.c.delete(`/set/${w.folder}`)).status).toBe(200);
    expectRefused(await anon.get(`/api/submission/${third}`), 404);
    expectRefused(await submit(anon, third, person), 404);
    expect((await w.c.post(`/set/${w.folder}/restore`)).status).toBe(200);
    expect((await anon.get(`/api/submission/${third}`)).status).toBe(200);
    expect((await w.c.delete(`/submission-request/${w.request.id}`)).status).toBe(200);
    expectRefused(await anon.get(`/api/submission/${third}`), 404);
    expectRefused(await submit(anon, third, person), 404);
    expect(await db().select().from(submissionTokens).where(eq(submissionTokens.requestId, w.request.id))).toHaveLength(0);
    expect(await assetsOf(w.project.id)).toHaveLength(0);
  });

  it('marks uploads after the deadline late within the grace period and refuses them after it', async () => {
    const w = await world();
    const anon = env().anon();
    const person = { name: 'Ada', email: 'ada@example.com', file: 'late.png', bytes: await testPng() };
    await db()
      .update(submissionRequests)
      .set({ deadlineAt: hoursAgo(1), graceHours: 24 })
      .where(eq(submissionRequests.id, w.request.id));
    const page = await anon.get(`/api/submission/${w.token}`);
    expect(page.body.data.is_late).toBe(true);
    const late = await submit(anon, w.token, person);
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.data.late).toBe(true);
    const [asset] = await assetsOf(w.project.id);
    expect(asset?.submittedLate).toBe(true);
    expect((await w.c.post('/asset/list', { project_id: w.project.id, set_id: w.folder })).body.data.items[0].submission.late).toBe(true);

    await db()
      .update(submissionRequests)
      .set({ deadlineAt: hoursAgo(3), graceHours: 2 })
      .where(eq(submissionRequests.id, w.request.id));
    const closed = await anon.get(`/api/submission/${w.token}`);
    expectRefused(closed, 410);
    expect(closed.body.error).toMatch(/deadline/);
    expectRefused(await submit(anon, w.token, person), 410);
    expect(await assetsOf(w.project.id)).toHaveLength(1);
  });

  it('rate-limits uploads per token and per address, counted in the database', async () => {
    const w = await world();
    const anon = env().anon();
    const person = { name: 'Ada', email: 'ada@example.com', file: 'a.png', bytes: await testPng() };
    expect((await submit(anon, w.token, person)).status).toBe(201);
    // Each upload is counted for its token and its address.
    const [ipRow] = await db().select().from(authFailures).where(like(authFailures.key, 'submit-ip:%')).limit(1);
    const ip = ipRow!.key.slice('submit-ip:'.length);
    const keys = submitKeys(w.tokenId, ip);
    expect(await db().select().from(authFailures).where(eq(authFailures.key, keys.perToken))).toHaveLength(1);

    await db()
      .insert(authFailures)
      .values(Array.from({ length: SUBMIT_MAX_PER_TOKEN }, () => ({ key: keys.perToken })));
    const limited = await submit(anon, w.token, person);
    expectRefused(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same request is not limited by this one.
    const other = addressOf((await w.c.post(`/submission-request/${w.request.id}/tokens`, { expires_at: inDays(1) })).body.data.url);
    expect((await submit(anon, other, person)).status).toBe(201);
    // Per address, over all tokens.
    await db()
      .insert(authFailures)
      .values(Array.from({ length: SUBMIT_MAX_PER_IP }, () => ({ key: keys.perIp })));
    expectRefused(await submit(anon, other, person), 429);
    await db().delete(authFailures).where(eq(authFailures.key, keys.perIp));
    expect(await assetsOf(w.project.id)).toHaveLength(2);
  });

  it('editors accept submitted assets or delete them to the trash; viewers may not', async () => {
    const w = await world();
    const anon = env().anon();
    const png = await testPng();
    for (const file of ['one.png', 'two.png'])
      expect((await submit(anon, w.token, { name: 'Ada', email: 'ada@example.com', file, bytes: png })).status).toBe(201);
    const [one, two] = (await assetsOf(w.project.id)).map((a) => a.id).sort((a, b) => a - b);
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    expectRefused(await viewer.post('/asset/submissions/accept', { asset_ids: [one] }), 403);
    const outsider = await env().signIn((await env().factories.account()).owner);
    expectRefused(await outsider.post('/asset/submissions/accept', { asset_ids: [one] }), 404);
    expectRefused(await w.c.post('/asset/submissions/accept', { asset_ids: [] }), 400, ['asset_ids']);
    expectRefused(await w.c.post('/asset/submissions/accept', { asset_ids: [999_999] }), 404);
    const accepted = await w.c.post('/asset/submissions/accept', { asset_ids: [one] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.accepted).toEqual([one]);
    expect((await w.c.get(`/asset/${one}`)).body.data.submission.status).toBe('ACCEPTED');
    // Accepting again, or an asset that was never submitted, is refused (all or none).
    expectRefused(await w.c.post('/asset/submissions/accept', { asset_ids: [one, two] }), 400, ['asset_ids']);
    const plain = await kit.link(w.c, w.project.id, 'Plain');
    expectRefused(await w.c.post('/asset/submissions/accept', { asset_ids: [plain] }), 400, ['asset_ids']);
    expect((await w.c.get(`/asset/${two}`)).body.data.submission.status).toBe('SUBMITTED');
    // Deleting a submitted asset: the usual trash.
    expectRefused(await viewer.delete(`/asset/${two}`), 403);
    expect((await w.c.delete(`/asset/${two}`)).status).toBe(200);
    const [trashed] = await db().select().from(assets).where(eq(assets.id, two!));
    expect(trashed?.deletedAt).not.toBeNull();
    expect((await w.c.get(`/submission-request/${w.request.id}`)).body.data.submitted_count).toBe(0);
    const types = (await db().select({ type: events.type }).from(events).where(eq(events.subjectId, one!))).map((e) => e.type);
    expect(types).toContain('asset:accept-submission');
  });

  it('GraphQL creates a request, issues a token (shown only in that answer) and deletes it, through the same operations', async () => {
    const w = await world();
    const { encodeBase64Id } = await import('@emblem/core');
    const created = await w.c.graphql(
      'mutation($p: ID!, $f: ID) { createAssetSubmissionRequest(projectId: $p, title: "From GraphQL", folderId: $f, graceHours: 2) { id title graceHours tokens { token expiresAt } } }',
      { p: encodeBase64Id('Project', w.project.id), f: encodeBase64Id('Folder', w.folder) },
    );
    expect(created.body.errors, JSON.stringify(created.body)).toBeUndefined();
    const request = created.body.data.createAssetSubmissionRequest;
    expect(request).toMatchObject({ title: 'From GraphQL', graceHours: 2, tokens: [] });
    const issued = await w.c.graphql(
      'mutation($id: ID!, $e: String!) { issueAssetSubmissionRequestToken(id: $id, expiresAt: $e) { id tokens { token expiresAt } } }',
      {
        id: request.id,
        e: inDays(2),
      },
    );
    expect(issued.body.errors, JSON.stringify(issued.body)).toBeUndefined();
    const [token] = issued.body.data.issueAssetSubmissionRequestToken.tokens;
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await env().anon().get(`/api/submission/${token.token}`)).body.data.title).toBe('From GraphQL');
    const again = await w.c.graphql(
      'mutation($id: ID!, $e: String!) { issueAssetSubmissionRequestToken(id: $id, expiresAt: $e) { tokens { token } } }',
      {
        id: request.id,
        e: inDays(2),
      },
    );
    expect(again.body.data.issueAssetSubmissionRequestToken.tokens.filter((t: { token: string | null }) => t.token !== null)).toHaveLength(
      1,
    );
    const badDate = await w.c.graphql('mutation($id: ID!) { issueAssetSubmissionRequestToken(id: $id, expiresAt: "tomorrow") { id } }', {
      id: request.id,
    });
    expect(badDate.body.errors?.[0]?.extensions?.status).toBe(400);
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    const denied = await viewer.graphql('mutation($id: ID!) { deleteAssetSubmissionRequest(id: $id) }', { id: request.id });
    expect(denied.body.errors?.[0]?.extensions?.status).toBe(403);
    const deleted = await w.c.graphql('mutation($id: ID!) { deleteAssetSubmissionRequest(id: $id) }', { id: request.id });
    expect(deleted.body.data.deleteAssetSubmissionRequest).toBe(true);
    expectRefused(await env().anon().get(`/api/submission/${token.token}`), 404);
  });
});
