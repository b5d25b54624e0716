import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { guidelineBlockRefs, guidelineDocuments } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { addLinkAsset, expectRefused } from '../../test/helpers.js';
import { addBlock, documentWithPage, grant, made, type Team, team } from './test-kit.js';

forEachBackend('guideline sections, headings and blocks', (env) => {
  const refsOf = async (blockId: number) =>
    (await env().started.database.db.select().from(guidelineBlockRefs).where(eq(guidelineBlockRefs.blockId, blockId)))
      .map((r) => `${r.kind}:${r.targetId}`)
      .sort();
  const contentVersion = async (documentId: number) =>
    (await env().started.database.db.select().from(guidelineDocuments).where(eq(guidelineDocuments.projectId, documentId)))[0]
      ?.contentVersion;
  /** A media library of the team's brand with a folder and an asset in it. */
  const library = async (t: Team, type = 'MEDIALIBRARY') => {
    const { id } = await env().factories.project(t.owner.actor, { brandId: t.brandId, type });
    const folder = await made(t.admin.post(`/set/create/${id}`, { name: 'Logos' }));
    const assetId = await addLinkAsset(t.admin, id, 'logo', folder.id);
    return { id, folderId: folder.id as number, assetId };
  };

  it('creates blocks of every kind of settings, answers them in their columns and sanitises rich text on save', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const lib = await library(t);
    const before = await contentVersion(documentId);
    const text = await addBlock(t.admin, sectionId, 'text', {
      html: '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    const image = await addBlock(t.admin, sectionId, 'image', { asset_ids: [lib.assetId], caption: 'Logo', fit: 'FIT' }, 1);
    const palette = await addBlock(t.admin, sectionId, 'palette', { colors: [{ name: 'Brand blue', hex: '#1a2b3c' }] }, 1);
    const downloads = await addBlock(t.admin, sectionId, 'downloads', { asset_ids: [], folder_id: lib.folderId });
    const libraryBlock = await addBlock(t.admin, sectionId, 'library', { project_id: lib.id });
    // Asked at position 0 of column 1: before the image.
    const first = (await made(t.admin.post(`/section/${sectionId}/blocks`, { type: 'divider', column: 1, settings: {}, position: 0 }))).id;
    expect(await contentVersion(documentId)).toBeGreaterThan(before as number);

    const page = await made(t.admin.get(`/page/${pageId}`), 200);
    const blocks = page.sections[0].blocks as { id: number; column: number; position: number; settings: Record<string, unknown> }[];
    expect(blocks.map((b) => [b.id, b.column, b.position])).toEqual([
      [text, 0, 0],
      [downloads, 0, 1],
      [libraryBlock, 0, 2],
      [first, 1, 0],
      [image, 1, 1],
      [palette, 1, 2],
    ]);
    expect(blocks[0]?.settings.html).toBe('<p>Hello <strong>world</strong></p><a>x</a>');
    // Defaults of the schema are stored; hex is upper-cased.
    expect(blocks[3]?.settings).toEqual({ style: 'SOLID' });
    expect(blocks[5]?.settings).toEqual({ colors: [{ name: 'Brand blue', hex: '#1A2B3C' }] });
    const block = await made(t.admin.get(`/document/block/${image}?lang=en`), 200);
    expect(block).toEqual({
      id: image,
      section_id: sectionId,
      column: 1,
      position: 1,
      type: 'image',
      settings: { asset_ids: [lib.assetId], caption: 'Logo', fit: 'FIT' },
      version: 1,
      anchor: `block-${image}`,
      modified_at: expect.any(String),
    });
    expect(await made(t.admin.get(`/document/block/${palette}?settings_only=true`), 200)).toEqual({
      settings: { colors: [{ name: 'Brand blue', hex: '#1A2B3C' }] },
    });
    // What the blocks name is kept beside them.
    expect(await refsOf(image)).toEqual([`asset:${lib.assetId}`]);
    expect(await refsOf(downloads)).toEqual([`folder:${lib.folderId}`]);
    expect(await refsOf(libraryBlock)).toEqual([`project:${lib.id}`]);
  });

  it('refuses unknown types, settings failing the schema, columns the section does not have', async () => {
    const t = await team(env());
    const { pageId, sectionId } = await documentWithPage(t);
    expectRefused(await t.admin.post(`/section/${sectionId}/blocks`, { type: 'carousel', column: 0, settings: {} }), 400, ['type']);
    const unknown = await t.admin.post(`/section/${sectionId}/blocks`, { type: 'carousel', column: 0, settings: {} });
    expect(unknown.body.errors.type).toEqual(['Unknown block type']);
    expectRefused(
      await t.admin.post(`/section/${sectionId}/blocks`, {
        type: 'palette',
        column: 0,
        settings: { colors: [{ name: 'Red', hex: 'red' }] },
      }),
      400,
      ['settings.colors.0.hex'],
    );
    expectRefused(
      await t.admin.post(`/section/${sectionId}/blocks`, { type: 'text', column: 0, settings: { html: '<p>x</p>', extra: 1 } }),
      400,
      ['settings'],
    );
    expectRefused(
      await t.admin.post(`/section/${sectionId}/blocks`, {
        type: 'embed',
        column: 0,
        settings: { url: 'https://evil.example/x', title: 'X' },
      }),
      400,
      ['settings.url'],
    );
    expectRefused(await t.admin.post(`/section/${sectionId}/blocks`, { type: 'quote', column: 2, settings: { text: 'Q' } }), 400, [
      'column',
    ]);
    expectRefused(await t.admin.post(`/section/${sectionId}/blocks`, { type: 'quote', column: 0 }), 400, ['settings']);
    expect((await made(t.admin.get(`/page/${pageId}`), 200)).sections[0].blocks).toEqual([]);
  });

  it('refuses asset, folder and library ids the editor may not use: other accounts, unseen libraries, workspaces, documents', async () => {
    const t = await team(env());
    const { documentId, sectionId } = await documentWithPage(t);
    const other = await team(env());
    const foreign = await library(other);
    const own = await library(t);
    const workspace = await env().factories.project(t.owner.actor, { brandId: t.brandId, type: 'WORKSPACE' });
    const workspaceAsset = await addLinkAsset(t.admin, workspace.id, 'private');
    const post = (settings: Record<string, unknown>, type = 'image') =>
      t.admin.post(`/section/${sectionId}/blocks`, { type, column: 0, settings });
    expectRefused(await post({ asset_ids: [own.assetId, foreign.assetId] }), 400, ['settings.asset_ids.1']);
    expectRefused(await post({ asset_ids: [999_999_999] }), 400, ['settings.asset_ids.0']);
    expectRefused(await post({ asset_ids: [workspaceAsset] }), 400, ['settings.asset_ids.0']);
    expectRefused(await post({ asset_ids: [], folder_id: foreign.folderId }, 'downloads'), 400, ['settings.folder_id']);
    expectRefused(await post({ project_id: foreign.id }, 'library'), 400, ['settings.project_id']);
    expectRefused(await post({ project_id: documentId }, 'library'), 400, ['settings.project_id']);
    expectRefused(await post({ items: [{ asset_id: foreign.assetId, verdict: 'DO' }] }, 'dodont'), 400, ['settings.items.0.asset_id']);
    // An editor of the document who cannot see the library cannot place its assets.
    const editor = await env().factories.member(t.accountId);
    await grant(t, documentId, editor.id, 'EDIT');
    const e = await env().signIn(editor);
    expectRefused(await e.post(`/section/${sectionId}/blocks`, { type: 'video', column: 0, settings: { asset_id: own.assetId } }), 400, [
      'settings.asset_id',
    ]);
    await made(t.admin.put(`/project/${own.id}/user/${editor.id}`, { level: 'VIEW' }), 200);
    await addBlock(e, sectionId, 'video', { asset_id: own.assetId });
    const page = await made(t.admin.get(`/document/${documentId}`), 200);
    expect(page.id).toBe(documentId);
  });

  it('updates settings over the current version; a stale version is 409 with the current block', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const other = await documentWithPage(t, 'Other guide');
    const id = await addBlock(t.admin, sectionId, 'text', { html: '<p>One</p>' });
    const before = await contentVersion(documentId);
    const link = `<p><a href="/document/${other.documentId}/${other.pageId}#/${other.sectionId}/-">there</a> <a href="/document/${documentId}/${pageId}">here</a></p>`;
    const updated = await made(t.admin.patch(`/document/block/${id}`, { version: 1, settings: { html: link } }), 200);
    expect(updated).toMatchObject({ id, version: 2, settings: { html: link } });
    expect(await contentVersion(documentId)).toBe((before as number) + 1);
    expect(await refsOf(id)).toEqual([`page:${other.pageId}`, `page:${pageId}`, `section:${other.sectionId}`].sort());
    const stale = await t.admin.patch(`/document/block/${id}`, { version: 1, settings: { html: '<p>Lost?</p>' } });
    expectRefused(stale, 409, ['version']);
    expect(stale.body.current).toMatchObject({ id, version: 2, settings: { html: link } });
    expectRefused(await t.admin.patch(`/document/block/${id}`, { version: 2, settings: { html: 5 } }), 400, ['settings.html']);
    expectRefused(await t.admin.patch(`/document/block/${id}`, { version: 2 }), 400);
    // Links to another account's pages are not kept.
    const stranger = await team(env());
    const theirs = await documentWithPage(stranger);
    await made(
      t.admin.patch(`/document/block/${id}`, {
        version: 2,
        settings: { html: `<a href="/document/${theirs.documentId}/${theirs.pageId}">x</a>` },
      }),
      200,
    );
    expect(await refsOf(id)).toEqual([]);
  });

  it('moves blocks between columns and sections of the document, never into another document', async () => {
    const t = await team(env());
    const { pageId, sectionId } = await documentWithPage(t);
    const other = await documentWithPage(t, 'Other guide');
    const a = await addBlock(t.admin, sectionId, 'quote', { text: 'A' });
    const b = await addBlock(t.admin, sectionId, 'quote', { text: 'B' });
    const single = (await made(t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1] }))).id;
    const moved = await made(t.admin.post(`/document/block/${b}/move`, { section_id: sectionId, column: 1, position: 0 }), 200);
    expect(moved).toMatchObject({ id: b, section_id: sectionId, column: 1, position: 0 });
    await made(t.admin.post(`/document/block/${a}/move`, { section_id: single, column: 0, position: 5 }), 200);
    const page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(page.sections.map((s: { id: number; blocks: { id: number }[] }) => [s.id, s.blocks.map((x) => x.id)])).toEqual([
      [sectionId, [b]],
      [single, [a]],
    ]);
    expectRefused(await t.admin.post(`/document/block/${a}/move`, { section_id: other.sectionId, column: 0, position: 0 }), 400, [
      'section_id',
    ]);
    expectRefused(await t.admin.post(`/document/block/${a}/move`, { section_id: single, column: 1, position: 0 }), 400, ['column']);
    const stranger = await team(env());
    const theirs = await documentWithPage(stranger);
    expectRefused(await t.admin.post(`/document/block/${a}/move`, { section_id: theirs.sectionId, column: 0, position: 0 }), 404);
  });

  it('creates, changes, moves sections and dissolves tab groups', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const other = await documentWithPage(t, 'Other guide');
    const second = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Colours' }));
    const tabA = (await made(t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1], group_id: 'tabs-1', tab_title: 'Print' })))
      .id;
    const tabB = (
      await made(
        t.admin.post(`/page/${pageId}/sections`, { column_proportions: [2, 1], group_id: 'tabs-1', tab_title: 'Web', position: 0 }),
      )
    ).id;
    let page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(page.sections.map((s: { id: number }) => s.id)).toEqual([tabB, sectionId, tabA]);
    expect(page.sections[0]).toMatchObject({
      column_proportions: [2, 1],
      group_id: 'tabs-1',
      tab_title: 'Web',
      anchor: `section-${tabB}`,
      version: 1,
    });
    expectRefused(await t.admin.post(`/page/${pageId}/sections`, { column_proportions: [] }), 400, ['column_proportions']);
    expectRefused(await t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1, 1, 1, 1, 1] }), 400, ['column_proportions']);
    expectRefused(await t.admin.post(`/page/${pageId}/sections`, { column_proportions: [1], group_id: 'no spaces' }), 400, ['group_id']);

    // Fewer columns: the blocks of the columns that go join the last one.
    const left = await addBlock(t.admin, sectionId, 'quote', { text: 'L' });
    const right = await addBlock(t.admin, sectionId, 'quote', { text: 'R' }, 1);
    const narrowed = await made(t.admin.patch(`/section/${sectionId}`, { version: 1, column_proportions: [1] }), 200);
    expect(narrowed.blocks.map((b: { id: number; column: number; position: number }) => [b.id, b.column, b.position])).toEqual([
      [left, 0, 0],
      [right, 0, 1],
    ]);
    const stale = await t.admin.patch(`/section/${sectionId}`, { version: 1, column_proportions: [1, 1] });
    expectRefused(stale, 409, ['version']);
    expect(stale.body.current).toMatchObject({ id: sectionId, version: 2, column_proportions: [1] });

    // Moves stay in the document.
    const movedSection = await made(t.admin.post(`/section/${sectionId}/move`, { page_id: second.id, position: 0 }), 200);
    expect(movedSection).toMatchObject({ id: sectionId, page_id: second.id, position: 0 });
    expectRefused(await t.admin.post(`/section/${sectionId}/move`, { page_id: other.pageId, position: 0 }), 400, ['page_id']);

    // Deleting the tab group keeps its sections as plain ones.
    expect(await made(t.admin.delete(`/page/${pageId}/tab-group/tabs-1`), 200)).toEqual({ sections: [tabB, tabA] });
    page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(
      page.sections.map((s: { id: number; group_id: string | null; tab_title: string | null }) => [s.id, s.group_id, s.tab_title]),
    ).toEqual([
      [tabB, null, null],
      [tabA, null, null],
    ]);
    expectRefused(await t.admin.delete(`/page/${pageId}/tab-group/tabs-1`), 404);
    expectRefused(await t.admin.delete(`/page/${pageId}/tab-group/bad%20id`), 400, ['groupId']);
  });

  it('creates, changes and deletes page headings pointing at sections of the page', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const other = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Colours' }));
    const otherSection = (await made(t.admin.post(`/page/${other.id}/sections`, { column_proportions: [1] }))).id;
    const created = await made(t.admin.post(`/page/${pageId}/headings`, { title: 'Clear space', section_id: sectionId }));
    expect(created).toEqual({ id: expect.any(Number), slug: 'clear-space' });
    const plain = await made(t.admin.post(`/page/${pageId}/headings`, { title: 'Clear space', position: 0 }));
    expect(plain.slug).toBe('clear-space-2');
    expectRefused(await t.admin.post(`/page/${pageId}/headings`, { title: 'Wrong', section_id: otherSection }), 400, ['section_id']);
    expectRefused(await t.admin.post(`/page/${pageId}/headings`, { title: '' }), 400, ['title']);
    const page = await made(t.admin.get(`/page/${pageId}`), 200);
    expect(page.headings).toEqual([
      {
        id: plain.id,
        title: 'Clear space',
        slug: 'clear-space-2',
        sectionElementId: null,
        url: `/document/${documentId}/${pageId}`,
        version: 1,
      },
      {
        id: created.id,
        title: 'Clear space',
        slug: 'clear-space',
        sectionElementId: `section-${sectionId}`,
        url: `/document/${documentId}/${pageId}#/${sectionId}`,
        version: 1,
      },
    ]);
    // A heading whose section is in the trash points at nothing until the section is back.
    await made(t.admin.delete(`/section/${sectionId}`), 200);
    expect((await made(t.admin.get(`/page/${pageId}`), 200)).headings[1]).toMatchObject({ id: created.id, sectionElementId: null });
    await made(t.admin.post(`/section/${sectionId}/restore`), 200);
    expect((await made(t.admin.get(`/page/${pageId}`), 200)).headings[1]).toMatchObject({ sectionElementId: `section-${sectionId}` });
    const renamed = await made(t.admin.patch(`/heading/${created.id}`, { version: 1, title: 'Minimum size', section_id: null }), 200);
    expect(renamed).toMatchObject({ title: 'Minimum size', slug: 'minimum-size', sectionElementId: null, version: 2 });
    const stale = await t.admin.patch(`/heading/${created.id}`, { version: 1, title: 'X' });
    expectRefused(stale, 409, ['version']);
    expect(stale.body.current).toMatchObject({ title: 'Minimum size' });
    await made(t.admin.delete(`/heading/${created.id}`), 200);
    expect((await made(t.admin.get(`/page/${pageId}`), 200)).headings.map((h: { id: number }) => h.id)).toEqual([plain.id]);
    expect(await made(t.admin.post(`/heading/${created.id}/restore`), 200)).toMatchObject({ id: created.id, title: 'Minimum size' });
  });
});
