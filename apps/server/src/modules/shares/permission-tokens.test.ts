import { encodeBase64Id, PERMISSION_TOKEN_MAX_SECONDS } from '@emblem/core';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, assets, events, permissionTokens, projects } from '../../db/schema.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, itemIds } from '../assets/assets-test-kit.js';
import { EXPIRED_TOKEN, UNKNOWN_TOKEN } from './permission-tokens.js';

const firstError = (res: Json): string | undefined => res.body?.errors?.[0]?.message;

forEachBackend('permission tokens', (env) => {
  const kit = assetsKit(env);

  async function world(opts: { sharing?: boolean } = {}) {
    const { owner, accountId, project, c } = await kit.setup();
    if (opts.sharing !== false)
      await kit
        .db()
        .update(accounts)
        .set({ featureFlags: ['PUBLIC_ASSET_SHARING'] })
        .where(eq(accounts.id, accountId));
    const photo = await kit.fileAsset(c, owner, project.id, { title: 'Sunset' });
    await kit.markProcessed(photo.revision.id, photo.id);
    const [a1, a2, a3] = await kit.links(c, project.id, ['Beach', 'Forest', 'Private']);
    return { owner, accountId, project, c, photo: photo.id as number, a1: a1!, a2: a2!, a3: a3! };
  }

  it('grants VIEW on named assets with a token shown once, stored as a hash, one hour by default', async () => {
    const w = await world();
    const made = await w.c.post('/asset/permission-token', { asset_ids: [w.photo, w.a1, w.photo], permission_level: 'VIEW' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { token, expires_at, asset_ids, permission_level } = made.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(asset_ids).toEqual([w.photo, w.a1]);
    expect(permission_level).toBe('VIEW');
    const lifetime = Date.parse(expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(50 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
    const rows = await kit.db().select().from(permissionTokens).where(eq(permissionTokens.accountId, w.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const recorded = await kit.db().select().from(events).where(eq(events.type, 'permission-token:create'));
    expect(recorded.some((e) => e.subjectId === rows[0]?.id)).toBe(true);

    // Someone without a session lists the token's assets, in its order, with signed previews and no download.
    const visitor = env().anon();
    const listed = await visitor.post('/api/asset/list', { permission_token: token, include_preview_url: true, preview_width: 400 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(itemIds(listed)).toEqual([w.photo, w.a1]);
    const photo = listed.body.data.items[0];
    expect(photo.preview_url).toMatch(/^\/media\//);
    expect(photo.download_url).toBeNull();
    expect((await fetch(`${env().base}${photo.preview_url}`)).status).not.toBe(403);
    // Without previews asked for, none; a subset by ids; ids the token does not name are unknown.
    expect((await visitor.post('/api/asset/list', { permission_token: token })).body.data.items[0].preview_url).toBeNull();
    expect(itemIds(await visitor.post('/api/asset/list', { permission_token: token, ids: [w.a1] }))).toEqual([w.a1]);
    expectRefused(await visitor.post('/api/asset/list', { permission_token: token, ids: [w.a3] }), 404);
    // Stateless callers too (/v1 without a bearer needs none for a token).
    const v1 = await env().anon().post('/v1/asset/list', { permission_token: token });
    expect(itemIds(v1), JSON.stringify(v1.body)).toEqual([w.photo, w.a1]);

    // An asset in the trash, or past its own expiry, leaves the answer.
    expect((await w.c.delete(`/asset/${w.a1}`)).status).toBe(200);
    expect(itemIds(await visitor.post('/api/asset/list', { permission_token: token }))).toEqual([w.photo]);
    await kit
      .db()
      .update(assets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assets.id, w.photo));
    expect(itemIds(await visitor.post('/api/asset/list', { permission_token: token }))).toEqual([]);
  });

  it('refuses unknown, malformed and expired tokens with clear messages', async () => {
    const w = await world();
    const visitor = env().anon();
    const unknown = await visitor.post('/api/asset/list', { permission_token: 'A'.repeat(32) });
    expectRefused(unknown, 404);
    expect(unknown.body.error).toBe(UNKNOWN_TOKEN);
    const malformed = await visitor.post('/api/asset/list', { permission_token: 'short' });
    expectRefused(malformed, 400);
    expect(Object.keys(malformed.body.errors)).toContain('permission_token');
    expectRefused(await visitor.post('/api/asset/list', { permission_token: 'A'.repeat(32), project_id: w.project.id }), 400);

    const { token } = (await w.c.post('/asset/permission-token', { asset_ids: [w.a1], permission_level: 'VIEW', expires_in: 60 })).body
      .data;
    expect(itemIds(await visitor.post('/api/asset/list', { permission_token: token }))).toEqual([w.a1]);
    await kit
      .db()
      .update(permissionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(permissionTokens.accountId, w.accountId));
    const expired = await visitor.post('/api/asset/list', { permission_token: token });
    expectRefused(expired, 401);
    expect(expired.body.error).toBe(EXPIRED_TOKEN);

    // Without a token the list still needs a session.
    expectRefused(await visitor.post('/api/asset/list', { project_id: w.project.id }), 401);
    expect(itemIds(await w.c.post('/asset/list', { ids: [w.a2] }))).toEqual([w.a2]);
  });

  it('needs the granted level on every asset, the account switch and a shareable project', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    expect((await viewer.post('/asset/permission-token', { asset_ids: [w.a1], permission_level: 'VIEW' })).status).toBe(201);

    const bad = async (body: unknown, field: string) => {
      const r = await w.c.post('/asset/permission-token', body);
      expectRefused(r, 400);
      expect(Object.keys(r.body.errors)).toContain(field);
    };
    await bad({ asset_ids: [], permission_level: 'VIEW' }, 'asset_ids');
    await bad({ asset_ids: [w.a1], permission_level: 'ADMIN' }, 'permission_level');
    await bad({ asset_ids: [w.a1] }, 'permission_level');
    await bad({ asset_ids: [w.a1], permission_level: 'VIEW', expires_in: PERMISSION_TOKEN_MAX_SECONDS + 1 }, 'expires_in');
    await bad({ asset_ids: [w.a1], permission_level: 'VIEW', expires_in: 10 }, 'expires_in');
    await bad({ asset_ids: [w.a1], permission_level: 'VIEW', extra: 1 }, '_');
    expectRefused(await w.c.post('/asset/permission-token', { asset_ids: [w.a1, 999999], permission_level: 'VIEW' }), 404);
    expectRefused(
      await env()
        .anon()
        .post('/api/asset/permission-token', { asset_ids: [w.a1], permission_level: 'VIEW' }),
      401,
    );

    // Another account's assets do not exist for the caller; nothing is stored.
    const other = await world();
    expectRefused(await other.c.post('/asset/permission-token', { asset_ids: [w.a1], permission_level: 'VIEW' }), 404);
    // A member of the account without access to the library: 404 as well.
    const member = await env().signIn(await env().factories.member(w.accountId));
    expectRefused(await member.post('/asset/permission-token', { asset_ids: [w.a1], permission_level: 'VIEW' }), 404);

    const off = await world({ sharing: false });
    const refused = await off.c.post('/asset/permission-token', { asset_ids: [off.a1], permission_level: 'VIEW' });
    expectRefused(refused, 403);
    expect(refused.body.error).toMatch(/Public asset sharing/);
    expect(await kit.db().select().from(permissionTokens).where(eq(permissionTokens.accountId, off.accountId))).toHaveLength(0);

    // Text libraries (and personal projects) do not share (data-api.md §6).
    const text = await env().factories.project(w.owner.actor, { brandId: w.project.brandId, name: 'Texts' });
    const [t1] = await kit.links(w.c, text.id, ['Tagline']);
    await kit.db().update(projects).set({ projectType: 'TEXTLIBRARY' }).where(eq(projects.id, text.id));
    const r = await w.c.post('/asset/permission-token', { asset_ids: [t1], permission_level: 'VIEW' });
    expectRefused(r, 400);
    expect(Object.keys(r.body.errors)).toContain('asset_ids');
  });

  it("GraphQL: createPermissionToken; assetViewerWithToken and sharedAssets answer the token's grant to any caller", async () => {
    const w = await world();
    const made = await w.c.graphql(
      'mutation($a: [ID!]!) { createPermissionToken(assetIds: $a, permissionLevel: "VIEW", expiresIn: 600) { token permissionLevel assetIds expiresAt } }',
      { a: [encodeBase64Id('Asset', w.photo), encodeBase64Id('Asset', w.a2)] },
    );
    const created = made.body.data?.createPermissionToken;
    expect(created, JSON.stringify(made.body)).toMatchObject({ permissionLevel: 'VIEW' });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // GraphQL needs a caller (a session or an API token), but the grant is the token's: someone of another account.
    expect(
      firstError(await env().anon().graphql('query($t: String!) { sharedAssets(permissionToken: $t) { title } }', { t: created.token })),
    ).toBe('Not signed in');
    const visitor = (await world()).c;
    const one = await visitor.graphql('query($t: String!) { assetViewerWithToken(token: $t) { id title previewUrl } }', {
      t: created.token,
    });
    expect(one.body.data?.assetViewerWithToken, JSON.stringify(one.body)).toMatchObject({
      id: encodeBase64Id('Asset', w.photo),
      title: 'Sunset',
    });
    expect(one.body.data.assetViewerWithToken.previewUrl).toMatch(/^\/media\//);
    const second = await visitor.graphql('query($t: String!, $a: ID) { assetViewerWithToken(token: $t, assetId: $a) { title } }', {
      t: created.token,
      a: encodeBase64Id('Asset', w.a2),
    });
    expect(second.body.data?.assetViewerWithToken.title).toBe('Forest');
    const outside = await visitor.graphql('query($t: String!, $a: ID) { assetViewerWithToken(token: $t, assetId: $a) { title } }', {
      t: created.token,
      a: encodeBase64Id('Asset', w.a3),
    });
    expect(firstError(outside)).toBe('This permission token does not cover these assets');
    const all = await visitor.graphql('query($t: String!) { sharedAssets(permissionToken: $t) { title } }', { t: created.token });
    expect(all.body.data?.sharedAssets.map((a: { title: string }) => a.title)).toEqual(['Sunset', 'Forest']);
    expect(firstError(await visitor.graphql('{ sharedAssets(permissionToken: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") { title } }'))).toBe(
      UNKNOWN_TOKEN,
    );
    expect(
      firstError(await env().anon().graphql('mutation { createPermissionToken(assetIds: [], permissionLevel: "VIEW") { token } }')),
    ).toBe('Not signed in');
    const invalid = await w.c.graphql('mutation($a: [ID!]!) { createPermissionToken(assetIds: $a, permissionLevel: "EDIT") { token } }', {
      a: [encodeBase64Id('Asset', w.a1)],
    });
    expect(firstError(invalid)).toBeTruthy();
    expect(invalid.body.data).toBeNull();
  });

  it('GraphQL share links: create, list by usage key, update, new address and delete call the REST operations', async () => {
    const w = await world();
    const folder = await kit.folder(w.c, w.project.id, 'Press');
    const folderId = encodeBase64Id('Folder', folder);
    const made = await w.c.graphql(
      `mutation($f: ID!) { createShareLink(type: "folder", folderId: $f, password: "open sesame", download: "ORIGINAL") {
        id url isEnabled isPasswordProtected hasExpirationDate expiresAt type download openCount downloadCount folderId } }`,
      { f: folderId },
    );
    const link = made.body.data?.createShareLink;
    expect(link, JSON.stringify(made.body)).toMatchObject({
      isEnabled: true,
      isPasswordProtected: true,
      hasExpirationDate: false,
      expiresAt: null,
      type: 'folder',
      download: 'ORIGINAL',
      openCount: 0,
      downloadCount: 0,
      folderId,
    });
    expect(link.url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    // The same link over REST.
    const rest = (await w.c.get(`/project/${w.project.id}/share-links?set_id=${folder}`)).body.data;
    expect(rest.map((l: { id: number }) => encodeBase64Id('ShareLink', l.id))).toEqual([link.id]);

    const listed = await w.c.graphql('query($f: ID) { shareLinksByUsageKeys(folderId: $f) { id url isPasswordProtected } }', {
      f: folderId,
    });
    expect(listed.body.data?.shareLinksByUsageKeys).toEqual([{ id: link.id, url: null, isPasswordProtected: true }]);
    expect(firstError(await w.c.graphql('{ shareLinksByUsageKeys { id } }'))).toBeTruthy();

    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    const updated = await w.c.graphql(
      'mutation($id: ID!, $e: String) { updateShareLink(id: $id, isEnabled: false, removePassword: true, expiresAt: $e, download: "NONE") { isEnabled isPasswordProtected hasExpirationDate download } }',
      { id: link.id, e: expiry },
    );
    expect(updated.body.data?.updateShareLink, JSON.stringify(updated.body)).toEqual({
      isEnabled: false,
      isPasswordProtected: false,
      hasExpirationDate: true,
      download: 'NONE',
    });
    const past = await w.c.graphql('mutation($id: ID!) { updateShareLink(id: $id, expiresAt: "2020-01-01T00:00:00Z") { id } }', {
      id: link.id,
    });
    expect(firstError(past)).toBeTruthy();

    const renewed = await w.c.graphql('mutation($id: ID!) { renewShareLinkAddress(id: $id) { url } }', { id: link.id });
    expect(renewed.body.data?.renewShareLinkAddress.url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    expect(renewed.body.data.renewShareLinkAddress.url).not.toBe(link.url);

    // A viewer may not manage links; an asset link by usage key.
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    expect(firstError(await viewer.graphql('query($f: ID) { shareLinksByUsageKeys(folderId: $f) { id } }', { f: folderId }))).toMatch(
      /permission/i,
    );
    expect(firstError(await viewer.graphql('mutation($id: ID!) { deleteShareLink(id: $id) }', { id: link.id }))).toMatch(/permission/i);
    const assetLink = await w.c.graphql('mutation($a: [ID!]) { createShareLink(type: "asset", assetIds: $a) { id download } }', {
      a: [encodeBase64Id('Asset', w.a1)],
    });
    expect(assetLink.body.data?.createShareLink.download).toBe('PREVIEW');
    const ofAsset = await w.c.graphql('query($a: ID) { shareLinksByUsageKeys(assetId: $a) { id } }', { a: encodeBase64Id('Asset', w.a1) });
    expect(ofAsset.body.data?.shareLinksByUsageKeys).toEqual([{ id: assetLink.body.data.createShareLink.id }]);

    expect((await w.c.graphql('mutation($id: ID!) { deleteShareLink(id: $id) }', { id: link.id })).body.data?.deleteShareLink).toBe(true);
    expect((await w.c.get(`/project/${w.project.id}/share-links?set_id=${folder}`)).body.data).toEqual([]);
    expect(firstError(await w.c.graphql('mutation($id: ID!) { deleteShareLink(id: $id) }', { id: link.id }))).toBe('Not found');
  });
});
