import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaTagOf } from '../../access/index.js';
import { accounts, assetRevisions, assets, shareLinks } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { fetchBytes, jpeg, upload } from '../../test/media.js';
import { shareMediaUrl } from '../media/public.js';

/**
 * The share-link security matrix (issue 12): for folder, collection and asset links, in each state, every URL derived
 * from the link answers exactly as it must. URLs are handed out while the link is open (the baseline), then the state
 * is applied and each is requested again by the visitor.
 */

const TYPES = ['folder', 'collection', 'asset'] as const;
type LinkType = (typeof TYPES)[number];
const URLS = ['detail', 'thumbnail', 'preview', 'transform', 'original', 'previewDownload', 'zip', 'earlierSigned'] as const;
type UrlKind = (typeof URLS)[number];
const STATES = [
  'enabled',
  'disabled',
  'expired',
  'deleted',
  'passwordWithout',
  'passwordWrong',
  'passwordRight',
  'passwordChanged',
  'assetRemoved',
  'assetTrashed',
  'assetExpired',
] as const;
type State = (typeof STATES)[number];

/** 200 and the ZIP without the asset: 'zip-without'. */
type Expect = number | 'zip-without';
function expected(state: State, url: UrlKind): Expect {
  switch (state) {
    case 'enabled':
    case 'passwordRight':
      return 200;
    case 'disabled':
    case 'expired':
    case 'deleted':
      return 404;
    case 'passwordWithout':
    case 'passwordWrong':
    case 'passwordChanged':
      return 401;
    default:
      return url === 'zip' ? 'zip-without' : 404;
  }
}

const tokenOf = (url: string) => url.split('/share/')[1] ?? '';
const cookieOf = (res: Json) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('emblem_share_')) ?? '';

let PHOTO: Buffer;
let casesRun = 0;
beforeAll(async () => {
  PHOTO = await jpeg(48, 32, '#aa3322');
});
afterAll(() => {
  console.info(`share-link security matrix: ${casesRun} cases run`);
});

