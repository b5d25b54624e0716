import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { guidelineBlocks, guidelineDocuments, guidelinePages, guidelineSections, projects } from '../../db/schema.js';
import type { JobDeps } from '../../jobs/define.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { addBlock, documentWithPage, made, team } from './test-kit.js';
import { guidelineTrashPurgeJob } from './trash.js';

forEachBackend('guideline trash and references', (env) => {
  const db = () => env().started.database.db;
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

  it('deletes pages, headings, sections and blocks to the trash and restores them', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const blockId = await addBlock(t.admin, sectionId, 'quote', { text: 'Q' });
    const other = (await made(t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1] }))).id;
    const heading = (await made(t.admin.post(`/page/${pageId}/headings`, { title: 'Top' }))).id;

    const deletedBlock = await made(t.admin.delete(`/document/block/${blockId}`), 200);
    expect(deletedBlock).toEqual({ id: blockId, deleted_at: expect.any(String), expires_at: expect.any(String) });
    expect(new Date(deletedBlock.expires_at).getTime() - new Date(deletedBlock.deleted_at).getTime()).toBe(30 * 86_400_000);
    expectRefused(await t.admin.get(`/document/block/${blockId}`), 404);
    expectRefused(await t.admin.patch(`/document/block/${blockId}`, { version: 2, settings: { text: 'X' } }), 404);
    await made(t.admin.delete(`/heading/${heading}`), 200);
    await made(t.admin.delete(`/section/${other}`), 200);
    const trash = await made(t.admin.get(`/document/${documentId}/trash`), 200);
    expect(
      trash.map((i: { kind: string; id: number; title: string; page_id: number }) => [i.kind, i.id, i.title, i.page_id]).sort(),
    ).toEqual(
      [
        ['block', blockId, 'Quote block', pageId],
        ['heading', heading, 'Top', pageId],
        ['section', other, 'Section', pageId],
      ].sort(),
    );
    // A page in the trash takes its content along; its blocks cannot be restored before it.
    await made(t.admin.delete(`/page/${pageId}`), 200);
    expectRefused(await t.admin.get(`/page/${pageId}`), 404);
    expect((await made(t.admin.get(`/document/${documentId}`), 200)).pages).toHaveLength(1);
    const blocked = await t.admin.post(`/document/block/${blockId}/restore`);
    expectRefused(blocked, 409);
    expect(blocked.body.error).toMatch(/restore the page first/);
    expectRefused(await t.admin.post(`/section/${other}/restore`), 409);
    expect(await made(t.admin.post(`/page/${pageId}/restore`), 200)).toMatchObject({ id: pageId, slug: 'logo', position: 1 });
    expect(await made(t.admin.post(`/document/block/${blockId}/restore`), 200)).toMatchObject({ id: blockId, column: 0, position: 0 });
    expect(await made(t.admin.post(`/section/${other}/restore`), 200)).toMatchObject({ id: other, position: 1 });
    expectRefused(await t.admin.post(`/section/${other}/restore`), 409);
    expectRefused(await t.admin.post(`/page/${pageId}/restore`), 409);
    const page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(page.sections.map((s: { id: number; blocks: { id: number }[] }) => [s.id, s.blocks.map((b) => b.id)])).toEqual([
      [sectionId, [blockId]],
      [other, []],
    ]);
    // Visitors and members without a level never see the trash; viewers neither (EDIT).
    expectRefused(await t.member.get(`/document/${documentId}/trash`), 404);
    expectRefused(await env().anon().get(`/api/document/${documentId}/trash`), 401);
  });

  it('refuses restoring after 30 days; the daily purge removes such items for good', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const old = await addBlock(t.admin, sectionId, 'quote', { text: 'Old' });
    const recent = await addBlock(t.admin, sectionId, 'quote', { text: 'Recent' });
    await made(t.admin.delete(`/document/block/${old}`), 200);
    await made(t.admin.delete(`/document/block/${recent}`), 200);
    await db()
      .update(guidelineBlocks)
      .set({ deletedAt: ago(31) })
      .where(eq(guidelineBlocks.id, old));
    const expired = await t.admin.post(`/document/block/${old}/restore`);
    expectRefused(expired, 409);
    expect(expired.body.error).toMatch(/more than 30 days/);
    expect((await made(t.admin.get(`/document/${documentId}/trash`), 200)).map((i: { id: number }) => i.id)).toEqual([recent]);
    // A whole document deleted long ago goes too, with its project.
    const gone = await documentWithPage(t, 'Gone');
    await made(t.admin.delete(`/document/${gone.documentId}`), 200);
    await db()
      .update(guidelineDocuments)
      .set({ deletedAt: ago(40) })
      .where(eq(guidelineDocuments.projectId, gone.documentId));
    expectRefused(await t.admin.post(`/document/${gone.documentId}/restore`), 409);
    const log = { info() {}, warn() {}, error() {} } as unknown as JobDeps['log'];
    await guidelineTrashPurgeJob.run({ db: db(), log } as JobDeps, {}, {} as never);
    expect(await db().select().from(guidelineBlocks).where(eq(guidelineBlocks.id, old))).toEqual([]);
    expect(await db().select().from(guidelineBlocks).where(eq(guidelineBlocks.id, recent))).toHaveLength(1);
    expect(await db().select().from(projects).where(eq(projects.id, gone.documentId))).toEqual([]);
    expect(await db().select().from(guidelinePages).where(eq(guidelinePages.documentId, gone.documentId))).toEqual([]);
    expect(await db().select().from(guidelinePages).where(eq(guidelinePages.id, pageId))).toHaveLength(1);
    expect(guidelineTrashPurgeJob.every).toBe(86_400_000);
  });

  it('answers "still referenced" with the url and path of each linking block, unless force=true', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t, 'Brand guide');
    const target = await addBlock(t.admin, sectionId, 'quote', { text: 'Target' });
    const selfLink = await addBlock(t.admin, sectionId, 'text', {
      html: `<a href="/document/${documentId}/${pageId}#/${sectionId}/${target}">same page</a>`,
    });
    const second = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Colours' }));
    const secondSection = (await made(t.admin.post(`/page/${second.id}/sections`, { column_proportions: [1] }))).id;
    const linking = await addBlock(t.admin, secondSection, 'text', {
      html: `<p>See <a href="/document/${documentId}/${pageId}#/${sectionId}/${target}">the logo</a></p>`,
    });

    const refused = await t.admin.delete(`/document/block/${target}`);
    expectRefused(refused, 409);
    expect(refused.body.error).toBe('Still referenced');
    expect(refused.body.references).toEqual([
      { url: `/document/${documentId}/${pageId}#/${sectionId}/${selfLink}`, path: 'Brand guide › Logo › Text block' },
      { url: `/document/${documentId}/${second.id}#/${secondSection}/${linking}`, path: 'Brand guide › Colours › Text block' },
    ]);
    // Links from inside the section or page being deleted go with it.
    const section = await t.admin.delete(`/section/${sectionId}`);
    expectRefused(section, 409);
    expect(section.body.references).toEqual([
      { url: `/document/${documentId}/${second.id}#/${secondSection}/${linking}`, path: 'Brand guide › Colours › Text block' },
    ]);
    expectRefused(await t.admin.delete(`/page/${pageId}`), 409);
    expect(await made(t.admin.get(`/document/block/${target}`), 200)).toMatchObject({ id: target });
    // Once the linking block is gone (in the trash), nothing refers any more.
    await made(t.admin.delete(`/document/block/${linking}`), 200);
    await made(t.admin.delete(`/section/${sectionId}`), 200);
    await made(t.admin.post(`/section/${sectionId}/restore`), 200);
    await made(t.admin.post(`/document/block/${linking}/restore`), 200);
    // force=true deletes anyway; the links then point into the trash.
    await made(t.admin.delete(`/page/${pageId}?force=true`), 200);
    expectRefused(await t.admin.get(`/page/${pageId}`), 404);
    expectRefused(await t.admin.delete(`/page/${second.id}?force=yes`), 400, ['force']);
    const [row] = await db().select().from(guidelineSections).where(eq(guidelineSections.id, sectionId));
    expect(row?.deletedAt).toBeNull();
  });
});
