import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { addBlock, documentWithPage, made, team } from './test-kit.js';

forEachBackend('colour library of a guideline document', (env) => {
  it('serves the palette blocks as palettes, in reading order, drafts only to people with a level', async () => {
    const t = await team(env(), 'PUBLIC');
    const { documentId, pageId, sectionId } = await documentWithPage(t);
    await addBlock(t.admin, sectionId, 'palette', {
      title: 'Primary',
      colors: [
        { name: 'Acme red', hex: '#e4002b' },
        { name: 'Paper', hex: '#FAFAFA', pantone: 'P 1-1 C' },
      ],
    });
    await addBlock(t.admin, sectionId, 'quote', { text: 'Not a palette' });
    const untitled = await addBlock(t.admin, sectionId, 'palette', { colors: [{ name: 'Ink', hex: '#111111' }] }, 1);
    const draft = await made(t.admin.post(`/document/${documentId}/pages`, { title: 'Secret' }));
    await made(t.admin.patch(`/page/${draft.id}`, { version: 1, hidden: true }), 200);
    const draftSection = await made(t.admin.post(`/page/${draft.id}/sections`, { column_proportions: [1] }));
    await addBlock(t.admin, draftSection.id, 'palette', { title: 'Next year', colors: [{ name: 'Teal', hex: '#008080' }] });

    const all = await made(t.admin.get(`/color/library/${documentId}`), 200);
    expect(all.palettes.map((p: { name: string }) => p.name)).toEqual(['Primary', 'Logo', 'Next year']);
    expect(all.palettes[0].colors).toEqual([
      { id: expect.stringMatching(/^\d+-0$/), name: 'Acme red', css_value: '#E4002B', light: false },
      { id: expect.stringMatching(/^\d+-1$/), name: 'Paper', css_value: '#FAFAFA', light: true },
    ]);
    expect(all.palettes[1]).toMatchObject({ id: untitled, colors: [{ name: 'Ink', css_value: '#111111', light: false }] });

    // A deleted block's palette goes with it.
    await made(t.admin.delete(`/document/block/${untitled}`), 200);
    expect((await made(t.admin.get(`/color/library/${documentId}`), 200)).palettes).toHaveLength(2);

    // Visitors read a published document's palettes, without those on draft pages; unpublished: 404.
    expectRefused(await env().anon().get(`/api/color/library/${documentId}`), 404);
    await made(t.admin.patch(`/document/${documentId}`, { version: 1, published: true }), 200);
    const visitor = await env().anon().get(`/api/color/library/${documentId}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.palettes.map((p: { name: string }) => p.name)).toEqual(['Primary']);
    expect(pageId).toBeGreaterThan(0);
  });

  it('refuses ids that are not a document the caller may read', async () => {
    const t = await team(env());
    const { documentId } = await documentWithPage(t);
    expectRefused(await t.member.get(`/color/library/${documentId}`), 404);
    expectRefused(await t.admin.get('/color/library/999999'), 404);
    expectRefused(await t.admin.get('/color/library/abc'), 400);
    const other = await team(env());
    expectRefused(await other.admin.get(`/color/library/${documentId}`), 404);
  });
});