forEachBackend('share-link security matrix', (env) => {
  const db = () => env().started.database.db;
  const secret = () => env().started.app.config.sessionSecret;
  const visitor = () => env().anon();

  async function photo(c: Client, projectId: number, setId: number | null, title: string): Promise<number> {
    const up = await upload(c, { projectId, name: `${title}.jpg`, bytes: PHOTO });
    const made = await c.post('/asset', { file_id: up.body.data.file_id, project_id: projectId, set_id: setId, title });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data.id;
  }

  async function world() {
    const { owner, accountId } = await env().factories.account();
    await db()
      .update(accounts)
      .set({ featureFlags: ['PUBLIC_ASSET_SHARING'] })
      .where(eq(accounts.id, accountId));
    const project = await env().factories.project(owner.actor, { type: 'MEDIALIBRARY', name: 'Media' });
    const c = await env().signIn(owner);
    const folder = async (name: string) => (await c.post(`/set/create/${project.id}`, { name, parent: null })).body.data.id as number;
    return { c, project, shared: await folder('Shared'), outside: await folder('Outside') };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /** A fresh link of the type over a kept asset and the asset under test (`target`), downloads of originals on. */
  async function linkWith(w: World, type: LinkType, n: string) {
    const kept = await photo(w.c, w.project.id, w.shared, `Kept${n}`);
    const target = await photo(w.c, w.project.id, w.shared, `Target${n}`);
    await env().drainJobs();
    let body: Record<string, unknown>;
    let collectionId = 0;
    if (type === 'folder') {
      const sub = (await w.c.post(`/set/create/${w.project.id}`, { name: `Sub ${n}`, parent: w.shared })).body.data.id as number;
      await db().update(assets).set({ setId: sub }).where(eq(assets.id, target));
      // Its own folder: a fresh folder per case, the target in a sub-folder of it.
      await db().update(assets).set({ setId: sub }).where(eq(assets.id, kept));
      body = { type: 'folder', set_id: sub };
      const inner = (await w.c.post(`/set/create/${w.project.id}`, { name: 'Inner', parent: sub })).body.data.id as number;
      await db().update(assets).set({ setId: inner }).where(eq(assets.id, target));
    } else if (type === 'collection') {
      collectionId = (await w.c.post(`/project/${w.project.id}/collections`, { name: `Col ${n}` })).body.data.id;
      expect((await w.c.post(`/collection/${collectionId}/assets`, { asset_ids: [kept, target] })).status).toBe(200);
      body = { type: 'collection', collection_id: collectionId };
    } else body = { type: 'asset', asset_ids: [kept, target] };
    const made = await w.c.post('/share-link', { ...body, download: 'ORIGINAL' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return { id: made.body.data.id as number, token: tokenOf(made.body.data.url), target, kept, collectionId };
  }

  async function applyState(w: World, state: State, link: Awaited<ReturnType<typeof linkWith>>): Promise<string> {
    const v = visitor();
    switch (state) {
      case 'disabled':
        expect((await w.c.patch(`/share-link/${link.id}`, { is_enabled: false })).status).toBe(200);
        return '';
      case 'expired':
        await db()
          .update(shareLinks)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(shareLinks.id, link.id));
        return '';
      case 'deleted':
        expect((await w.c.delete(`/share-link/${link.id}`)).status).toBe(200);
        return '';
      case 'passwordWithout':
        await w.c.patch(`/share-link/${link.id}`, { password: 'correct horse' });
        return '';
      case 'passwordWrong': {
        await w.c.patch(`/share-link/${link.id}`, { password: 'correct horse' });
        const wrong = await v.post(`/api/share-link/${link.token}/unlock`, { password: 'wrong horse' });
        expect(wrong.status).toBe(401);
        return cookieOf(wrong);
      }
      case 'passwordRight': {
        await w.c.patch(`/share-link/${link.id}`, { password: 'correct horse' });
        const right = await v.post(`/api/share-link/${link.token}/unlock`, { password: 'correct horse' });
        expect(right.status).toBe(200);
        return cookieOf(right);
      }
      case 'passwordChanged': {
        await w.c.patch(`/share-link/${link.id}`, { password: 'correct horse' });
        const cookie = cookieOf(await v.post(`/api/share-link/${link.token}/unlock`, { password: 'correct horse' }));
        expect(cookie).not.toBe('');
        await w.c.patch(`/share-link/${link.id}`, { password: 'battery staple' });
        return cookie;
      }
      case 'assetRemoved':
        if (link.collectionId) await w.c.post(`/collection/${link.collectionId}/assets/remove`, { asset_ids: [link.target] });
        else if (linkTypeOf(link) === 'folder') await db().update(assets).set({ setId: w.outside }).where(eq(assets.id, link.target));
        else
          await db()
            .update(shareLinks)
            .set({ assetIds: [link.kept] })
            .where(eq(shareLinks.id, link.id));
        return '';
      case 'assetTrashed':
        expect((await w.c.delete(`/asset/${link.target}`)).status).toBe(200);
        return '';
      case 'assetExpired':
        await db()
          .update(assets)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(assets.id, link.target));
        return '';
      default:
        return '';
    }
  }
  const kinds = new Map<number, LinkType>();
  const linkTypeOf = (link: { id: number }) => kinds.get(link.id);

  for (const type of TYPES) {
    it(`${type} links: every derived URL in every state`, async () => {
      const w = await world();
      let n = 0;
      for (const state of STATES) {
        const link = await linkWith(w, type, `${type}-${n++}`);
        kinds.set(link.id, type);
        // Handed out while the link is open.
        const base = `/api/share-link/${link.token}`;
        const detail = await visitor().get(`${base}/assets/${link.target}`);
        expect(detail.status, JSON.stringify(detail.body)).toBe(200);
        const listed =
          type === 'folder'
            ? await visitor().get(`${base}/folders/${(await db().select().from(assets).where(eq(assets.id, link.target)))[0]?.setId}`)
            : await visitor().get(`${base}/assets`);
        const earlier = listed.body.data.assets.find((a: { id: number }) => a.id === link.target).preview_url as string;
        const [row] = await db()
          .select({ token: assets.token, revisionId: assetRevisions.id })
          .from(assets)
          .innerJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
          .where(eq(assets.id, link.target));
        const [linkRow] = await db().select().from(shareLinks).where(eq(shareLinks.id, link.id));
        const transform = shareMediaUrl(
          secret(),
          row!.token,
          row!.revisionId,
          { width: 24, format: 'webp' },
          {
            linkId: link.id,
            tag: mediaTagOf(linkRow!),
          },
        );
        const urls: Record<UrlKind, string> = {
          detail: `${base}/assets/${link.target}`,
          thumbnail: detail.body.data.thumbnail_url,
          preview: detail.body.data.preview_url,
          transform,
          original: detail.body.data.download_url,
          previewDownload: detail.body.data.preview_download_url,
          zip: `${base}/download.zip`,
          earlierSigned: earlier,
        };
        const cookie = await applyState(w, state, link);
        const headers: Record<string, string> = cookie ? { cookie } : {};
        for (const kind of URLS) {
          const res = await fetchBytes(visitor(), urls[kind], headers);
          const want = expected(state, kind);
          const label = `${type} × ${state} × ${kind}`;
          if (want === 'zip-without') {
            expect(res.status, label).toBe(200);
            expect(res.bytes.includes(Buffer.from(`Target${type}-`)), label).toBe(false);
            expect(res.bytes.includes(Buffer.from(`Kept${type}-`)), label).toBe(true);
          } else expect(res.status, label).toBe(want);
          casesRun++;
        }
      }
    }, 300_000);
  }
});
