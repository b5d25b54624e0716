import { encodeBase64Id } from '@emblem/core';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { addBlock, documentWithPage, grant, team } from './test-kit.js';

forEachBackend('guideline structure in GraphQL', (env) => {
  const gid = {
    guideline: (id: number) => encodeBase64Id('Guideline', id),
    page: (id: number) => encodeBase64Id('GuidelinePage', id),
    section: (id: number) => encodeBase64Id('Section', id),
    heading: (id: number) => encodeBase64Id('PageHeading', id),
    block: (id: number) => encodeBase64Id('Block', id),
  };

  it('reads guideline information and creates, updates, deletes and restores a page heading', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const created = await t.admin.graphql(
      'mutation($i: CreatePageHeadingInput!) { createPageHeading(input: $i) { id title slug sectionElementId url version } }',
      { i: { pageId: gid.page(pageId), title: 'Clear space', sectionId: gid.section(sectionId) } },
    );
    expect(created.body.errors).toBeUndefined();
    const heading = created.body.data.createPageHeading;
    expect(heading).toMatchObject({ title: 'Clear space', slug: 'clear-space', sectionElementId: `section-${sectionId}`, version: 1 });
    expect(heading.url).toMatch(new RegExp(`^/document/${documentId}/${pageId}#/${sectionId}`));

    const info = await t.admin.graphql(
      'query($id: ID!) { guideline(id: $id) { name slug published pages { type title headings { title } } } }',
      {
        id: gid.guideline(documentId),
      },
    );
    expect(info.body.data.guideline).toEqual({
      name: 'Brand guide',
      slug: 'brand-guide',
      published: false,
      pages: [
        { type: 'COVERPAGE', title: 'Cover', headings: [] },
        { type: 'DEFAULT', title: 'Logo', headings: [{ title: 'Clear space' }] },
      ],
    });

    const updated = await t.admin.graphql('mutation($i: UpdatePageHeadingInput!) { updatePageHeading(input: $i) { title version } }', {
      i: { id: heading.id, version: 1, title: 'Clear space rules' },
    });
    expect(updated.body.data.updatePageHeading).toEqual({ title: 'Clear space rules', version: 2 });
    // A stale version is refused with the REST layer's conflict.
    const stale = await t.admin.graphql('mutation($i: UpdatePageHeadingInput!) { updatePageHeading(input: $i) { title } }', {
      i: { id: heading.id, version: 1, title: 'Lost' },
    });
    expect(stale.body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', status: 409 });

    const deleted = await t.admin.graphql('mutation($i: GuidelineDeleteInput!) { deletePageHeading(input: $i) { success expiresAt } }', {
      i: { id: heading.id },
    });
    expect(deleted.body.data.deletePageHeading).toEqual({ success: true, expiresAt: expect.any(String) });
    const restored = await t.admin.graphql('mutation($id: ID!) { restorePageHeading(id: $id) { title } }', { id: heading.id });
    expect(restored.body.data.restorePageHeading).toEqual({ title: 'Clear space rules' });
  });

  it('creates, updates, moves, deletes (with the still-referenced result) and restores sections and elements', async () => {
    const t = await team(env());
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    const section = await t.admin.graphql(
      'mutation($i: CreateSectionInput!) { createSection(input: $i) { id columnProportions groupId tabTitle version } }',
      { i: { pageId: gid.page(pageId), columnProportions: [2, 1], groupId: 'tabs-1', tabTitle: 'Print' } },
    );
    expect(section.body.errors).toBeUndefined();
    const s = section.body.data.createSection;
    expect(s).toMatchObject({ columnProportions: [2, 1], groupId: 'tabs-1', tabTitle: 'Print', version: 1 });

    const bad = await t.admin.graphql('mutation($i: UpdateSectionInput!) { updateSection(input: $i) { id } }', {
      i: { id: s.id, version: 1, columnProportions: [1, 1, 1, 1, 1] },
    });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION', errors: { column_proportions: expect.any(Array) } });
    const updated = await t.admin.graphql('mutation($i: UpdateSectionInput!) { updateSection(input: $i) { columnProportions version } }', {
      i: { id: s.id, version: 1, columnProportions: [1, 1, 1] },
    });
    expect(updated.body.data.updateSection).toEqual({ columnProportions: [1, 1, 1], version: 2 });

    const moved = await t.admin.graphql('mutation($i: MoveSectionInput!) { moveSection(input: $i) { position } }', {
      i: { id: s.id, pageId: gid.page(pageId), position: 0 },
    });
    expect(moved.body.data.moveSection).toEqual({ position: 0 });

    // A block in the first section, linked from a text block in the new one: deleting the first section is refused.
    const target = await addBlock(t.admin, sectionId, 'heading', { text: 'Logo', level: 2 });
    const newSectionId = Number(JSON.parse(Buffer.from(s.id, 'base64').toString()).identifier);
    await addBlock(t.admin, newSectionId, 'text', {
      html: `<p><a href="/document/${documentId}/${pageId}#/${sectionId}/${target}">the logo</a></p>`,
    });
    const element = await t.admin.graphql('mutation($i: MoveElementInput!) { moveElement(input: $i) { column position } }', {
      i: { id: gid.block(target), sectionId: gid.section(sectionId), column: 1, position: 0 },
    });
    expect(element.body.data.moveElement).toEqual({ column: 1, position: 0 });
    const refused = await t.admin.graphql(
      'mutation($i: GuidelineDeleteInput!) { deleteSection(input: $i) { success stillReferenced { url path } } }',
      { i: { id: gid.section(sectionId) } },
    );
    expect(refused.body.data.deleteSection).toEqual({
      success: false,
      stillReferenced: [{ url: expect.stringContaining(`/document/${documentId}/${pageId}`), path: expect.any(String) }],
    });
    const forced = await t.admin.graphql('mutation($i: GuidelineDeleteInput!) { deleteSection(input: $i) { success } }', {
      i: { id: gid.section(sectionId), force: true },
    });
    expect(forced.body.data.deleteSection).toEqual({ success: true });
    const back = await t.admin.graphql('mutation($id: ID!) { restoreSection(id: $id) { id } }', { id: gid.section(sectionId) });
    expect(back.body.data.restoreSection.id).toBe(gid.section(sectionId));

    const tabs = await t.admin.graphql('mutation($i: DeleteTabGroupInput!) { deleteTabGroup(input: $i) { sectionIds } }', {
      i: { pageId: gid.page(pageId), groupId: 'tabs-1' },
    });
    expect(tabs.body.data.deleteTabGroup).toEqual({ sectionIds: [s.id] });
  });

  it('refuses callers below EDIT, ids of another kind, and callers of another account', async () => {
    const t = await team(env());
    const { documentId, pageId } = await documentWithPage(t);
    await grant(t, documentId, t.memberUser.id, 'VIEW');
    const asViewer = await t.member.graphql('mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { pageId: gid.page(pageId), columnProportions: [1] },
    });
    expect(asViewer.body.errors[0].extensions).toMatchObject({ status: 403 });
    // The viewer reads the guideline.
    const read = await t.member.graphql('query($id: ID!) { guideline(id: $id) { name } }', { id: gid.guideline(documentId) });
    expect(read.body.data.guideline).toEqual({ name: 'Brand guide' });

    const wrongKind = await t.admin.graphql('mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { pageId: encodeBase64Id('Asset', pageId), columnProportions: [1] },
    });
    expect(wrongKind.body.errors[0].message).toBe('Invalid base64Id');

    const other = await team(env());
    const foreign = await other.admin.graphql('query($id: ID!) { guideline(id: $id) { name } }', { id: gid.guideline(documentId) });
    expect(foreign.body.errors[0].extensions).toMatchObject({ status: 404 });
  });
});
