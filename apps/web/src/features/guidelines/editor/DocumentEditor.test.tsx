import type { BlockResponse, DocumentDetail, PageResponse } from '@emblem/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, projectSummary } from '../../../test/fixtures';
import { acceptCookies, type FakeHandler, type FetchCall, fakeServer, renderApp, sessionFor } from '../../../test/utils';
import { block, documentDetail, pageResponse, pageSummary, section } from '../testFixtures';

// The editor is a lazy route: load its module (Tiptap, the toolkit) once, before the tests time their waits.
beforeAll(async () => {
  await import('./DocumentEditorPage');
  // The editor renders a lot at once; on a busy machine the first render takes more than a second.
  configure({ asyncUtilTimeout: 5000 });
}, 30_000);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const EDITOR = '/brands/4/guidelines/documents/30';

function guideline(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return documentDetail({
    id: 30,
    title: 'Brand guidelines',
    cover_page_id: 100,
    pages: [
      pageSummary({ id: 100, type: 'COVERPAGE', title: 'Cover' }),
      pageSummary({ id: 101, title: 'Logo', position: 1, version: 2 }),
      pageSummary({ id: 102, title: 'Colours', position: 2 }),
    ],
    ...overrides,
  });
}

const logoPage = (blocks: BlockResponse[] = [block({ id: 500, section_id: 200 })]): PageResponse =>
  pageResponse(pageSummary({ id: 101, title: 'Logo', position: 1, version: 2 }), [section({ id: 200, page_id: 101, blocks })]);

/** The editor's server: a document with a cover and two pages; page 101 has one section with a heading block. */
function server(routes: Record<string, FakeHandler> = {}, detail: DocumentDetail = guideline()) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme' }) },
    'GET /api/document/30': { data: detail },
    'GET /api/page/100': { data: pageResponse(detail.pages[0]!) },
    'GET /api/page/101': { data: logoPage() },
    'GET /api/page/102': { data: pageResponse(pageSummary({ id: 102, title: 'Colours', position: 2 })) },
    ...routes,
  });
}

const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

