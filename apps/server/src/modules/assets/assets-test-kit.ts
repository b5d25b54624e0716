import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { assetRevisions, assets } from '../../db/schema.js';
import type { Client, Json, TestEnv, TestUser } from '../../test/harness.js';

/* Fixtures and one-line builders shared by the assets API tests (assets-*.test.ts). */

export type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]);
export const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

let png: Promise<Buffer> | undefined;
/** A 64×48 red PNG, made once per test file. */
export const testPng = (): Promise<Buffer> =>
  (png ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
    .png()
    .toBuffer());

export const itemIds = (res: Json): number[] => res.body.data.items.map((a: { id: number }) => a.id);

export function assetsKit(env: () => TestEnv) {
  const db = () => env().started.database.db;

  async function setup(type = 'MEDIALIBRARY') {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { type, name: 'Media' });
    const c = await env().signIn(owner);
    return { owner, accountId, project, c };
  }

  /** A stored file of the owner's account and an asset made from it. */
  async function fileAsset(
    c: Client,
    owner: TestUser,
    projectId: number,
    opts: { name?: string; bytes?: Buffer; setId?: number | null; title?: string } = {},
  ) {
    const file = await env().factories.file(owner.actor, {
      name: opts.name ?? 'sunset.png',
      bytes: opts.bytes ?? (await testPng()),
      mime: 'image/png',
    });
    const res = await c.post('/asset', { file_id: file.id, project_id: projectId, set_id: opts.setId ?? null, title: opts.title });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function link(c: Client, projectId: number, title: string, setId: number | null = null) {
    const res = await c.post('/asset', {
      object_type: 'URL',
      external_url: `https://example.com/${encodeURIComponent(title)}`,
      title,
      project_id: projectId,
      set_id: setId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  async function links(c: Client, projectId: number, titles: string[], setId: number | null = null) {
    const out: number[] = [];
    for (const t of titles) out.push(await link(c, projectId, t, setId));
    return out;
  }

  async function folder(c: Client, projectId: number, name: string, parent: number | null = null) {
    const res = await c.post(`/set/create/${projectId}`, { name, parent });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  /** `setup` plus a signed-in MEMBER of the account with no level on the library. */
  async function team() {
    const { owner, accountId, project, c } = await setup();
    const member = await env().factories.member(accountId, 'MEMBER');
    return { owner, accountId, project, c, member: await env().signIn(member) };
  }

  async function collaborator(c: Client, accountId: number, projectId: number, level: Level) {
    const user = await env().factories.member(accountId);
    expect((await c.put(`/project/${projectId}/user/${user.id}`, { level })).status).toBe(200);
    return env().signIn(user);
  }

  const folderOrder = async (c: Client, projectId: number, setId: number | null = null) =>
    itemIds(await c.post('/asset/list', { project_id: projectId, set_id: setId ?? 0 }));

  async function assetRows(projectId: number) {
    const [row] = await db().select({ n: count() }).from(assets).where(eq(assets.projectId, projectId));
    return row?.n ?? -1;
  }

  /**
   * Marks a revision as processed the way the preview job leaves it (the processor belongs to the media module):
   * only what the presenter reads.
   */
  async function markProcessed(revisionId: number, assetId: number) {
    await db()
      .update(assetRevisions)
      .set({ status: 'FINISHED', previewKey: `previews/${revisionId}.webp` })
      .where(eq(assetRevisions.id, revisionId));
    await db().update(assets).set({ status: 'FINISHED' }).where(eq(assets.id, assetId));
  }

  return { db, setup, team, fileAsset, link, links, folder, collaborator, folderOrder, assetRows, markProcessed };
}
