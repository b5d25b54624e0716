import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { guidelinePageRevisions, guidelineSections } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { REVISIONS_KEPT, writeRevision } from './revision-queries.js';
import { addBlock, documentWithPage, grant, made, team } from './test-kit.js';

forEachBackend('guideline page history', (env) => {
  const db = () => env().started.database.db;
  const blocksOf = (page: { sections: { id: number; blocks: { id: number; settings: Record<string, unknown> }[] }[] }) =>
    page.sections.map((s) => [s.id, s.blocks.map((b) => [b.id, b.settings.text])]);

  it('keeps a revision of every content save, newest first, with its snapshot', async () => {
    const t = await team(env());
    const { pageId, sectionId } = await documentWithPage(t);
    const a = await addBlock(t.admin, sectionId, 'quote', { text: 'A' });
    await made(t.admin.patch(`/document/block/${a}`, { version: 1, settings: { text: 'A2' } }), 200);
    await addBlock(t.admin, sectionId, 'palette', { colors: [] }, 1);
    const list = await made(t.admin.get(`/page/${pageId}/revisions`), 200);
    expect(list.total).toBe(4);
    expect(list.next_before).toBeNull();
    expect(list.items.map((r: { summary: string }) => r.summary)).toEqual([
      'Added a colour palette',
      'Edited a quote block',
      'Added a quote block',
      'Added a section',
    ]);
    expect(list.items[0]).toEqual({
      id: expect.any(Number),
      summary: 'Added a colour palette',
      created_at: expect.any(String),
      created_by: { id: t.owner.id, name: 'Olive Owner' },
    });
    const paged = await made(t.admin.get(`/page/${pageId}/revisions?limit=2`), 200);
    expect(paged.items).toHaveLength(2);
    expect(paged.next_before).toBe(paged.items[1].id);
    const rest = await made(t.admin.get(`/page/${pageId}/revisions?limit=2&before=${paged.next_before}`), 200);
    expect(rest.items.map((r: { summary: string }) => r.summary)).toEqual(['Added a quote block', 'Added a section']);
    expect(rest.next_before).toBeNull();
    expectRefused(await t.admin.get(`/page/${pageId}/revisions?limit=500`), 400, ['limit']);

    const one = await made(t.admin.get(`/page/${pageId}/revisions/${list.items[1].id}`), 200);
    expect(one).toMatchObject({ id: list.items[1].id, page_id: pageId, summary: 'Edited a quote block' });
    expect(one.content.sections).toEqual([
      {
        id: sectionId,
        column_proportions: [1, 1],
        group_id: null,
        tab_title: null,
        position: 0,
        blocks: [{ id: a, column: 0, position: 0, type: 'quote', settings: { text: 'A2' } }],
      },
    ]);
    // A revision is read through its own page only.
    const other = await made(
      t.admin.post(`/document/${(await made(t.admin.get(`/page/${pageId}`), 200)).document_id}/pages`, { title: 'Other' }),
    );
    expectRefused(await t.admin.get(`/page/${other.id}/revisions/${list.items[1].id}`), 404);
  });

  it('restores a saved state by id: deleted content comes back, newer content goes to the trash, and it is itself a revision', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const a = await addBlock(t.admin, sectionId, 'quote', { text: 'A' });
    const b = await addBlock(t.admin, sectionId, 'quote', { text: 'B' });
    const [saved] = (await made(t.admin.get(`/page/${pageId}/revisions?limit=1`), 200)).items;
    // After the saved state: A edited, B deleted, a new section with C, and the first section moved to another page.
    await made(t.admin.patch(`/document/block/${a}`, { version: 1, settings: { text: 'A changed' } }), 200);
    await made(t.admin.delete(`/document/block/${b}`), 200);
    const newer = (await made(t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1] }))).id;
    const c = await addBlock(t.admin, newer, 'quote', { text: 'C' });
    const second = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Second' }));
    await made(t.admin.post(`/section/${sectionId}/move`, { page_id: second.id, position: 0 }), 200);

    const restored = await made(t.admin.post(`/page/${pageId}/revisions/${saved.id}/restore`), 200);
    expect(blocksOf(restored)).toEqual([
      [
        sectionId,
        [
          [a, 'A'],
          [b, 'B'],
        ],
      ],
    ]);
    expect((await made(t.admin.get(`/page/${second.id}`), 200)).sections).toEqual([]);
    const trash = await made(t.admin.get(`/document/${documentId}/trash`), 200);
    expect(trash.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toContain(`section:${newer}`);
    expectRefused(await t.admin.get(`/document/block/${c}`), 404);
    const [latest] = (await made(t.admin.get(`/page/${pageId}/revisions?limit=1`), 200)).items;
    expect(latest.summary).toMatch(/^Restored the version of /);
    // Restoring a state whose content was purged recreates it with its ids.
    await db().delete(guidelineSections).where(eq(guidelineSections.id, sectionId));
    const again = await made(t.admin.post(`/page/${pageId}/revisions/${saved.id}/restore`), 200);
    expect(blocksOf(again)).toEqual([
      [
        sectionId,
        [
          [a, 'A'],
          [b, 'B'],
        ],
      ],
    ]);
  });

  it('shows history to people with a level; restores need EDIT', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    await made(t.admin.patch(`/document/${documentId}`, { version: 1, published: true }), 200);
    await addBlock(t.admin, sectionId, 'quote', { text: 'A' });
    const [rev] = (await made(t.admin.get(`/page/${pageId}/revisions?limit=1`), 200)).items;
    const viewer = await env().factories.member(t.accountId);
    await grant(t, documentId, viewer.id, 'VIEW');
    const v = await env().signIn(viewer);
    expect((await made(v.get(`/page/${pageId}/revisions`), 200)).total).toBe(2);
    expectRefused(await v.post(`/page/${pageId}/revisions/${rev.id}/restore`), 403);
    // A member reads the published page but not its history.
    await made(t.member.get(`/page/${pageId}`), 200);
    expectRefused(await t.member.get(`/page/${pageId}/revisions`), 403);
    expectRefused(await env().anon().get(`/api/page/${pageId}/revisions`), 401);
    const stranger = await team(env());
    expectRefused(await stranger.admin.get(`/page/${pageId}/revisions`), 404);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of a page`, async () => {
    const t = await team(env());
    const { pageId } = await documentWithPage(t);
    for (let i = 0; i < REVISIONS_KEPT + 3; i++)
      await writeRevision(db(), { accountId: t.accountId, pageId, summary: `Save ${i}`, createdBy: null });
    const [row] = await db().select({ n: count() }).from(guidelinePageRevisions).where(eq(guidelinePageRevisions.pageId, pageId));
    expect(row?.n).toBe(REVISIONS_KEPT);
    const list = await made(t.admin.get(`/page/${pageId}/revisions?limit=1`), 200);
    expect(list.items[0]).toMatchObject({ summary: `Save ${REVISIONS_KEPT + 2}`, created_by: null });
  });
});