describe('document editor: page tree', () => {
  it('shows the cover first, then the pages; the open page is marked', async () => {
    server();
    renderApp(`${EDITOR}/101`);
    const tree = await screen.findByRole('complementary', { name: 'Pages of the document' });
    const links = within(tree).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Cover', 'Logo', 'Colours']);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(within(tree).getByText('Cover', { selector: '.badge' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Logo' })).toBeTruthy();
  });

  it('adds a page and opens it', async () => {
    let detail = guideline();
    const { calls } = server({
      'GET /api/document/30': () => ({ data: detail }),
      'POST /api/document/30/pages': ({ body }) => {
        detail = { ...detail, pages: [...detail.pages, pageSummary({ id: 103, title: (body as { title: string }).title, position: 3 })] };
        return { status: 201, data: { id: 103, slug: 'page-3' } };
      },
      'GET /api/page/103': { data: pageResponse(pageSummary({ id: 103, title: 'Page 3' })) },
    });
    const { router } = renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${EDITOR}/103`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Page 3' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Page 3' })).toBeTruthy();
    expect(screen.getByText('This page has no sections yet')).toBeTruthy();
  });

  it('renames a page in a dialog with its version', async () => {
    let detail = guideline();
    const { calls } = server({
      'GET /api/document/30': () => ({ data: detail }),
      'PATCH /api/page/102': ({ body }) => {
        const page = pageSummary({ id: 102, title: (body as { title: string }).title, position: 2, version: 2 });
        detail = { ...detail, pages: [detail.pages[0]!, detail.pages[1]!, page] };
        return { data: page };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for page Colours' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename page' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Colour palette{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ version: 1, title: 'Colour palette' }]);
    const tree = screen.getByRole('complementary', { name: 'Pages of the document' });
    expect(within(tree).getByRole('link', { name: 'Colour palette' })).toBeTruthy();
  });

  it('reorders with Alt+Arrow keys on a page (the cover stays first) and announces the new place', async () => {
    let detail = guideline();
    const { calls } = server({
      'GET /api/document/30': () => ({ data: detail }),
      'PATCH /api/page/101': ({ body }) => {
        const moved = { ...detail.pages[1]!, position: (body as { position: number }).position, version: 3 };
        detail = { ...detail, pages: [detail.pages[0]!, detail.pages[2]!, moved] };
        return { data: moved };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    const tree = await screen.findByRole('complementary', { name: 'Pages of the document' });
    within(tree).getByRole('link', { name: 'Logo' }).focus();
    // Up would pass the cover: nothing is sent.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ version: 2, position: 2 }]));
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Cover', 'Colours', 'Logo']),
    );
    expect(await screen.findByText('“Logo” moved to position 3 of 3.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Logo');
  });

  it('deleting a linked page lists the links and deletes only when asked to anyway', async () => {
    const references = [{ url: '/document/30/101#/200/500', path: 'Brand guidelines › Logo › Text' }];
    const { calls } = server({
      'DELETE /api/page/102': { status: 409, body: { success: false, error: 'Still referenced', errors: {}, references } },
      'DELETE /api/page/102?force=true': { data: { id: 102, deleted_at: '2025-03-02T10:00:00Z', expires_at: '2025-04-01T10:00:00Z' } },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for page Colours' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete the page “Colours”?' });
    expect(within(dialog).getByText(/restored for 30 days/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: '“Colours” is still linked' });
    const link = within(dialog).getByRole('link', { name: /Brand guidelines › Logo › Text/ });
    expect(link.getAttribute('href')).toBe('/document/30/101#/200/500');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual(['DELETE /api/page/102', 'DELETE /api/page/102?force=true']);
    expect(await screen.findByText('“Colours” moved to the trash.')).toBeTruthy();
  });

  it('the trash lists deleted items and restores one', async () => {
    let trash = [
      { kind: 'page', id: 102, title: 'Colours', page_id: 102, deleted_at: '2025-03-02T10:00:00Z', expires_at: '2025-04-01T10:00:00Z' },
    ];
    const { calls } = server({
      'GET /api/document/30/trash': () => ({ data: trash }),
      'POST /api/page/102/restore': () => {
        trash = [];
        return { data: pageSummary({ id: 102, title: 'Colours' }) };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trash' }));
    const drawer = await screen.findByRole('dialog', { name: 'Trash' });
    const list = await within(drawer).findByRole('list', { name: 'Deleted items' });
    expect(within(list).getByText('Colours')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Restore Colours' }));
    expect(await within(drawer).findByText('The trash is empty')).toBeTruthy();
    expect(writes(calls)).toEqual(['POST /api/page/102/restore']);
    expect(within(drawer).getByText('“Colours” restored.')).toBeTruthy();
  });
});

describe('document editor: sections and blocks', () => {
  it('an empty page says to add a section; a layout is chosen from the menu', async () => {
    const { calls } = server({ 'POST /api/page/100/sections': { status: 201, data: { id: 201 } } });
    renderApp(EDITOR);
    expect(await screen.findByRole('heading', { name: 'This page has no sections yet' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two columns, wide left' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ column_proportions: [2, 1], position: 0 }));
  });

  it('adds a block of a type from the column menu, with the type’s default settings', async () => {
    let blocks = [block({ id: 500, section_id: 200 })];
    const { calls } = server({
      'GET /api/page/101': () => ({ data: logoPage(blocks) }),
      'POST /api/section/200/blocks': ({ body }) => {
        const b = body as { type: string; settings: Record<string, unknown> };
        blocks = [...blocks, block({ id: 501, section_id: 200, position: 1, type: b.type, settings: b.settings })];
        return { status: 201, data: { id: 501 } };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add block' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(14);
    await user.click(within(menu).getByRole('menuitem', { name: /Colour palette/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'palette', column: 0, position: 1, settings: { colors: [] } }),
    );
    expect(await screen.findByText('No colours yet. Open the settings to add them.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Colour palette block: settings'));
  });

  it('autosaves an edit with its version, shows Saved, and undoes it', async () => {
    let current = block({ id: 500, section_id: 200, version: 1 });
    const { calls } = server({
      'GET /api/page/101': () => ({ data: logoPage([current]) }),
      'PATCH /api/document/block/500': ({ body }) => {
        const b = body as { version: number; settings: Record<string, unknown> };
        current = { ...current, settings: b.settings, version: b.version + 1 };
        return { data: current };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Heading (level 2)' });
    await user.clear(input);
    await user.type(input, 'Logo rules');
    await waitFor(() => expect(screen.getAllByText('Saved').length).toBeGreaterThan(0), { timeout: 3000 });
    const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches()).toEqual([{ version: 1, settings: { text: 'Logo rules', level: 2 } }]);

    await user.click(screen.getByRole('button', { name: 'Undo: Heading change' }));
    await waitFor(() => expect(patches()).toHaveLength(2), { timeout: 3000 });
    expect(patches()[1]).toEqual({ version: 2, settings: { text: 'Our logo', level: 2 } });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Heading (level 2)' }) as HTMLInputElement).value).toBe('Our logo'));
  });

  it('a save over a newer version shows both versions; overwriting saves with their version', async () => {
    const theirs = block({ id: 500, section_id: 200, version: 4, settings: { text: 'Their logo', level: 3 } });
    let stale = true;
    const { calls } = server({
      'PATCH /api/document/block/500': ({ body }) => {
        if (stale) {
          stale = false;
          return { status: 409, body: { success: false, error: 'Changed by someone else', errors: {}, current: theirs } };
        }
        const b = body as { version: number; settings: Record<string, unknown> };
        return { data: { ...theirs, settings: b.settings, version: 5 } };
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Heading (level 2)' });
    await user.type(input, '!');
    const dialog = await screen.findByRole('dialog', { name: 'This Heading block was changed by someone else' }, { timeout: 3000 });
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Their logo' })).toBeTruthy();
    expect((within(dialog).getByRole('region', { name: 'Your version (not saved)' }).textContent ?? '').includes('Our logo!')).toBe(true);
    expect(screen.getAllByText('Not saved — someone else changed a block').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ version: 4, settings: { text: 'Our logo!', level: 2 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reloading their version drops the unsaved edit', async () => {
    const theirs = block({ id: 500, section_id: 200, version: 4, settings: { text: 'Their logo', level: 2 } });
    const { calls } = server({
      'PATCH /api/document/block/500': {
        status: 409,
        body: { success: false, error: 'Changed by someone else', errors: {}, current: theirs },
      },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Heading (level 2)' }), '!');
    const dialog = await screen.findByRole('dialog', { name: /changed by someone else/ }, { timeout: 3000 });
    await user.click(within(dialog).getByRole('button', { name: 'Use their version' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Heading (level 2)' }) as HTMLInputElement).value).toBe('Their logo'));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('a failed save says so and is retried', async () => {
    let fail = true;
    const { calls } = server({
      'PATCH /api/document/block/500': ({ body }) =>
        fail
          ? { status: 500, body: { success: false, error: 'Database unavailable' } }
          : { data: block({ id: 500, settings: (body as { settings: Record<string, unknown> }).settings, version: 2 }) },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Heading (level 2)' }), '!');
    expect(await screen.findByText('Not saved — retry', {}, { timeout: 3000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByText('Saved').length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
  });

  it('moves a block by keyboard and deletes it; Undo restores it', async () => {
    const blocks = [
      block({ id: 500, section_id: 200 }),
      block({ id: 501, section_id: 200, position: 1, type: 'divider', settings: { style: 'SOLID' } }),
    ];
    const { calls } = server({
      'GET /api/page/101': { data: logoPage(blocks) },
      'POST /api/document/block/500/move': { data: blocks[0] },
      'DELETE /api/document/block/501': { data: { id: 501, deleted_at: '2025-03-02T10:00:00Z', expires_at: '2025-04-01T10:00:00Z' } },
      'POST /api/document/block/501/restore': { data: blocks[1] },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    const handle = await screen.findByRole('button', { name: 'Heading block: settings' });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/document/block/500/move')?.body).toEqual({ section_id: 200, column: 0, position: 1 }),
    );

    await user.click(screen.getByRole('button', { name: 'More actions for the Divider block' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete block' }));
    expect(await screen.findByText('Divider block deleted. Undo restores it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo: delete Divider block' }));
    await waitFor(() => expect(writes(calls)).toContain('POST /api/document/block/501/restore'));
  });

  it('an image block gets its assets from the brand’s libraries through the asset picker', async () => {
    const image = block({ id: 502, section_id: 200, type: 'image', settings: { asset_ids: [], fit: 'FIT' } });
    const photos = [asset({ id: 11, title: 'Alpine sunrise', project_id: 5 }), asset({ id: 12, title: 'Coastal dusk', project_id: 5 })];
    const { calls } = server({
      'GET /api/page/101': { data: logoPage([image]) },
      'GET /api/brand/4/projects': { data: [projectSummary({ id: 5, brand_id: 4, name: 'Photography', project_type: 'MEDIALIBRARY' })] },
      'GET /api/project/5/set': { data: folder(0, 'Photography', [folder(21, 'Landscapes', [], 2)]) },
      'POST /api/asset/list': ({ body }) => {
        const ids = (body as { ids?: number[] }).ids;
        const items = ids ? photos.filter((p) => ids.includes(p.id)) : photos;
        return { data: { items, next_cursor: null, total: items.length } };
      },
      'PATCH /api/document/block/502': ({ body }) => ({
        data: { ...image, settings: (body as { settings: object }).settings, version: 2 },
      }),
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    expect(await screen.findByText('No image yet. Open the settings to choose images from the libraries.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Image block: settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Image settings' });
    await user.click(within(drawer).getByRole('button', { name: 'Choose…' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose assets' });
    const grid = await within(picker).findByRole('grid', { name: 'Assets' });
    await user.click(within(grid).getByRole('row', { name: 'Coastal dusk' }));
    await user.click(within(picker).getByRole('button', { name: 'Use 1 asset' }));
    await waitFor(
      () => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ version: 1, settings: { asset_ids: [12], fit: 'FIT' } }),
      {
        timeout: 3000,
      },
    );
    expect(await within(drawer).findByText('Coastal dusk')).toBeTruthy();
    expect(within(drawer).getByRole('img', { name: 'Asset 12' })).toBeTruthy();
  });

  it('a block’s settings open in the drawer, built from the toolkit, and save like in-place edits', async () => {
    const { calls } = server({
      'PATCH /api/document/block/500': ({ body }) => ({
        data: block({ id: 500, settings: (body as { settings: Record<string, unknown> }).settings, version: 2 }),
      }),
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Heading block: settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Heading settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'H3' }));
    await waitFor(
      () => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ version: 1, settings: { text: 'Our logo', level: 3 } }),
      {
        timeout: 3000,
      },
    );
    expect(await screen.findByRole('textbox', { name: 'Heading (level 3)' })).toBeTruthy();
  });
});

describe('document editor: top bar, history and rights', () => {
  it('links the reader and the visitor view of the open page in new tabs; ADMIN publishes', async () => {
    let detail = guideline();
    const { calls } = server({
      'GET /api/document/30': () => ({ data: detail }),
      'PATCH /api/document/30': ({ body }) => {
        detail = { ...detail, published: (body as { published: boolean }).published, version: 2 };
        return { data: detail };
      },
      'GET /api/portal/7/documents': { data: [] },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    const visitor = await screen.findByRole('link', { name: /View as visitor/ });
    expect(visitor.getAttribute('href')).toBe('/document/30/101?view=visitor');
    expect(visitor.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Open reader/ }).getAttribute('href')).toBe('/document/30/101');
    await user.click(screen.getByRole('switch', { name: 'Published' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ version: 1, published: true }));
    expect(await screen.findByText('Published', { selector: '.badge' })).toBeTruthy();
  });

  it('history lists the versions, previews one and restores it after confirmation', async () => {
    const revisions = [
      { id: 9, summary: 'Edited a heading', created_at: '2025-03-02T10:00:00Z', created_by: { id: 1, name: 'Ada Admin' } },
      { id: 8, summary: 'Added a section', created_at: '2025-03-01T10:00:00Z', created_by: null },
    ];
    const { calls } = server({
      'GET /api/page/101/revisions?limit=50': { data: { items: revisions, next_before: null, total: 2 } },
      'GET /api/page/101/revisions/8': {
        data: {
          ...revisions[1],
          page_id: 101,
          content: {
            sections: [
              {
                id: 200,
                column_proportions: [1],
                group_id: null,
                tab_title: null,
                position: 0,
                blocks: [{ id: 500, column: 0, position: 0, type: 'heading', settings: { text: 'Old logo', level: 2 } }],
              },
            ],
          },
        },
      },
      'POST /api/page/101/revisions/8/restore': { data: logoPage() },
    });
    renderApp(`${EDITOR}/101`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Logo' });
    const list = await within(drawer).findByRole('list', { name: 'Saved versions, newest first' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Edited a heading'), expect.stringContaining('Added a section')]);
    await user.click(within(list).getByRole('button', { name: /Added a section/ }));
    expect(await within(drawer).findByRole('heading', { name: 'Old logo' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(writes(calls)).toEqual(['POST /api/page/101/revisions/8/restore']));
    expect(await within(drawer).findByText('The version was restored.')).toBeTruthy();
  });

  it('without edit rights the editor is read-only', async () => {
    server({}, guideline({ permissions: { canEdit: false, canAdmin: false } }));
    renderApp(`${EDITOR}/101`);
    expect(await screen.findByText(/You can read this document but not change it/)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Our logo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add section' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add page' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Published' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a document the user may not see shows the forbidden page; one of another brand is not found', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme' }) },
      'GET /api/document/30': { status: 403, body: { success: false, error: 'Forbidden' } },
      'GET /api/document/31': { data: documentDetail({ id: 31, brand_id: 5 }) },
      'GET /api/error-page/403': { data: { title: 'No access here', description: 'Ask for access.' } },
      'GET /api/error-page/404': { data: { title: 'Nothing here', description: 'Try the home page.' } },
    });
    const { router } = renderApp(EDITOR);
    expect(await screen.findByRole('heading', { name: 'No access here' })).toBeTruthy();
    await router.navigate('/brands/4/guidelines/documents/31');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });
});
