import { encodeBase64Id } from '@emblem/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetAttachments, assetRevisions, assets, files, settingImages } from '../db/schema.js';
import { Client, forEachBackend, type Json, type TestUser } from '../test/harness.js';
import { expectRefused } from '../test/helpers.js';
import { jpeg, upload } from '../test/media.js';

/**
 * A file id is a capability of its uploader, not of the account: every operation that takes one (REST and
 * GraphQL, cookie and bearer) refuses files of a library the caller cannot see, another user's unused upload and
 * an upload already used, and leaves nothing behind.
 */
forEachBackend('file ids are claims', (env) => {
  const db = () => env().started.database.db;
  let accountId: number;
  let brandId: number;
  let visible: number;
  let hidden: number;
  let owner: TestUser;
  let admin: Client;
  let editor: Client;
  let editorToken: Client;
  let outsider: Client;
  let colleague: Client;
  let visibleAssetId: number;
  /** The numeric row id and the (used) token of the original of an asset in the hidden library. */
  let hiddenFile: { rowId: number; token: string };

  const tokenClient = async (c: Client) =>
    new Client(env().base, { prefix: '/v1', bearer: (await c.post('/user/tokens', { name: 't' })).body.data.token });
  const imageUpload = async (c: Client, projectId?: number) => {
    const res = await upload(c, {
      ...(projectId ? { projectId } : { extraFields: { purpose: 'image' } }),
      name: 'a.jpg',
      bytes: await jpeg(64, 48),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.file_id as string;
  };

  beforeAll(async () => {
    const account = await env().factories.account();
    accountId = account.accountId;
    owner = account.owner;
    const ownerClient = await env().signIn(owner);
    brandId = (await env().factories.brand(owner.actor)).id;
    visible = (await env().factories.project(owner.actor, { brandId, name: 'Visible' })).id;
    hidden = (await env().factories.project(owner.actor, { brandId, name: 'Hidden' })).id;
    const editorUser = await env().factories.member(accountId);
    const colleagueUser = await env().factories.member(accountId);
    const outsiderUser = await env().factories.member(accountId);
    const adminUser = await env().factories.member(accountId, 'SUPER_USER');
    for (const u of [editorUser, colleagueUser]) {
      expect((await ownerClient.put(`/project/${visible}/user/${u.id}`, { level: 'EDIT' })).status).toBe(200);
    }
    const clients = await Promise.all([editorUser, colleagueUser, outsiderUser, adminUser].map((u) => env().signIn(u)));
    [editor, colleague, outsider, admin] = clients as [Client, Client, Client, Client];
    editorToken = await tokenClient(editor);

    const token = await imageUpload(ownerClient, hidden);
    const created = await ownerClient.post('/asset', { file_id: token, project_id: hidden });
    expect(created.status).toBe(201);
    const [row] = await db().select({ id: files.id }).from(files).where(eq(files.accountId, accountId));
    hiddenFile = { rowId: row?.id ?? 0, token };
    const mine = await editor.post('/asset', {
      object_type: 'URL',
      external_url: 'https://example.com',
      title: 'Link',
      project_id: visible,
    });
    expect(mine.status).toBe(201);
    visibleAssetId = mine.body.data.id;
  });

  /** What a refused attempt must not have made: the account's assets, revisions, attachments and setting images. */
  const snapshot = async () => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await db().execute(sql`select count(*)::int as n from ${query}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    const ofAccount = sql`${assets} a where a.account_id = ${accountId}`;
    return {
      assets: await count(ofAccount),
      revisions: await count(sql`${assetRevisions} r join ${assets} a on a.id = r.asset_id where a.account_id = ${accountId}`),
      attachments: await count(sql`${assetAttachments} t join ${assets} a on a.id = t.asset_id where a.account_id = ${accountId}`),
      images: await count(sql`${settingImages} where account_id = ${accountId}`),
    };
  };

  type Attempt = (c: Client, fileId: unknown) => Promise<Json>;
  const graphqlCreate: Attempt = (c, fileId) =>
    c.graphql('mutation($i: CreateAssetInput!) { createAsset(input: $i) { asset { id } } }', {
      i: { fileId: String(fileId), projectId: encodeBase64Id('Project', visible) },
    });
  /** Every operation that takes a file id, as the members (editor, colleague) may call it. */
  const memberAttempts: Record<string, Attempt> = {
    'POST /asset': (c, file_id) => c.post('/asset', { file_id, project_id: visible }),
    'POST /asset/{id}/revision': async (c, file_id) => {
      // A file asset of the caller's library to add a revision to.
      const own = await c.post('/asset', { file_id: await imageUpload(c, visible), project_id: visible });
      return c.post(`/asset/${own.body.data.id}/revision`, { file_id });
    },
    'POST /asset-attachment': (c, file_id) => c.post('/asset-attachment', { asset_id: visibleAssetId, file_id }),
    'GraphQL createAsset': graphqlCreate,
    'PUT /user/profile': (c, file_id) => c.put('/user/profile', { avatar: 'blob:x', avatar_crop: null, file_id, i18n: 'en' }),
  };
  /** Setting images only admins set. */
  const adminAttempts: Record<string, Attempt> = {
    'PATCH /brand/{id}': (c, file_id) => c.patch(`/brand/${brandId}`, { avatar: 'blob:x', avatar_crop: null, file_id, i18n: 'en' }),
    'PUT /error-page/404': (c, file_id) => c.put('/error-page/404', { keyVisualArtUrl: 'blob:x', file_id, i18n: 'en' }),
    'PUT /login-page': (c, file_id) => c.put('/login-page', { keyVisualUrl: 'blob:x', file_id, i18n: 'en' }),
  };

  const refusedWithoutTrace = async (res: Promise<Json> | Json, before: Awaited<ReturnType<typeof snapshot>>, ignoreOwnAsset = false) => {
    const answer = await res;
    if (answer.body?.errors && Array.isArray(answer.body.errors)) {
      // GraphQL: a refusal is an error and no data.
      expect(answer.body.data?.createAsset ?? null, JSON.stringify(answer.body)).toBeNull();
    } else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    const after = await snapshot();
    // The revision attempt makes its own target asset (with a revision) first: that one is expected.
    if (ignoreOwnAsset) expect(after).toEqual({ ...before, assets: before.assets + 1, revisions: before.revisions + 1 });
    else expect(after).toEqual(before);
  };

  describe('members (cookie and bearer)', () => {
    for (const [name, attempt] of Object.entries(memberAttempts)) {
      const ownTarget = name.includes('revision');
      it(`${name}: the numeric id of a hidden library's file, its token, another user's upload, a used upload`, async () => {
        for (const caller of [editor, editorToken]) {
          const others = await imageUpload(colleague, visible);
          const used = await imageUpload(caller, visible);
          expect((await caller.post('/asset', { file_id: used, project_id: visible })).status).toBe(201);
          for (const fileId of [hiddenFile.rowId, String(hiddenFile.rowId), hiddenFile.token, others, used]) {
            const before = await snapshot();
            await refusedWithoutTrace(attempt(caller, fileId), before, ownTarget);
          }
          // The colleague's upload still works for the colleague: the refusals took nothing from it.
          if (name === 'POST /asset') expect((await attempt(colleague, others)).status).toBe(201);
        }
      });
    }

    it('an upload by a token is usable by that token only; a session upload by its user only, once', async () => {
      const byToken = await imageUpload(editorToken, visible);
      expectRefused(await editor.post('/asset', { file_id: byToken, project_id: visible }), 400, ['file_id']);
      const otherToken = await tokenClient(editor);
      expectRefused(await otherToken.post('/asset', { file_id: byToken, project_id: visible }), 400, ['file_id']);
      expect((await editorToken.post('/asset', { file_id: byToken, project_id: visible })).status).toBe(201);
      expectRefused(await editorToken.post('/asset', { file_id: byToken, project_id: visible }), 400, ['file_id']);
    });

    it('a member without any project access cannot publish a hidden file as an avatar', async () => {
      const before = await snapshot();
      for (const fileId of [hiddenFile.rowId, hiddenFile.token]) {
        await refusedWithoutTrace(outsider.put('/user/profile', { avatar: '', file_id: fileId, i18n: 'en' }), before);
      }
      const own = await imageUpload(outsider);
      const saved = await outsider.put('/user/profile', { avatar: 'blob:x', avatar_crop: null, file_id: own, i18n: 'en' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    });

    it('an upload older than a day is no longer usable', async () => {
      const old = await imageUpload(editor, visible);
      await db()
        .update(files)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(sql`${files.claimedAt} is null and ${files.accountId} = ${accountId}`);
      expectRefused(await editor.post('/asset', { file_id: old, project_id: visible }), 400, ['file_id']);
    });
  });

  describe('account admins (setting images)', () => {
    for (const [name, attempt] of Object.entries(adminAttempts)) {
      it(`${name}: another user's upload, a used upload, an asset's file`, async () => {
        const adminToken = await tokenClient(admin);
        for (const caller of [admin, adminToken]) {
          const others = await imageUpload(colleague, visible);
          const used = await imageUpload(caller, visible);
          expect((await caller.post('/asset', { file_id: used, project_id: visible })).status).toBe(201);
          for (const fileId of [hiddenFile.rowId, hiddenFile.token, others, used]) {
            const before = await snapshot();
            await refusedWithoutTrace(attempt(caller, fileId), before);
          }
        }
      });
    }
  });
});
