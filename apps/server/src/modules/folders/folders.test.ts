import { expect, it } from 'vitest';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { addLinkAsset, expectRefused, treeShape } from '../../test/helpers.js';

interface TreeNode {
  id: number;
  name: string;
  asset_count: number;
  total_asset_count: number;
  parent_id: number | null;
  child_sets: TreeNode[];
}

const names = (res: Json): string[] => res.body.data.map((s: { name: string }) => s.name).sort();

forEachBackend('folders API', (env) => {
  async function setup() {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { name: 'Brand Library' });
    const c = await env().signIn(owner);
    return { owner, accountId, project, c };
  }

  async function folder(c: Client, projectId: number, name: string, parent: number | null = 0, extra: Record<string, unknown> = {}) {
    const res = await c.post(`/set/create/${projectId}`, { name, parent, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; name: string; parent_id: number | null; color: string; path: string[] };
  }

  const link = addLinkAsset;

  const tree = async (c: Client, projectId: number) => (await c.get(`/project/${projectId}/set`)).body.data as TreeNode;

  /** Logos > (Primary > Dark), Photos: a small tree used by several tests. */
  async function sampleTree(c: Client, projectId: number) {
    const logos = await folder(c, projectId, 'Logos');
    const primary = await folder(c, projectId, 'Primary', logos.id);
    const dark = await folder(c, projectId, 'Dark', primary.id);
    const photos = await folder(c, projectId, 'Photos', null);
    return { logos, primary, dark, photos };
  }

  it('answers the tree under a pseudo-root named after the project', async () => {
    const { c, project } = await setup();
    const empty = await c.get(`/project/${project.id}/set`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ id: 0, name: 'Brand Library', child_sets: [] });
    const { logos, primary, dark } = await sampleTree(c, project.id);
    const t = await tree(c, project.id);
    expect(t.id).toBe(0);
    expect(treeShape(t.child_sets)).toEqual([
      ['Logos', [['Primary', [['Dark', []]]]]],
      ['Photos', []],
    ]);
    const l = t.child_sets.find((n) => n.name === 'Logos') as TreeNode;
    expect(l).toMatchObject({ id: logos.id, parent_id: null, project_id: project.id, color: '#EEEEEE', asset_count: 0 });
    expect(l.child_sets[0]).toMatchObject({ id: primary.id, parent_id: logos.id });
    expect(l.child_sets[0]?.child_sets[0]).toMatchObject({ id: dark.id, parent_id: primary.id });
  });

  it('counts the assets directly in each folder, in the tree and the flat list', async () => {
    const { c, project } = await setup();
    const { logos, primary, dark, photos } = await sampleTree(c, project.id);
    await link(c, project.id, 'l1', logos.id);
    await link(c, project.id, 'l2', logos.id);
    await link(c, project.id, 'p1', primary.id);
    await link(c, project.id, 'root');
    const counts = (nodes: { id: number; asset_count: number }[]) => Object.fromEntries(nodes.map((n) => [n.id, n.asset_count]));
    const expected = { [logos.id]: 2, [primary.id]: 1, [dark.id]: 0, [photos.id]: 0 };
    expect(counts((await c.get(`/project/${project.id}/sets?recursive=true`)).body.data)).toEqual(expected);
    const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.child_sets)]);
    expect(counts(flatten((await tree(c, project.id)).child_sets) as never)).toEqual(expected);
  });

  it('counts the assets of every sub-folder in total_asset_count, after moves and deletes', async () => {
    const { c, project } = await setup();
    const { logos, primary, dark, photos } = await sampleTree(c, project.id);
    const a1 = await link(c, project.id, 'a1', logos.id);
    const a2 = await link(c, project.id, 'a2', logos.id);
    await link(c, project.id, 'at-root');
    /** {id: [direct, total]} from the tree and from the flat list, which must agree. */
    const counts = async () => {
      const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.child_sets)]);
      const pairs = (nodes: { id: number; asset_count: number; total_asset_count: number }[]) =>
        Object.fromEntries(nodes.map((n) => [n.id, [n.asset_count, n.total_asset_count]]));
      const fromTree = pairs(flatten((await tree(c, project.id)).child_sets));
      expect(pairs((await c.get(`/project/${project.id}/sets?recursive=true`)).body.data)).toEqual(fromTree);
      return fromTree;
    };
    expect(await counts()).toEqual({ [logos.id]: [2, 2], [primary.id]: [0, 0], [dark.id]: [0, 0], [photos.id]: [0, 0] });

    // Both assets move two levels down: the parent and grandparent hold them only through Dark.
    const moved = await c.post('/assets/transfer', {
      source: { project: project.id },
      target: { project: project.id, folder: dark.id },
      folders: [],
      assets: [a1, a2],
      metadata: true,
      mode: 'move',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await counts()).toEqual({ [logos.id]: [0, 2], [primary.id]: [0, 2], [dark.id]: [2, 2], [photos.id]: [0, 0] });
    expect((await c.get(`/project/${project.id}/sets`)).body.data.find((s: TreeNode) => s.id === logos.id)).toMatchObject({
      asset_count: 0,
      total_asset_count: 2,
    });

    await link(c, project.id, 'p1', primary.id);
    expect(await counts()).toEqual({ [logos.id]: [0, 3], [primary.id]: [1, 3], [dark.id]: [2, 2], [photos.id]: [0, 0] });
    // The answers of create and update carry both counts too.
    expect((await c.patch(`/set/${logos.id}`, { name: 'Logos 2' })).body.data).toMatchObject({ asset_count: 0, total_asset_count: 3 });
    expect((await c.patch(`/set/${photos.id}`, { parent: dark.id })).body.data).toMatchObject({ asset_count: 0, total_asset_count: 0 });
    expect((await c.post(`/set/create/${project.id}`, { name: 'New', parent: logos.id })).body.data).toMatchObject({
      asset_count: 0,
      total_asset_count: 0,
    });
    const fresh = (await c.get(`/project/${project.id}/sets?search_term=New`)).body.data[0].id as number;

    // Deleting Dark takes its assets (and Photos inside it) to the trash: the totals above drop; restoring puts them back.
    expect((await c.delete(`/set/${dark.id}`)).status).toBe(200);
    expect(await counts()).toEqual({ [logos.id]: [0, 1], [primary.id]: [1, 1], [fresh]: [0, 0] });
    expect((await c.post(`/set/${dark.id}/restore`)).status).toBe(200);
    expect(await counts()).toEqual({ [logos.id]: [0, 3], [primary.id]: [1, 3], [dark.id]: [2, 2], [photos.id]: [0, 0], [fresh]: [0, 0] });
    expect((await c.delete(`/set/${primary.id}`)).status).toBe(200);
    expect(await counts()).toEqual({ [logos.id]: [0, 0], [fresh]: [0, 0] });
  });

  it('creates folders at the root with parent 0 or null and below a folder, with a default colour', async () => {
    const { c, project } = await setup();
    const a = await folder(c, project.id, 'Zero', 0);
    const b = await folder(c, project.id, 'Null', null);
    const noParent = await c.post(`/set/create/${project.id}`, { name: 'Omitted' });
    expect(noParent.status).toBe(201);
    const child = await folder(c, project.id, 'Child', a.id, { color: '#12ab9F' });
    expect(a).toMatchObject({ parent_id: null, color: '#EEEEEE', project_id: project.id, asset_count: 0, path: ['Zero'] });
    expect(b.parent_id).toBeNull();
    expect(noParent.body.data.parent_id).toBeNull();
    expect(child).toMatchObject({ parent_id: a.id, color: '#12ab9F', path: ['Zero', 'Child'] });
    expect(typeof a.id).toBe('number');
  });

  it('refuses an invalid colour, a parent of another project and bad input, creating nothing', async () => {
    const { c, project, owner } = await setup();
    for (const color of ['red', '#EEE', 'EEEEEE', '#GGGGGG', 12]) {
      expectRefused(await c.post(`/set/create/${project.id}`, { name: 'X', parent: 0, color }), 400, ['color']);
    }
    const otherProject = await env().factories.project(owner.actor);
    const foreign = await folder(c, otherProject.id, 'Elsewhere');
    const res = await c.post(`/set/create/${project.id}`, { name: 'X', parent: foreign.id });
    expectRefused(res, 400, ['parent']);
    expectRefused(await c.post(`/set/create/${project.id}`, { name: 'X', parent: 2_000_000_000 }), 400, ['parent']);
    const missing = await c.post(`/set/create/${project.id}`, { parent: 0 });
    expectRefused(missing, 400, ['name']);
    expect(missing.body.errors.name).toEqual(['Is required']);
    const wrong = await c.post(`/set/create/${project.id}`, { name: ['x'], parent: 'root' });
    expectRefused(wrong, 400, ['name', 'parent']);
    expect(wrong.body.errors.name).toEqual(['Must be a string']);
    expectRefused(await c.post(`/set/create/${project.id}`, { name: 'X', sort: 3 }), 400, ['_']);
    expectRefused(await c.post(`/set/create/${project.id}`, { name: 'x'.repeat(121) }), 400, ['name']);
    expectRefused(await c.post('/set/create/abc', { name: 'X' }), 400, ['projectId']);
    expect((await tree(c, project.id)).child_sets).toEqual([]);
  });

  it('answers 404 for folders of another account', async () => {
    const { c, project } = await setup();
    const f = await folder(c, project.id, 'Private');
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.get(`/project/${project.id}/set`), 404);
    expectRefused(await stranger.get(`/project/${project.id}/sets`), 404);
    expectRefused(await stranger.post(`/set/create/${project.id}`, { name: 'X' }), 404);
    expectRefused(await stranger.patch(`/set/${f.id}`, { name: 'Taken' }), 404);
    expectRefused(await stranger.delete(`/set/${f.id}`), 404);
    expect((await tree(c, project.id)).child_sets.map((n) => n.name)).toEqual(['Private']);
  });

  it('lists folders flat: root level by default, all with recursive, children of parent_id, with paths', async () => {
    const { c, project } = await setup();
    const { logos, primary } = await sampleTree(c, project.id);
    const root = await c.get(`/project/${project.id}/sets`);
    expect(root.status).toBe(200);
    expect(names(root)).toEqual(['Logos', 'Photos']);
    expect(root.body.data[0]).not.toHaveProperty('child_sets');

    const all = await c.get(`/project/${project.id}/sets?recursive=true`);
    expect(names(all)).toEqual(['Dark', 'Logos', 'Photos', 'Primary']);
    const dark = all.body.data.find((s: { name: string }) => s.name === 'Dark');
    expect(dark.path).toEqual(['Logos', 'Primary', 'Dark']);
    expect(dark.parent_id).toBe(primary.id);

    expect(names(await c.get(`/project/${project.id}/sets?parent_id=${logos.id}`))).toEqual(['Primary']);
    expect(names(await c.get(`/project/${project.id}/sets?parent_id=${logos.id}&recursive=true`))).toEqual(['Dark', 'Primary']);
    expect(names(await c.get(`/project/${project.id}/sets?parent_id=0`))).toEqual(['Logos', 'Photos']);
  });

  it('searches folder names case-insensitively at every level', async () => {
    const { c, project } = await setup();
    await sampleTree(c, project.id);
    await folder(c, project.id, 'old logos', null);
    const res = await c.get(`/project/${project.id}/sets?search_term=LOGO`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Logos', 'old logos']);
    expect(names(await c.get(`/project/${project.id}/sets?search_term=dA`))).toEqual(['Dark']);
    expect((await c.get(`/project/${project.id}/sets?search_term=nothing-like-this`)).body.data).toEqual([]);
  });

  it('lists only the folders a member of the account created with creator_id', async () => {
    const { c, project, owner, accountId } = await setup();
    const editor = await env().factories.member(accountId);
    expect((await c.put(`/project/${project.id}/user/${editor.id}`, { level: 'EDIT' })).status).toBe(200);
    const e = await env().signIn(editor);
    const { logos } = await sampleTree(c, project.id);
    await folder(e, project.id, 'Editor top');
    await folder(e, project.id, 'Editor logos', logos.id);
    const idle = await env().factories.member(accountId);

    const by = (userId: number, more = '') => c.get(`/project/${project.id}/sets?creator_id=${userId}${more}`);
    expect(names(await by(editor.id))).toEqual(['Editor top']);
    expect(names(await by(editor.id, '&recursive=true'))).toEqual(['Editor logos', 'Editor top']);
    expect(names(await by(editor.id, `&parent_id=${logos.id}`))).toEqual(['Editor logos']);
    expect(names(await by(owner.id, '&recursive=true'))).toEqual(['Dark', 'Logos', 'Photos', 'Primary']);
    expect(names(await by(owner.id, '&search_term=o'))).toEqual(['Logos', 'Photos']);
    expect((await by(idle.id, '&recursive=true')).body.data).toEqual([]);
    // Any member of the project may filter.
    expect(names(await e.get(`/project/${project.id}/sets?creator_id=${owner.id}`))).toEqual(['Logos', 'Photos']);

    // The id names a user: another account's user, or none, is not found; a malformed id is refused.
    const stranger = (await env().factories.account()).owner;
    const foreign = await by(stranger.id);
    expectRefused(foreign, 404);
    expect(foreign.body.error).toBe('No such user in this account');
    expectRefused(await by(2_000_000_000), 404);
    expectRefused(await by(0), 400, ['creator_id']);
    expectRefused(await c.get(`/project/${project.id}/sets?creator_id=me`), 400, ['creator_id']);
    // Another account's caller learns nothing about the project or the user.
    expectRefused(await (await env().signIn(stranger)).get(`/project/${project.id}/sets?creator_id=${editor.id}`), 404);
  });

  it('sorts the list by position (the default), name or newest first, and refuses other orders', async () => {
    const { c, project } = await setup();
    const created: string[] = [];
    for (const name of ['b 10', 'B 2', 'a', 'C']) {
      await folder(c, project.id, name);
      created.push(name);
    }
    const order = async (sort?: string) =>
      (await c.get(`/project/${project.id}/sets${sort ? `?sort_by=${sort}` : ''}`)).body.data.map((s: { name: string }) => s.name);
    // position: the folders' own order (the order they were added in), which is also the default.
    expect(await order()).toEqual(created);
    expect(await order('position')).toEqual(created);
    expect(await order('name')).toEqual(['a', 'B 2', 'b 10', 'C']);
    expect(await order('created')).toEqual([...created].reverse());
    const sub = await folder(c, project.id, 'z-sub', (await c.get(`/project/${project.id}/sets?search_term=a`)).body.data[0].id);
    expect((await c.get(`/project/${project.id}/sets?recursive=true&sort_by=created`)).body.data[0].id).toBe(sub.id);
    expect((await c.get(`/project/${project.id}/sets?recursive=true&sort_by=name`)).body.data.map((s: { name: string }) => s.name)).toEqual(
      ['a', 'B 2', 'b 10', 'C', 'z-sub'],
    );
    for (const bad of ['size', 'NAME', '', '-created']) {
      const res = await c.get(`/project/${project.id}/sets?sort_by=${bad}`);
      expectRefused(res, 400, ['sort_by']);
      expect(res.body.errors.sort_by).toEqual(['Must be one of position, name, created']);
    }
  });

  it('lists the folders holding assets in a workflow status, and refuses the download_request filter', async () => {
    const { c, project, owner } = await setup();
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE' });
    const [a, b] = [await folder(c, ws.id, 'A'), await folder(c, ws.id, 'B')];
    await folder(c, ws.id, 'Empty');
    const inA = await addLinkAsset(c, ws.id, 'In A', a.id);
    const inB = await addLinkAsset(c, ws.id, 'In B', b.id);
    const [briefing, progress] = (await c.get(`/project/status/${ws.id}`)).body.data as { id: number }[];
    expect((await c.put(`/workflows/status-item/status/${briefing!.id}`, { asset_ids: [inA] })).status).toBe(200);
    expect((await c.put(`/workflows/status-item/status/${progress!.id}`, { asset_ids: [inB] })).status).toBe(200);
    const names = async (statusId: number) =>
      ((await c.get(`/project/${ws.id}/sets?recursive=true&workflow_status_id=${statusId}`)).body.data as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await names(briefing!.id)).toEqual(['A']);
    expect(await names(progress!.id)).toEqual(['B']);
    // A status of another project is not found; a bad id is 400.
    const other = await env().factories.project(owner.actor, { type: 'WORKSPACE' });
    const foreign = (await c.get(`/project/status/${other.id}`)).body.data[0].id;
    expectRefused(await c.get(`/project/${ws.id}/sets?workflow_status_id=${foreign}`), 404);
    expectRefused(await c.get(`/project/${project.id}/sets?workflow_status_id=${briefing!.id}`), 404);
    for (const value of ['', 'true'])
      expectRefused(await c.get(`/project/${ws.id}/sets?workflow_status_id=${value}`), 400, ['workflow_status_id']);
    for (const value of ['1', '', 'true']) {
      const d = await c.get(`/project/${project.id}/sets?recursive=true&download_request=${value}`);
      expectRefused(d, 400, ['download_request']);
      expect(d.body.errors.download_request).toEqual(['Is not supported yet: folders have no download requests']);
    }
  });

  it('refuses bad list parameters', async () => {
    const { c, project, owner } = await setup();
    expectRefused(await c.get(`/project/${project.id}/sets?recursive=yes`), 400, ['recursive']);
    expectRefused(await c.get(`/project/${project.id}/sets?parent_id=abc`), 400, ['parent_id']);
    expectRefused(await c.get(`/project/${project.id}/sets?depth=2`), 400, ['_']);
    const other = await env().factories.project(owner.actor);
    const foreign = await folder(c, other.id, 'Other');
    expectRefused(await c.get(`/project/${project.id}/sets?parent_id=${foreign.id}`), 404);
  });

  it('renames a folder and changes its colour', async () => {
    const { c, project } = await setup();
    const f = await folder(c, project.id, 'Old');
    const res = await c.patch(`/set/${f.id}`, { name: 'New', color: '#000000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: f.id, name: 'New', color: '#000000', parent_id: null });
    expect((await tree(c, project.id)).child_sets.map((n) => n.name)).toEqual(['New']);
    expectRefused(await c.patch(`/set/${f.id}`, {}), 400);
    expectRefused(await c.patch(`/set/${f.id}`, { name: '' }), 400, ['name']);
    expectRefused(await c.patch(`/set/${f.id}`, { color: 'blue' }), 400, ['color']);
    expectRefused(await c.patch(`/set/${f.id}`, { title: 'x' }), 400, ['_']);
    expectRefused(await c.patch('/set/2000000000', { name: 'x' }), 404);
  });

  it('moves a folder under another one and back to the root', async () => {
    const { c, project } = await setup();
    const { logos, photos } = await sampleTree(c, project.id);
    const moved = await c.patch(`/set/${photos.id}`, { parent: logos.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: logos.id, path: ['Logos', 'Photos'] });
    expect(treeShape((await tree(c, project.id)).child_sets)).toEqual([
      [
        'Logos',
        [
          ['Photos', []],
          ['Primary', [['Dark', []]]],
        ],
      ],
    ]);
    const back = await c.patch(`/set/${photos.id}`, { parent: 0 });
    expect(back.body.data.parent_id).toBeNull();
    expect(treeShape((await tree(c, project.id)).child_sets)).toEqual([
      ['Logos', [['Primary', [['Dark', []]]]]],
      ['Photos', []],
    ]);
  });

  it('refuses moving a folder into itself or a descendant, and changes nothing', async () => {
    const { c, project, owner } = await setup();
    const { logos, primary, dark } = await sampleTree(c, project.id);
    const before = treeShape((await tree(c, project.id)).child_sets);
    expectRefused(await c.patch(`/set/${logos.id}`, { parent: logos.id }), 400, ['parent']);
    expectRefused(await c.patch(`/set/${logos.id}`, { parent: dark.id }), 400, ['parent']);
    expectRefused(await c.patch(`/set/${logos.id}`, { name: 'Renamed', parent: primary.id }), 400, ['parent']);
    const other = await env().factories.project(owner.actor);
    const foreign = await folder(c, other.id, 'Other');
    expectRefused(await c.patch(`/set/${primary.id}`, { parent: foreign.id }), 400, ['parent']);
    expect(treeShape((await tree(c, project.id)).child_sets)).toEqual(before);
  });

  it('deletes a folder to the trash with its sub-folders and their assets, one item (decision 0025)', async () => {
    const { c, project } = await setup();
    const { logos, primary, dark } = await sampleTree(c, project.id);
    const inLogos = await link(c, project.id, 'in-logos', logos.id);
    const inPrimary = await link(c, project.id, 'in-primary', primary.id);
    await link(c, project.id, 'in-dark-1', dark.id);
    await link(c, project.id, 'in-dark-2', dark.id);
    await link(c, project.id, 'at-root');

    const res = await c.delete(`/set/${primary.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: primary.id,
      trashed: true,
      deleted_at: expect.any(String),
      expires_at: expect.any(String),
      trashed_sets: 2,
      trashed_assets: 3,
      target_set_id: logos.id,
    });
    expect(treeShape((await tree(c, project.id)).child_sets)).toEqual([
      ['Logos', []],
      ['Photos', []],
    ]);
    const inFolder = await c.post('/asset/list', { project_id: project.id, set_id: logos.id });
    expect(inFolder.body.data.items.map((a: { id: number }) => a.id)).toEqual([inLogos]);
    expect(inFolder.body.data.total).toBe(1);
    expect((await c.get(`/project/${project.id}`)).body.data.asset_count).toBe(2);
    expect((await tree(c, project.id)).child_sets.find((n) => n.name === 'Logos')).toMatchObject({ asset_count: 1, total_asset_count: 1 });
    expectRefused(await c.patch(`/set/${dark.id}`, { name: 'gone' }), 404);
    expectRefused(await c.get(`/asset/${inPrimary}`), 404);
    expectRefused(await c.delete(`/set/${primary.id}`), 404);
    // Nothing goes into a folder in the trash: not a new sub-folder, an asset, or a move.
    expectRefused(await c.post(`/set/create/${project.id}`, { name: 'Inside', parent: dark.id }), 400, ['parent']);
    expectRefused(
      await c.post('/asset', {
        object_type: 'URL',
        external_url: 'https://example.com/x',
        title: 'x',
        project_id: project.id,
        set_id: primary.id,
      }),
      400,
      ['set_id'],
    );
    expectRefused(await c.patch(`/set/${logos.id}`, { parent: primary.id }), 400, ['parent']);
  });

  it('lets VIEW read folders but not change them (403); EDIT may', async () => {
    const { c, project, accountId } = await setup();
    const f = await folder(c, project.id, 'Shared');
    const make = async (level: string) => {
      const u = await env().factories.member(accountId);
      expect((await c.put(`/project/${project.id}/user/${u.id}`, { level })).status).toBe(200);
      return env().signIn(u);
    };
    const viewer = await make('VIEW');
    expect((await viewer.get(`/project/${project.id}/set`)).status).toBe(200);
    expect(names(await viewer.get(`/project/${project.id}/sets`))).toEqual(['Shared']);
    expectRefused(await viewer.post(`/set/create/${project.id}`, { name: 'X' }), 403);
    expectRefused(await viewer.patch(`/set/${f.id}`, { name: 'X' }), 403);
    expectRefused(await viewer.delete(`/set/${f.id}`), 403);
    const editor = await make('EDIT');
    expect((await editor.patch(`/set/${f.id}`, { name: 'Edited' })).status).toBe(200);
    expect((await editor.delete(`/set/${f.id}`)).status).toBe(200);
  });

  it('stores SQL and HTML in folder names verbatim', async () => {
    const { c, project } = await setup();
    const evil = [`x'); DELETE FROM sets; --`, '<img src=x onerror="alert(1)">', '%_\\ "quoted"'];
    for (const n of evil) await folder(c, project.id, n);
    expect((await tree(c, project.id)).child_sets.map((n) => n.name).sort()).toEqual([...evil].sort());
    const found = await c.get(`/project/${project.id}/sets?search_term=${encodeURIComponent('%_')}`);
    expect(names(found)).toEqual(['%_\\ "quoted"']);
  });
});
