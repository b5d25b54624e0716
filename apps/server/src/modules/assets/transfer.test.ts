import { expect, it } from 'vitest';
import { type Client, forEachBackend, type TestUser } from '../../test/harness.js';
import { addLinkAsset, expectRefused, treeShape } from '../../test/helpers.js';
import { halves } from '../../test/media.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

interface TreeNode {
  id: number;
  name: string;
  child_sets: TreeNode[];
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

forEachBackend('asset transfers', (env) => {
  async function setup() {
    const { owner, accountId } = await env().factories.account();
    const source = await env().factories.project(owner.actor, { name: 'Source' });
    const target = await env().factories.project(owner.actor, { name: 'Target' });
    const c = await env().signIn(owner);
    return { owner, accountId, source, target, c };
  }

  async function folder(c: Client, projectId: number, name: string, parent: number | null = null) {
    const res = await c.post(`/set/create/${projectId}`, { name, parent });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  async function fileAsset(c: Client, owner: TestUser, projectId: number, name: string, setId: number | null = null) {
    const file = await env().factories.file(owner.actor, { name, bytes: PNG, mime: 'image/png' });
    const res = await c.post('/asset', { file_id: file.id, project_id: projectId, set_id: setId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  const link = addLinkAsset;

  const transfer = (c: Client, body: Record<string, unknown>) => c.post('/assets/transfer', body);
  const tree = async (c: Client, projectId: number) => (await c.get(`/project/${projectId}/set`)).body.data as TreeNode;
  const inFolder = async (c: Client, projectId: number, setId: number | null) =>
    (await c.post('/asset/list', { project_id: projectId, set_id: setId ?? 0 })).body.data.items.map(
      (a: { id: number }) => a.id,
    ) as number[];

  /** Source: Brand (2 assets) > Logos (1 asset), plus one asset at the root. */
  async function sourceContent(c: Client, owner: TestUser, projectId: number) {
    const brand = await folder(c, projectId, 'Brand');
    const logos = await folder(c, projectId, 'Logos', brand);
    const b1 = await fileAsset(c, owner, projectId, 'b1.png', brand);
    const b2 = await link(c, projectId, 'b2', brand);
    const l1 = await fileAsset(c, owner, projectId, 'l1.png', logos);
    const loose = await fileAsset(c, owner, projectId, 'loose.png');
    return { brand, logos, b1, b2, l1, loose };
  }

  it('moves assets and a folder within a project', async () => {
    const { c, owner, source } = await setup();
    const { brand, logos, loose, l1, b1, b2 } = await sourceContent(c, owner, source.id);
    const archive = await folder(c, source.id, 'Archive');
    const res = await transfer(c, {
      source: { project: source.id },
      target: { project: source.id, folder: archive },
      folders: [logos],
      assets: [loose],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.folders).toEqual([logos]);
    expect(res.body.data.assets).toContain(loose);
    expect(treeShape((await tree(c, source.id)).child_sets)).toEqual([
      ['Archive', [['Logos', []]]],
      ['Brand', []],
    ]);
    expect(await inFolder(c, source.id, archive)).toEqual([loose]);
    expect(await inFolder(c, source.id, logos)).toEqual([l1]);
    expect(await inFolder(c, source.id, null)).toEqual([]);
    expect(sorted(await inFolder(c, source.id, brand))).toEqual(sorted([b1, b2]));
    expect((await c.get(`/asset/${loose}`)).body.data).toMatchObject({ set_id: archive, project_id: source.id });
  });

  it('moves a folder tree and assets to another project: recreated there, removed from the source', async () => {
    const { c, owner, source, target } = await setup();
    const { brand, logos, b1, b2, l1, loose } = await sourceContent(c, owner, source.id);
    const res = await transfer(c, {
      source: { project: source.id },
      target: { project: target.id },
      folders: [brand],
      assets: [loose],
      mode: 'move',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(sorted(res.body.data.assets)).toEqual(sorted([b1, b2, l1, loose]));
    expect(res.body.data.folders).toHaveLength(1);

    expect((await tree(c, source.id)).child_sets).toEqual([]);
    expect((await c.post('/asset/list', { project_id: source.id })).body.data.total).toBe(0);
    expect((await c.get(`/project/${source.id}`)).body.data.asset_count).toBe(0);
    expectRefused(await c.patch(`/set/${logos}`, { name: 'gone' }), 404);

    const t = await tree(c, target.id);
    expect(treeShape(t.child_sets)).toEqual([['Brand', [['Logos', []]]]]);
    const newBrand = t.child_sets[0] as TreeNode;
    expect(newBrand.id).toBe(res.body.data.folders[0]);
    const newLogos = newBrand.child_sets[0] as TreeNode;
    expect(sorted(await inFolder(c, target.id, newBrand.id))).toEqual(sorted([b1, b2]));
    expect(await inFolder(c, target.id, newLogos.id)).toEqual([l1]);
    expect(await inFolder(c, target.id, null)).toEqual([loose]);
    const moved = (await c.get(`/asset/${l1}`)).body.data;
    expect(moved).toMatchObject({ project_id: target.id, set_id: newLogos.id, location: { library: { id: target.id } } });
    expect(moved.location.breadcrumbs.map((b: { name: string }) => b.name)).toEqual(['Brand', 'Logos']);
    expect((await c.get(`/asset/${l1}/revisions`)).body.data).toHaveLength(1);
  });

  it('copies assets and folders with new ids, revisions and attachments; the source stays as it was', async () => {
    const { c, owner, source, target } = await setup();
    const { brand, logos, b1, b2, l1, loose } = await sourceContent(c, owner, source.id);
    await c.patch(`/asset/${loose}`, { description: 'Shot in May', alternative_text: 'A dot' });
    const v2 = await env().factories.file(owner.actor, { name: 'loose-v2.png', bytes: PNG });
    expect((await c.post(`/asset/${loose}/revision`, { file_id: v2.id })).status).toBe(200);
    const att = await env().factories.file(owner.actor, { name: 'notes.pdf', bytes: Buffer.from('%PDF-1.4\n') });
    expect((await c.post('/asset-attachment', { asset_id: loose, file_id: att.id })).status).toBe(201);

    const res = await transfer(c, {
      source: { project: source.id },
      target: { project: target.id },
      folders: [brand],
      assets: [loose],
      metadata: true,
      mode: 'copy',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copies: number[] = res.body.data.assets;
    expect(copies).toHaveLength(4);
    for (const id of [b1, b2, l1, loose]) expect(copies).not.toContain(id);
    expect(res.body.data.folders).not.toContain(brand);

    // The source is untouched.
    expect(treeShape((await tree(c, source.id)).child_sets)).toEqual([['Brand', [['Logos', []]]]]);
    expect(await inFolder(c, source.id, null)).toEqual([loose]);
    expect(sorted(await inFolder(c, source.id, brand))).toEqual(sorted([b1, b2]));
    expect(await inFolder(c, source.id, logos)).toEqual([l1]);
    expect((await c.get(`/project/${source.id}`)).body.data.asset_count).toBe(4);
    // The target holds copies in a recreated tree.
    expect(treeShape((await tree(c, target.id)).child_sets)).toEqual([['Brand', [['Logos', []]]]]);
    expect((await c.get(`/project/${target.id}`)).body.data.asset_count).toBe(4);
    const copiedBrand = (await tree(c, target.id)).child_sets[0] as TreeNode;
    expect(await inFolder(c, target.id, copiedBrand.id)).toHaveLength(2);
    expect(await inFolder(c, target.id, (copiedBrand.child_sets[0] as TreeNode).id)).toHaveLength(1);

    const [copyOfLoose] = await inFolder(c, target.id, null);
    expect(copies).toContain(copyOfLoose);
    const copy = (await c.get(`/asset/${copyOfLoose}`)).body.data;
    expect(copy).toMatchObject({
      title: 'loose',
      description: 'Shot in May',
      alternative_text: 'A dot',
      revision: { number: 2 },
      extension: 'png',
    });
    const revisions = (await c.get(`/asset/${copyOfLoose}/revisions`)).body.data;
    expect(revisions.map((r: { number: number; current: boolean }) => [r.number, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const screen = (await c.get(`/screen/data/${copyOfLoose}`)).body.data;
    expect(screen.attachments).toEqual([expect.objectContaining({ title: 'notes.pdf', asset_id: copyOfLoose })]);
    // Changing the copy leaves the original alone.
    await c.patch(`/asset/${copyOfLoose}`, { title: 'Copy' });
    expect((await c.get(`/asset/${loose}`)).body.data.title).toBe('loose');
  });

  it('copies without metadata: description and alternative text are cleared', async () => {
    const { c, owner, source, target } = await setup();
    const a = await fileAsset(c, owner, source.id, 'photo.png');
    await c.patch(`/asset/${a}`, { description: 'Secret brief', alternative_text: 'Alt' });
    const res = await transfer(c, {
      source: { project: source.id },
      target: { project: target.id },
      assets: [a],
      metadata: false,
      mode: 'copy',
    });
    expect(res.status).toBe(200);
    const [copyId] = res.body.data.assets;
    expect((await c.get(`/asset/${copyId}`)).body.data).toMatchObject({ title: 'photo', description: '', alternative_text: '' });
    expect((await c.get(`/asset/${a}`)).body.data).toMatchObject({ description: 'Secret brief', alternative_text: 'Alt' });
  });

  it('copies into a folder of the same project', async () => {
    const { c, owner, source } = await setup();
    const a = await fileAsset(c, owner, source.id, 'photo.png');
    const dest = await folder(c, source.id, 'Dest');
    const res = await transfer(c, {
      source: { project: source.id },
      target: { project: source.id, folder: dest },
      assets: [a],
      mode: 'copy',
    });
    expect(res.status).toBe(200);
    expect(await inFolder(c, source.id, dest)).toEqual(res.body.data.assets);
    expect(await inFolder(c, source.id, null)).toEqual([a]);
  });

  it('refuses moving a folder into its own descendant, changing nothing', async () => {
    const { c, owner, source } = await setup();
    const { brand, logos } = await sourceContent(c, owner, source.id);
    const before = treeShape((await tree(c, source.id)).child_sets);
    expectRefused(
      await transfer(c, { source: { project: source.id }, target: { project: source.id, folder: logos }, folders: [brand] }),
      400,
      ['target.folder'],
    );
    expectRefused(
      await transfer(c, { source: { project: source.id }, target: { project: source.id, folder: brand }, folders: [brand] }),
      400,
      ['target.folder'],
    );
    expect(treeShape((await tree(c, source.id)).child_sets)).toEqual(before);
  });

  it('refuses assets and folders that are not in the source project, moving nothing', async () => {
    const { c, source, target } = await setup();
    const mine = await link(c, source.id, 'mine');
    const elsewhere = await link(c, target.id, 'elsewhere');
    const foreignFolder = await folder(c, target.id, 'Theirs');
    expectRefused(await transfer(c, { source: { project: source.id }, target: { project: target.id }, assets: [mine, elsewhere] }), 400, [
      'assets',
    ]);
    expectRefused(await transfer(c, { source: { project: source.id }, target: { project: target.id }, assets: [2_000_000_000] }), 400, [
      'assets',
    ]);
    expectRefused(await transfer(c, { source: { project: source.id }, target: { project: target.id }, folders: [foreignFolder] }), 400, [
      'folders',
    ]);
    expect(await inFolder(c, source.id, null)).toEqual([mine]);
    expect(await inFolder(c, target.id, null)).toEqual([elsewhere]);
  });

  it('refuses a target folder of another project', async () => {
    const { c, owner, source, target } = await setup();
    const a = await link(c, source.id, 'a');
    const other = await env().factories.project(owner.actor);
    const otherFolder = await folder(c, other.id, 'Other');
    expectRefused(
      await transfer(c, { source: { project: source.id }, target: { project: target.id, folder: otherFolder }, assets: [a] }),
      400,
      ['target.folder'],
    );
    expect(await inFolder(c, source.id, null)).toEqual([a]);
  });

  it('refuses moving with VIEW on the source (403) and on the target (403); copying needs only VIEW on the source', async () => {
    const { c, accountId, source, target } = await setup();
    const a = await link(c, source.id, 'a');
    const member = await env().factories.member(accountId);
    await c.put(`/project/${source.id}/user/${member.id}`, { level: 'VIEW' });
    await c.put(`/project/${target.id}/user/${member.id}`, { level: 'EDIT' });
    const m = await env().signIn(member);
    expectRefused(await transfer(m, { source: { project: source.id }, target: { project: target.id }, assets: [a], mode: 'move' }), 403);
    expect(await inFolder(c, source.id, null)).toEqual([a]);
    expect(await inFolder(c, target.id, null)).toEqual([]);

    const copied = await transfer(m, { source: { project: source.id }, target: { project: target.id }, assets: [a], mode: 'copy' });
    expect(copied.status).toBe(200);
    expect(await inFolder(c, target.id, null)).toEqual(copied.body.data.assets);

    await c.put(`/project/${source.id}/user/${member.id}`, { level: 'EDIT' });
    await c.put(`/project/${target.id}/user/${member.id}`, { level: 'VIEW' });
    expectRefused(await transfer(m, { source: { project: source.id }, target: { project: target.id }, assets: [a] }), 403);
    expect(await inFolder(c, source.id, null)).toEqual([a]);
  });

  it('answers 404 for a target project of another account', async () => {
    const { c, source } = await setup();
    const a = await link(c, source.id, 'a');
    const other = await env().factories.account();
    const theirs = await env().factories.project(other.owner.actor);
    expectRefused(await transfer(c, { source: { project: source.id }, target: { project: theirs.id }, assets: [a] }), 404);
    expectRefused(await transfer(c, { source: { project: source.id }, target: { project: theirs.id }, assets: [a], mode: 'copy' }), 404);
    expect(await inFolder(c, source.id, null)).toEqual([a]);
    const stranger = await env().signIn(other.owner);
    expect((await stranger.post('/asset/list', { project_id: theirs.id })).body.data.total).toBe(0);
  });

  it("applies the target library's extension rules to what arrives", async () => {
    const { c, owner, source } = await setup();
    const icons = await env().factories.project(owner.actor, { type: 'ICONLIBRARY' });
    const mp4 = await env().factories.file(owner.actor, { name: 'clip.mp4', bytes: Buffer.alloc(16) });
    const created = await c.post('/asset', { file_id: mp4.id, project_id: source.id });
    expect(created.status).toBe(201);
    const res = await transfer(c, { source: { project: source.id }, target: { project: icons.id }, assets: [created.body.data.id] });
    expectRefused(res, 400, ['file_id']);
    expect(res.body.error).toContain('.mp4');
    expect(await inFolder(c, source.id, null)).toEqual([created.body.data.id]);
  });

  it('refuses bad transfer bodies with field messages', async () => {
    const { c, source, target } = await setup();
    const a = await link(c, source.id, 'a');
    const base = { source: { project: source.id }, target: { project: target.id } };
    expectRefused(await transfer(c, base), 400, ['assets']);
    expectRefused(await transfer(c, { ...base, assets: [a], mode: 'link' }), 400, ['mode']);
    expectRefused(await transfer(c, { ...base, assets: [a], metadata: 'yes' }), 400, ['metadata']);
    expectRefused(await transfer(c, { ...base, assets: 'all' }), 400, ['assets']);
    expectRefused(await transfer(c, { target: base.target, assets: [a] }), 400, ['source']);
    expectRefused(await transfer(c, { ...base, source: { project: 'x' }, assets: [a] }), 400, ['source.project']);
    expectRefused(await transfer(c, { ...base, assets: [a], overwrite: true }), 400, ['_']);
    expect(await inFolder(c, source.id, null)).toEqual([a]);
  });
});

forEachBackend('asset transfers while processing', (env) => {
  it('a copy made before the original was processed is processed too', async () => {
    const { owner } = await env().factories.account();
    const source = await env().factories.project(owner.actor, { name: 'Source' });
    const target = await env().factories.project(owner.actor, { name: 'Target' });
    const c = await env().signIn(owner);
    const file = await env().factories.file(owner.actor, { name: 'p.png', bytes: await halves(40, 20, '#000', '#fff'), mime: 'image/png' });
    const created = await c.post('/asset', { file_id: file.id, project_id: source.id });
    expect(created.body.data.status).toBe('PROCESSING');
    const res = await c.post('/assets/transfer', {
      source: { project: source.id },
      target: { project: target.id },
      assets: [created.body.data.id],
      mode: 'copy',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await env().drainJobs();
    const copies = (await c.post('/asset/list', { project_id: target.id, set_id: 0 })).body.data.items as { id: number }[];
    expect(copies).toHaveLength(1);
    const copy = await c.get(`/asset/${copies[0]?.id}`);
    const original = await c.get(`/asset/${created.body.data.id}`);
    expect(original.body.data.status).toBe('FINISHED');
    expect(copy.body.data.status, JSON.stringify(copy.body.data)).toBe('FINISHED');
    expect(copy.body.data.width).toBe(40);
  });
});
