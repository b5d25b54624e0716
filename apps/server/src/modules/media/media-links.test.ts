import { createHmac } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assets, downloads, events, memberships } from '../../db/schema.js';
import { type Client, forEachBackend, type TestUser } from '../../test/harness.js';
import { fetchBytes, jpeg, ownerWithProject, uploadAsset } from '../../test/media.js';
import { SIGNED_IN_MEDIA_EXPIRY, signedMediaUrl } from './urls.js';

/**
 * Security issue #9, finding 4: media links expire and die with access. Signed media URLs carry a signed `exp`;
 * project admins rotate media tokens, which kills every earlier URL; ZIP download tokens act with their creator's
 * current access.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

describe('SIGNED_IN_MEDIA_EXPIRY', () => {
  it('ends at the end of the UTC day six days on: 6 to 7 days, the same all day', () => {
    const day = Date.UTC(2031, 4, 12);
    const end = (day + 7 * DAY_MS) / 1000;
    expect(SIGNED_IN_MEDIA_EXPIRY(day)).toBe(end);
    expect(SIGNED_IN_MEDIA_EXPIRY(day + 13 * HOUR_MS)).toBe(end);
    expect(SIGNED_IN_MEDIA_EXPIRY(day + DAY_MS - 1)).toBe(end);
    expect(SIGNED_IN_MEDIA_EXPIRY(day + DAY_MS)).toBe(end + 86_400);
  });
});

let PHOTO: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(64, 48, '#2266aa');
});

afterEach(() => {
  vi.useRealTimers();
});

forEachBackend('media links expire and die with access', (env) => {
  const db = () => env().started.database.db;
  const secret = () => env().started.app.config.sessionSecret;
  const anon = () => env().anon();
  const status = async (path: string) => (await fetchBytes(anon(), path)).status;

  /** An account whose owner has a project with one processed photo. */
  async function photo(flags: 'USER_GROUPS'[] = []) {
    const setup = flags.length ? await withFlags(flags) : await ownerWithProject(env());
    const asset = await uploadAsset(env(), setup.c, setup.project.id, 'photo.jpg', PHOTO);
    return { ...setup, asset };
  }
  async function withFlags(flags: 'USER_GROUPS'[]) {
    const { owner, accountId } = await env().factories.account({ flags });
    const project = await env().factories.project(owner.actor);
    return { owner, accountId, project, c: await env().signIn(owner) };
  }
  const read = async (c: Client, id: number) => (await c.get(`/asset/${id}?include_urls=true`)).body.data;
  async function collaborator(c: Client, accountId: number, projectId: number, level: string) {
    const user = await env().factories.member(accountId);
    expect((await c.put(`/project/${projectId}/user/${user.id}`, { level })).status).toBe(200);
    return { user, client: await env().signIn(user) };
  }
  async function eventCount(type: string, subjectId: number) {
    const [row] = await db()
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.type, type), eq(events.subjectId, subjectId)));
    return Number(row?.n ?? 0);
  }

  describe('expiry', () => {
    it('a URL is valid until the end of the UTC day six days on, cached no longer, then refused; reading the API again gives a new one', async () => {
      const { asset, c } = await photo();
      const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(day + 9 * HOUR_MS);
      const morning = await read(c, asset.id);
      vi.setSystemTime(day + 23 * HOUR_MS);
      const evening = await read(c, asset.id);
      // The same URLs all day, so browsers keep their copies.
      expect(evening.preview_url).toBe(morning.preview_url);
      expect(evening.thumbnail_url).toBe(morning.thumbnail_url);
      const url = morning.preview_url as string;
      expect(new URL(url, env().base).searchParams.get('exp')).toBe(String((day + 7 * DAY_MS) / 1000));

      const fresh = await fetchBytes(anon(), url);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('cache-control')).toBe(`public, max-age=${6 * 86_400 + 3_600}, immutable`);
      const etag = fresh.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[0-9a-f]{40}"$/);

      vi.setSystemTime(day + 7 * DAY_MS - 1_000);
      const last = await fetchBytes(anon(), url, { 'if-none-match': etag });
      expect(last.status).toBe(304);
      expect(last.headers.get('cache-control')).toBe('public, max-age=1, immutable');

      vi.setSystemTime(day + 7 * DAY_MS);
      for (const u of [url, morning.thumbnail_url as string]) {
        const expired = await fetchBytes(anon(), u);
        expect(expired.status).toBe(403);
        expect(expired.json()).toEqual({ success: false, error: 'This media link has expired; reload the page for a new one', errors: {} });
        expect(expired.headers.get('cache-control') ?? '').not.toMatch(/max-age=[1-9]/);
      }
      // Signed-in users get fresh URLs as they read the API: lists, the viewer, revisions.
      const again = await read(c, asset.id);
      expect(again.preview_url).not.toBe(url);
      expect(await status(again.preview_url)).toBe(200);
      const viewer = (await c.get(`/screen/data/${asset.id}`)).body.data;
      expect(await status(viewer.asset.preview_url)).toBe(200);
      expect(await status(viewer.revisions[0].preview_url)).toBe(200);
      const list = await c.post('/asset/list', { ids: [asset.id], include_preview_url: true });
      expect(await status(list.body.data.items[0].thumbnail_url)).toBe(200);
    });

    it('refuses a tampered exp, a missing exp and an expired one; a longer policy is capped at a year of caching', async () => {
      const { asset } = await photo();
      const url = signedMediaUrl(secret(), asset.asset_token, asset.revision.id, { width: 100 });
      expect(await status(url)).toBe(200);
      const exp = Number(new URL(url, env().base).searchParams.get('exp'));
      for (const tampered of [url.replace(`exp=${exp}`, `exp=${exp + 365 * 86_400}`), url.replace(`exp=${exp}&`, '')]) {
        const res = await fetchBytes(anon(), tampered);
        expect(res.status).toBe(403);
        expect(res.json().error).toBe('Invalid signature');
      }
      // Signed correctly but without exp, as URLs were before they expired: refused.
      const path = `/media/${asset.asset_token}/${asset.revision.id}`;
      const sig = createHmac('sha256', `${secret()}:media`).update(`${path}?width=100`).digest('base64url').slice(0, 22);
      const timeless = await fetchBytes(anon(), `${path}?width=100&sig=${sig}`);
      expect(timeless.status).toBe(403);
      expect(timeless.json().error).toBe('This media link has no expiry; reload the page for a new one');

      const past = signedMediaUrl(secret(), asset.asset_token, asset.revision.id, { width: 100 }, { expiry: (now) => now / 1000 - 1 });
      expect(await status(past)).toBe(403);
      // A later public use may mint longer-lived URLs through the same function; caches still stop at a year.
      const long = signedMediaUrl(
        secret(),
        asset.asset_token,
        asset.revision.id,
        { width: 100 },
        { expiry: (now) => now / 1000 + 5 * 365 * 86_400 },
      );
      const res = await fetchBytes(anon(), long);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('rotating media tokens', () => {
    it('a project admin rotates an asset token: its earlier URLs die at once, other assets keep theirs, fresh reads work', async () => {
      const { accountId, project, asset, c } = await photo();
      const other = await uploadAsset(env(), c, project.id, 'other.jpg', PHOTO);
      const before = await read(c, asset.id);
      const revisions = (await c.get(`/asset/${asset.id}/revisions`)).body.data;
      const oldUrls = [before.preview_url, before.thumbnail_url, revisions[0].preview_url];
      for (const u of [...oldUrls, other.preview_url]) expect(await status(u)).toBe(200);

      const { client: admin } = await collaborator(c, accountId, project.id, 'ADMIN');
      const res = await admin.post(`/asset/${asset.id}/media-token`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ id: asset.id, asset_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      expect(res.body.data.asset_token).not.toBe(before.asset_token);

      for (const u of oldUrls) expect(await status(u)).toBe(404);
      expect(await status(other.preview_url)).toBe(200);
      const after = await read(c, asset.id);
      expect(after.asset_token).toBe(res.body.data.asset_token);
      expect(await status(after.preview_url)).toBe(200);
      expect(await status(after.thumbnail_url)).toBe(200);
      expect(await eventCount('asset:media-token', asset.id)).toBe(1);
      // Under /v1 with an API token too.
      const token = (await admin.post('/user/tokens', { name: 'rotate' })).body.data.token as string;
      const v1 = await fetch(`${env().base}/v1/asset/${asset.id}/media-token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(v1.status).toBe(200);
      expect(await status(after.preview_url)).toBe(404);
    });

    it('a project admin rotates every token of a project in one call; other projects keep theirs', async () => {
      const { owner, project, asset, c } = await photo();
      const second = await uploadAsset(env(), c, project.id, 'second.jpg', PHOTO);
      const elsewhere = await env().factories.project(owner.actor);
      const outside = await uploadAsset(env(), c, elsewhere.id, 'outside.jpg', PHOTO);
      const before = [await read(c, asset.id), await read(c, second.id)];

      const res = await c.post(`/project/${project.id}/media-tokens`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ id: project.id, rotated: 2 });
      for (const b of before) {
        expect(await status(b.preview_url)).toBe(404);
        expect(await status(b.thumbnail_url)).toBe(404);
      }
      expect(await status(outside.preview_url)).toBe(200);
      const after = [await read(c, asset.id), await read(c, second.id)];
      const tokens = new Set([...before, ...after, outside].map((a) => a.asset_token));
      expect(tokens.size).toBe(5);
      for (const a of after) expect(await status(a.preview_url)).toBe(200);
      const [row] = await db().select({ token: assets.token }).from(assets).where(eq(assets.id, asset.id));
      expect(row?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await eventCount('project:media-tokens', project.id)).toBe(1);
    });

    it('is refused to EDIT and VIEW collaborators (403), to members without access and other accounts (404), to nobody (401)', async () => {
      const { accountId, project, asset, c } = await photo();
      const editor = (await collaborator(c, accountId, project.id, 'EDIT')).client;
      const viewer = (await collaborator(c, accountId, project.id, 'VIEW')).client;
      const stranger = await env().signIn(await env().factories.member(accountId));
      const other = await env().signIn((await env().factories.account()).owner);
      const calls = [`/asset/${asset.id}/media-token`, `/project/${project.id}/media-tokens`];
      for (const path of calls) {
        for (const [client, expected] of [
          [editor, 403],
          [viewer, 403],
          [stranger, 404],
          [other, 404],
          [anon(), 401],
        ] as const) {
          const res = await client.post(path);
          expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(expected);
        }
      }
      expect((await editor.post(calls[0] as string)).body.error).toBe('Only project admins may do this');
      expect((await c.post('/asset/99999999/media-token')).status).toBe(404);
      expect((await c.post('/project/99999999/media-tokens')).status).toBe(404);
      // Nothing changed.
      expect(await status(asset.preview_url)).toBe(200);
      expect(await eventCount('asset:media-token', asset.id)).toBe(0);
      expect(await eventCount('project:media-tokens', project.id)).toBe(0);
    });
  });

  describe('bulk downloads act with their creator’s current access', () => {
    const REFUSED_ASSETS = 'This download is no longer available: whoever prepared it can no longer see all of its assets';
    const REFUSED_MEMBER = 'This download is no longer available: whoever prepared it is no longer a member of this account';

    async function prepare(client: Client, body: Record<string, unknown>) {
      const res = await client.post('/asset/bulk-download', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.download_url as string;
    }

    it('a normal download still works without a session, by project or by assets', async () => {
      const { accountId, project, asset, c } = await photo();
      const { client: viewer } = await collaborator(c, accountId, project.id, 'VIEW');
      for (const body of [{ project_id: project.id }, { asset_ids: [asset.id] }]) {
        const zip = await fetchBytes(anon(), await prepare(viewer, body));
        expect(zip.status).toBe(200);
        expect(zip.headers.get('content-type')).toBe('application/zip');
      }
    });

    it('is refused once its creator is removed from the project', async () => {
      const { accountId, project, c } = await photo();
      const { user, client: viewer } = await collaborator(c, accountId, project.id, 'VIEW');
      const url = await prepare(viewer, { project_id: project.id });
      expect((await c.delete(`/project/${project.id}/user/${user.id}`)).status).toBe(200);
      const res = await fetchBytes(anon(), url);
      expect(res.status).toBe(403);
      expect(res.json().error).toBe(REFUSED_ASSETS);
    });

    it('is refused once the group that gave access leaves the project', async () => {
      const { accountId, project, c } = await photo(['USER_GROUPS']);
      const member = await env().factories.member(accountId);
      const group = await c.post('/groups', { name: `Viewers ${Date.now()}` });
      expect(group.status).toBe(201);
      const groupId = group.body.data.id as number;
      expect((await c.put(`/groups/${groupId}/members`, { user_ids: [member.id] })).status).toBe(200);
      expect((await c.put(`/project/${project.id}/group/${groupId}`, { level: 'VIEW' })).status).toBe(200);
      const url = await prepare(await env().signIn(member), { project_id: project.id });
      expect((await fetchBytes(anon(), url)).status).toBe(200);
      expect((await c.delete(`/project/${project.id}/group/${groupId}`)).status).toBe(200);
      const res = await fetchBytes(anon(), url);
      expect(res.status).toBe(403);
      expect(res.json().error).toBe(REFUSED_ASSETS);
    });

    it('is refused as a whole when its creator lost access to one of several projects', async () => {
      const { owner, accountId, project, asset, c } = await photo();
      const elsewhere = await env().factories.project(owner.actor);
      const outside = await uploadAsset(env(), c, elsewhere.id, 'outside.jpg', PHOTO);
      const { user, client: viewer } = await collaborator(c, accountId, project.id, 'VIEW');
      expect((await c.put(`/project/${elsewhere.id}/user/${user.id}`, { level: 'VIEW' })).status).toBe(200);
      const url = await prepare(viewer, { asset_ids: [asset.id, outside.id] });
      expect((await c.delete(`/project/${elsewhere.id}/user/${user.id}`)).status).toBe(200);
      expect((await fetchBytes(anon(), url)).status).toBe(403);
    });

    it('is refused once its creator is removed from the account, even when they stay a user elsewhere', async () => {
      const { accountId, project, c } = await photo();
      const { user, client: viewer } = await collaborator(c, accountId, project.id, 'VIEW');
      // A member of a second account too, so removing them here keeps the user (and their download rows).
      const second = await env().factories.account();
      await db().insert(memberships).values({ accountId: second.accountId, userId: user.id, role: 'MEMBER' });
      const url = await prepare(viewer, { project_id: project.id });
      expect((await c.delete(`/account/users/${user.id}`)).status).toBe(200);
      expect(await db().select().from(downloads).where(eq(downloads.userId, user.id))).toHaveLength(1);
      const res = await fetchBytes(anon(), url);
      expect(res.status).toBe(403);
      expect(res.json().error).toBe(REFUSED_MEMBER);
    });

    it('follows an account admin who became a plain member without collaboration', async () => {
      const { accountId, project, c } = await photo();
      const admin: TestUser = await env().factories.member(accountId, 'SUPER_USER');
      const url = await prepare(await env().signIn(admin), { project_id: project.id });
      expect((await fetchBytes(anon(), url)).status).toBe(200);
      expect((await c.patch(`/account/users/${admin.id}`, { role: 'MEMBER' })).status).toBe(200);
      expect((await fetchBytes(anon(), url)).status).toBe(403);
    });
  });
});
