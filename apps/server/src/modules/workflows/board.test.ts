import { expect, it } from 'vitest';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';

type Card = {
  id: number;
  title: string;
  overdue: boolean;
  comment_count: number;
  open_comment_count: number;
  checklist_done: number;
  checklist_total: number;
};
type Column = { status: { id: number; name: string } | null; total: number; cards: Card[] };

forEachBackend('workflow board and project activity', (env) => {
  const kit = assetsKit(env);

  async function world() {
    const { owner, accountId } = await env().factories.account();
    const c = await env().signIn(owner);
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Spring' });
    const ids = (await kit.links(c, ws.id, ['One', 'Two', 'Three', 'Four'])) as number[];
    const statuses = (await c.get(`/project/status/${ws.id}`)).body.data as { id: number; name: string }[];
    const member = async (level: string | null) => {
      const user = await env().factories.member(accountId, 'MEMBER');
      if (level) expect((await c.put(`/project/${ws.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, c: await env().signIn(user) };
    };
    const [view, edit, outsider] = await Promise.all([member('VIEW'), member('EDIT'), member(null)]);
    return { owner, c, ws, ids, statuses, view, edit, outsider };
  }
  const data = (res: Json) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const titles = (col: Column | undefined) => col?.cards.map((card) => card.title);

  it('answers the columns with their cards, counts and flags, filtered and paged per column', async () => {
    const w = await world();
    const [one, two, three, four] = w.ids as [number, number, number, number];
    const [briefing, progress] = w.statuses as unknown as [{ id: number }, { id: number }];
    expect((await w.edit.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [one, two, three] })).status).toBe(200);
    expect((await w.edit.c.put(`/workflows/status-item/status/${progress.id}`, { asset_ids: [four] })).status).toBe(200);
    data(await w.edit.c.patch(`/asset/${one}/assignment`, { assignee_id: w.view.id, due_at: '2000-01-01T00:00:00Z' }));
    data(await w.edit.c.patch(`/asset/${two}/assignment`, { due_at: new Date(Date.now() + 2 * 86_400_000).toISOString() }));
    expect((await w.edit.c.post(`/asset/${one}/checklist`, { content: 'A' })).status).toBe(201);
    const list = (await w.edit.c.post(`/asset/${one}/checklist`, { content: 'B' })).body.data;
    data(await w.edit.c.patch(`/checklist-item/${list.checklist[0].id}`, { done: true }));
    const comment = (await w.c.post(`/asset/${one}/comments`, { content: 'Hi' })).body.data;
    await w.c.post(`/asset/${one}/comments`, { content: 'Again' });
    data(await w.c.put(`/comment/${comment.id}/resolved`, { is_resolved: true }));

    const all = data(await w.view.c.get(`/project/${w.ws.id}/board`));
    expect(all.columns.map((col: Column) => [col.status?.name, col.total])).toEqual([
      ['Briefing', 3],
      ['In progress', 1],
      ['In review', 0],
      ['Approved', 0],
    ]);
    const card = all.columns[0].cards.find((x: Card) => x.id === one);
    expect(card).toMatchObject({
      title: 'One',
      status_id: briefing.id,
      assignee: { id: w.view.id },
      due_at: '2000-01-01T00:00:00.000Z',
      overdue: true,
      comment_count: 2,
      open_comment_count: 1,
      checklist_done: 1,
      checklist_total: 2,
      preview_url: null,
    });
    expect(all.columns[0].cards.find((x: Card) => x.id === two)).toMatchObject({ overdue: false, assignee: null, comment_count: 0 });

    const board = async (query: string) => data(await w.view.c.get(`/project/${w.ws.id}/board?${query}`)).columns as Column[];
    expect(titles((await board(`assignee_id=${w.view.id}`))[0])).toEqual(['One']);
    expect(titles((await board('due=overdue'))[0])).toEqual(['One']);
    expect(titles((await board('due=week'))[0])).toEqual(['Two']);
    expect((await board('due=none')).map((col) => titles(col))).toEqual([['Three'], ['Four'], [], []]);
    expect((await board(`status_id=${progress.id}`)).map((col) => titles(col))).toEqual([['Four']]);
    // One column, page by page: most recently changed first, `total` counts the whole column.
    const first = await board(`status_id=${briefing.id}&limit=2`);
    const next = await board(`status_id=${briefing.id}&limit=2&offset=2`);
    expect(first[0]?.total).toBe(3);
    expect([...(titles(first[0]) ?? []), ...(titles(next[0]) ?? [])].sort()).toEqual(['One', 'Three', 'Two']);
    expect(next[0]?.cards).toHaveLength(1);

    // Assets without a status come first, in a column of their own; assets in the trash are left out.
    const [loose] = await kit.links(w.c, w.ws.id, ['Loose']);
    expect((await board('')).map((col) => col.status?.name ?? null)).toEqual([null, 'Briefing', 'In progress', 'In review', 'Approved']);
    expect((await w.c.delete(`/asset/${loose}`)).status).toBe(200);
    expect((await board('')).map((col) => col.status?.name ?? null)[0]).toBe('Briefing');

    expectRefused(await w.outsider.c.get(`/project/${w.ws.id}/board`), 404);
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/board?offset=50`), 400, ['offset']);
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/board?due=soon`), 400, ['due']);
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/board?limit=500`), 400, ['limit']);
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    expectRefused(await w.c.get(`/project/${lib.id}/board`), 400, ['projectId']);
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId, name: 'Other' });
    const otherStatus = (await w.c.get(`/project/status/${other.id}`)).body.data[0].id;
    expectRefused(await w.c.get(`/project/${w.ws.id}/board?status_id=${otherStatus}`), 404);
    const stranger = await kit.setup();
    expectRefused(await w.c.get(`/project/${w.ws.id}/board?assignee_id=${stranger.owner.id}`), 404);
  });

  it('lists the activity of the project newest first, by kind and actor, page by page', async () => {
    const w = await world();
    const [one, two] = w.ids as [number, number];
    const [briefing] = w.statuses as unknown as [{ id: number; name: string }];
    expect((await w.edit.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [one] })).status).toBe(200);
    expect((await w.c.post(`/asset/${two}/comments`, { content: 'Hi' })).status).toBe(201);
    data(await w.edit.c.patch(`/asset/${one}/assignment`, { assignee_id: w.view.id }));
    expect((await w.edit.c.post(`/asset/${two}/checklist`, { content: 'Check' })).status).toBe(201);

    const activity = async (query = '') => data(await w.view.c.get(`/project/${w.ws.id}/activity?${query}`));
    const all = await activity();
    expect(all.items.slice(0, 4).map((e: { type: string; kind: string; asset: { id: number } }) => [e.type, e.kind, e.asset.id])).toEqual([
      ['asset:checklist', 'checklist', two],
      ['asset:assign', 'assignment', one],
      ['comment:create', 'comment', two],
      ['asset:workflow-status', 'workflow', one],
    ]);
    // Then the four uploads (asset:create), newest first.
    expect(all.items.slice(4).map((e: { kind: string }) => e.kind)).toEqual(['upload', 'upload', 'upload', 'upload']);
    expect(all.next_cursor).toBeNull();
    expect(all.items[3]).toMatchObject({
      actor: { id: w.edit.id },
      asset: { id: one, title: 'One' },
      data: { to: briefing.id, to_name: briefing.name },
      created_at: expect.any(String),
    });

    expect((await activity('type=workflow')).items.map((e: { type: string }) => e.type)).toEqual(['asset:workflow-status']);
    expect((await activity(`actor_id=${w.edit.id}`)).items.map((e: { type: string }) => e.type)).toEqual([
      'asset:checklist',
      'asset:assign',
      'asset:workflow-status',
    ]);
    const page1 = await activity('limit=3');
    expect(page1.items).toHaveLength(3);
    const page2 = await activity(`limit=3&cursor=${page1.next_cursor}`);
    const page3 = await activity(`limit=3&cursor=${page2.next_cursor}`);
    expect(page3.next_cursor).toBeNull();
    expect([...page1.items, ...page2.items, ...page3.items].map((e: { id: number }) => e.id)).toEqual(
      all.items.map((e: { id: number }) => e.id),
    );

    // Another project's events are not listed.
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId, name: 'Other' });
    await kit.links(w.c, other.id, ['Elsewhere']);
    expect((await activity()).items).toHaveLength(all.items.length);

    expectRefused(await w.outsider.c.get(`/project/${w.ws.id}/activity`), 404);
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/activity?type=likes`), 400, ['type']);
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/activity?cursor=abc`), 400, ['cursor']);
    const stranger = await kit.setup();
    expectRefused(await w.view.c.get(`/project/${w.ws.id}/activity?actor_id=${stranger.owner.id}`), 404);
    expectRefused(await stranger.c.get(`/project/${w.ws.id}/activity`), 404);
  });
});
