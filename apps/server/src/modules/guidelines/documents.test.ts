import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { events, projects } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { documentWithPage, grant, made, team } from './test-kit.js';

forEachBackend('guideline documents and pages', (env) => {
  it('creates a document: a STYLEGUIDE project of the brand, its row and a cover page; reads it back', async () => {
    const t = await team(env());
    const created = await t.admin.post(`/portal/${t.portalId}/documents`, { title: 'Brand guide' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), slug: 'brand-guide' });
    const id = created.body.data.id;
    const [project] = await env().started.database.db.select().from(projects).where(eq(projects.id, id));
    expect(project).toMatchObject({
      projectType: 'STYLEGUIDE',
      brandId: t.brandId,
      name: 'Brand guide',
      hubId: t.portalId,
      accountId: t.accountId,
    });

    const doc = await made(t.admin.get(`/document/${id}`), 200);
    expect(doc).toMatchObject({
      id,
      portal_id: t.portalId,
      brand_id: t.brandId,
      title: 'Brand guide',
      slug: 'brand-guide',
      position: 0,
      published: false,
      version: 1,
      url: `/document/${id}`,
      page_count: 1,
      permissions: { canEdit: true, canAdmin: true },
    });
    expect(doc.pages).toEqual([
      expect.objectContaining({ type: 'COVERPAGE', title: 'Cover', slug: 'cover', position: 0, hidden: false, headings: [] }),
    ]);
    expect(doc.cover_page_id).toBe(doc.pages[0].id);
    // A derived slug that clashes gets -2; an explicit one is refused with 409.
    expect((await made(t.admin.post(`/portal/${t.portalId}/documents`, { title: 'Brand guide' }))).slug).toBe('brand-guide-2');
    expectRefused(await t.admin.post(`/portal/${t.portalId}/documents`, { title: 'Other', slug: 'brand-guide' }), 409, ['slug']);
    const list = await made(t.admin.get(`/portal/${t.portalId}/documents`), 200);
    expect(list.map((d: { slug: string }) => d.slug)).toEqual(['brand-guide', 'brand-guide-2']);
    const [event] = await env()
      .started.database.db.select()
      .from(events)
      .where(and(eq(events.subjectType, 'document'), eq(events.subjectId, id)));
    expect(event).toMatchObject({ type: 'document:create', data: { title: 'Brand guide', portal_id: t.portalId } });
  });

  it('refuses bad document input and callers without portal edit rights', async () => {
    const t = await team(env());
    expectRefused(await t.admin.post(`/portal/${t.portalId}/documents`, { title: '' }), 400, ['title']);
    expectRefused(await t.admin.post(`/portal/${t.portalId}/documents`, { title: 'A', slug: 'Not A Slug' }), 400, ['slug']);
    expectRefused(await t.admin.post(`/portal/${t.portalId}/documents`, { title: 'A', extra: 1 }), 400);
    expectRefused(await t.member.post(`/portal/${t.portalId}/documents`, { title: 'Mine' }), 403);
    const stranger = await team(env());
    expectRefused(await stranger.admin.post(`/portal/${t.portalId}/documents`, { title: 'Theirs' }), 404);
    expectRefused(await env().anon().post(`/api/portal/${t.portalId}/documents`, { title: 'Anon' }), 401);
    expect(await made(t.admin.get(`/portal/${t.portalId}/documents`), 200)).toEqual([]);
  });

  it('creates, reads, renames, reorders, hides and slugs pages; the cover stays first', async () => {
    const t = await team(env());
    const { documentId, pageId } = await documentWithPage(t);
    const second = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Colours', slug: 'colours' }));
    expect(second.slug).toBe('colours');
    // Position 0 is the cover's: a new page asked there goes right after it.
    const first = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Intro', position: 0 }));
    let doc = await made(t.admin.get(`/document/${documentId}`), 200);
    expect(doc.pages.map((p: { title: string }) => p.title)).toEqual(['Cover', 'Intro', 'Logo', 'Colours']);
    expect(doc.pages.map((p: { position: number }) => p.position)).toEqual([0, 1, 2, 3]);
    expectRefused(await t.admin.post(`/document/${documentId}/pages`, { title: 'X', slug: 'colours' }), 409, ['slug']);
    expect((await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Colours' }))).slug).toBe('colours-2');

    const page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(page).toMatchObject({ id: pageId, document_id: documentId, type: 'DEFAULT', title: 'Logo', slug: 'logo', version: 1 });
    expect(page.url).toBe(`/document/${documentId}/${pageId}`);
    expect(page.sections).toHaveLength(1);

    const renamed = await made(
      t.admin.patch(`/page/${pageId}`, { version: 1, title: 'Logos', slug: 'logos', hidden: true, position: 1 }),
      200,
    );
    expect(renamed).toMatchObject({ title: 'Logos', slug: 'logos', hidden: true, version: 2 });
    doc = await made(t.admin.get(`/document/${documentId}`), 200);
    expect(doc.pages.map((p: { title: string }) => p.title)).toEqual(['Cover', 'Logos', 'Intro', 'Colours', 'Colours']);
    expectRefused(await t.admin.patch(`/page/${pageId}`, { version: 2, slug: 'colours' }), 409, ['slug']);
    expectRefused(await t.admin.patch(`/page/${pageId}`, { version: 2 }), 400);
    expectRefused(await t.admin.patch(`/page/${doc.cover_page_id}`, { version: 1, position: 2 }), 400, ['position']);
    expectRefused(await t.admin.delete(`/page/${doc.cover_page_id}`), 409);
    void first;
  });

  it('refuses a save over a newer version with 409 and the current item', async () => {
    const t = await team(env());
    const { documentId, pageId } = await documentWithPage(t);
    await made(t.admin.patch(`/page/${pageId}`, { version: 1, title: 'First' }), 200);
    const stale = await t.admin.patch(`/page/${pageId}`, { version: 1, title: 'Second' });
    expectRefused(stale, 409, ['version']);
    expect(stale.body.current).toMatchObject({ id: pageId, title: 'First', version: 2 });
    const docStale = await t.admin.patch(`/document/${documentId}`, { version: 7, title: 'X' });
    expectRefused(docStale, 409, ['version']);
    expect(docStale.body.current).toMatchObject({ id: documentId, title: 'Brand guide', version: 1 });
    const updated = await made(
      t.admin.patch(`/document/${documentId}`, { version: 1, title: 'Guide', slug: 'guide', published: true }),
      200,
    );
    expect(updated).toMatchObject({ title: 'Guide', slug: 'guide', published: true, version: 2 });
  });

  it('lets EDIT collaborators edit, ADMIN publish; VIEW reads drafts; others without a level read only published content', async () => {
    const t = await team(env());
    const { documentId, pageId } = await documentWithPage(t);
    const viewer = await env().factories.member(t.accountId);
    const editor = await env().factories.member(t.accountId);
    await grant(t, documentId, viewer.id, 'VIEW');
    await grant(t, documentId, editor.id, 'EDIT');
    const v = await env().signIn(viewer);
    const e = await env().signIn(editor);
    // Unpublished: the member without a level does not see it; the viewer does.
    expectRefused(await t.member.get(`/document/${documentId}`), 404);
    expectRefused(await env().anon().get(`/api/document/${documentId}`), 404);
    expect((await made(v.get(`/document/${documentId}`), 200)).permissions).toEqual({ canEdit: false, canAdmin: false });
    expectRefused(await v.patch(`/page/${pageId}`, { version: 1, title: 'No' }), 403);
    await made(e.patch(`/page/${pageId}`, { version: 1, title: 'Yes' }), 200);
    expectRefused(await e.patch(`/document/${documentId}`, { version: 1, published: true }), 403);
    await made(e.patch(`/document/${documentId}`, { version: 1, title: 'Edited' }), 200);
    await made(t.admin.patch(`/document/${documentId}`, { version: 2, published: true }), 200);
    // Published in an ACCOUNT portal: members read it, visitors do not; hidden pages stay drafts.
    await made(t.admin.patch(`/page/${pageId}`, { version: 2, hidden: true }), 200);
    const read = await made(t.member.get(`/document/${documentId}`), 200);
    expect(read.pages.map((p: { type: string }) => p.type)).toEqual(['COVERPAGE']);
    expect(read.permissions).toEqual({ canEdit: false, canAdmin: false });
    expectRefused(await t.member.get(`/page/${pageId}`), 404);
    expect((await made(v.get(`/document/${documentId}`), 200)).pages).toHaveLength(2);
    expectRefused(await t.member.patch(`/document/${documentId}`, { version: 3, title: 'Hijack' }), 403);
    expectRefused(await env().anon().get(`/api/document/${documentId}`), 404);
    expectRefused(await env().anon().get(`/api/portal/${t.portalId}/documents`), 404);
  });

  it('answers published content of a PUBLIC portal to visitors: documents, hub pages, pages, blocks', async () => {
    const t = await team(env(), 'PUBLIC');
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const draft = await made(t.admin.post(`/portal/${t.portalId}/documents`, { title: 'Draft' }));
    const blockRes = await made(t.admin.post(`/section/${sectionId}/blocks`, { type: 'quote', column: 1, settings: { text: 'Be bold' } }));
    const anon = env().anon();
    expect(await made(anon.get(`/api/portal/${t.portalId}/documents`), 200)).toEqual([]);
    expectRefused(await anon.get(`/api/page/${pageId}`), 404);
    expectRefused(await anon.get(`/api/document/block/${blockRes.id}`), 404);
    await made(t.admin.patch(`/document/${documentId}`, { version: 1, published: true }), 200);
    const listed = await made(anon.get(`/api/portal/${t.portalId}/documents`), 200);
    expect(listed.map((d: { id: number }) => d.id)).toEqual([documentId]);
    expect(listed[0].permissions).toEqual({ canEdit: false, canAdmin: false });
    const hub = await made(anon.get(`/api/hub/pages/${t.portalId}?language=en`), 200);
    expect(hub.portal).toEqual({ id: t.portalId, title: 'Acme guidelines', brand_id: t.brandId });
    expect(hub.documents.map((d: { id: number; pages: unknown[] }) => [d.id, d.pages.length])).toEqual([[documentId, 2]]);
    expect((await made(t.admin.get(`/hub/pages/${t.portalId}`), 200)).documents.map((d: { id: number }) => d.id)).toEqual([
      documentId,
      draft.id,
    ]);
    const page = await made(anon.get(`/api/page/${pageId}`), 200);
    expect(page.sections[0].blocks[0]).toMatchObject({ id: blockRes.id, type: 'quote', column: 1, anchor: `block-${blockRes.id}` });
    expect(await made(anon.get(`/api/document/block/${blockRes.id}?settings_only=true`), 200)).toEqual({ settings: { text: 'Be bold' } });
    expectRefused(await anon.get(`/api/document/${draft.id}`), 404);
    expectRefused(await anon.get(`/api/hub/pages/${t.portalId}?language=english`), 400, ['language']);
    // The portal made ACCOUNT-only: visitors see nothing of it any more.
    await made(t.admin.patch(`/portal/${t.portalId}`, { visibility: 'ACCOUNT' }), 200);
    expectRefused(await anon.get(`/api/document/${documentId}`), 404);
    expectRefused(await anon.get(`/api/hub/pages/${t.portalId}`), 404);
    expectRefused(await anon.get(`/api/page/${pageId}`), 404);
  });

  it('deletes a document to the trash and restores it (ADMIN)', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    await made(t.admin.delete(`/section/${sectionId}`), 200);
    const editor = await env().factories.member(t.accountId);
    await grant(t, documentId, editor.id, 'EDIT');
    expectRefused(await (await env().signIn(editor)).delete(`/document/${documentId}`), 403);
    const deleted = await made(t.admin.delete(`/document/${documentId}`), 200);
    expect(deleted).toMatchObject({ id: documentId, deleted_at: expect.any(String), expires_at: expect.any(String) });
    expectRefused(await t.admin.get(`/document/${documentId}`), 404);
    expect(await made(t.admin.get(`/portal/${t.portalId}/documents`), 200)).toEqual([]);
    // Its content is out of reach until the document is back, even to restore.
    expectRefused(await t.admin.get(`/page/${pageId}`), 404);
    expectRefused(await t.admin.post(`/section/${sectionId}/restore`), 404);
    expectRefused(await t.admin.get(`/document/${documentId}/trash`), 404);
    // The slug is free while the document is in the trash; restoring then gives it a new one.
    await made(t.admin.post(`/portal/${t.portalId}/documents`, { title: 'Brand guide' }));
    const restored = await made(t.admin.post(`/document/${documentId}/restore`), 200);
    expect(restored).toMatchObject({ id: documentId, slug: 'brand-guide-2' });
    expectRefused(await t.admin.post(`/document/${documentId}/restore`), 409);
  });

  it('gives TRANSLATE only on guideline documents: a translator reads drafts and cannot edit', async () => {
    const { owner, accountId } = await env().factories.account({ flags: ['USER_GROUPS'] });
    const brand = await env().factories.brand(owner.actor);
    const admin = await env().signIn(owner);
    const portal = await made(admin.post('/portal', { brand_id: brand.id, title: 'Guides' }));
    const t = { admin, portalId: portal.id } as Parameters<typeof documentWithPage>[0];
    const { documentId, pageId } = await documentWithPage(t);
    const library = await env().factories.project(owner.actor, { brandId: brand.id });
    const translator = await env().factories.member(accountId);
    const refused = await admin.put(`/project/${library.id}/user/${translator.id}`, { level: 'TRANSLATE' });
    expectRefused(refused, 400, ['level']);
    expect(refused.body.errors.level).toEqual(['TRANSLATE can only be given on guideline documents']);
    expectRefused(await admin.put(`/project/${library.id}/user/${translator.id}`, { level: 'OWNER' }), 400, ['level']);
    const group = await made(admin.post('/groups', { name: 'Translators' }));
    expectRefused(await admin.put(`/project/${library.id}/group/${group.id}`, { level: 'TRANSLATE' }), 400, ['level']);
    expect(await made(admin.put(`/project/${documentId}/group/${group.id}`, { level: 'TRANSLATE' }), 200)).toEqual({
      group_id: group.id,
      level: 'TRANSLATE',
    });
    await made(admin.put(`/project/${documentId}/user/${translator.id}`, { level: 'TRANSLATE' }), 200);
    const c = await env().signIn(translator);
    const doc = await made(c.get(`/document/${documentId}`), 200);
    expect(doc).toMatchObject({ published: false, permissions: { canEdit: false, canAdmin: false } });
    expectRefused(await c.patch(`/page/${pageId}`, { version: 1, title: 'Übersetzt' }), 403);
    const collaborators = await made(admin.get(`/project/${documentId}/users`), 200);
    expect(collaborators.find((u: { user_id: number }) => u.user_id === translator.id)?.level).toBe('TRANSLATE');
  });

  it("is changed through /api/document, not /api/project, and leaves the brand's project list while in the trash", async () => {
    const t = await team(env());
    const { documentId } = await documentWithPage(t);
    expectRefused(await t.admin.patch(`/project/${documentId}`, { name: 'Renamed' }), 400, ['project']);
    expectRefused(await t.admin.delete(`/project/${documentId}`), 400, ['project']);
    const listed = async () =>
      ((await made(t.admin.get(`/brand/${t.brandId}/projects`), 200)) as { id: number }[]).some((p) => p.id === documentId);
    expect(await listed()).toBe(true);
    await made(t.admin.delete(`/document/${documentId}`), 200);
    expect(await listed()).toBe(false);
    await made(t.admin.post(`/document/${documentId}/restore`), 200);
    expect(await listed()).toBe(true);
  });
});
