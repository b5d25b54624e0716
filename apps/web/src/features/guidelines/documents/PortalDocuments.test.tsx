import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, portal } from '../../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../../test/utils';
import { documentDetail, documentSummary, pageSummary } from '../testFixtures';

// The editor that a new document opens in is loaded on demand.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function server(routes: Record<string, FakeHandler>, options: { admin?: boolean } = {}) {
  const admin = options.admin ?? true;
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin }) },
    'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', permissions: { canEdit: admin, canDelete: admin } }) },
    'GET /api/portal?brand_id=4': { data: [portal({ id: 7, brand_id: 4, title: 'Brand book', permissions: { canEdit: admin } })] },
    ...routes,
  });
}

describe('documents of a portal', () => {
  it('lists each document with its state, page count, the editor and the reader', async () => {
    server({
      'GET /api/portal/7/documents': {
        data: [
          documentSummary({ id: 30, title: 'Brand guidelines', published: true, page_count: 4 }),
          documentSummary({ id: 31, title: 'Tone of voice', published: false, page_count: 1, position: 1 }),
        ],
      },
    });
    renderApp('/brands/4/guidelines');
    const list = await screen.findByRole('list', { name: 'Documents of Brand book' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Brand guidelines');
    expect(within(rows[0]!).getByText('Published')).toBeTruthy();
    expect(within(rows[0]!).getByText('4 pages')).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 page')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Edit Brand guidelines' }).getAttribute('href')).toBe(
      '/brands/4/guidelines/documents/30',
    );
    const reader = within(rows[0]!).getByRole('link', { name: /Open Brand guidelines in the reader/ });
    expect(reader.getAttribute('href')).toBe('/document/30');
    expect(reader.getAttribute('target')).toBe('_blank');
    // The first cannot move up, the last not down.
    expect(within(rows[0]!).getByRole('button', { name: 'Move Brand guidelines up' })).toHaveProperty('disabled', true);
    expect(within(rows[1]!).getByRole('button', { name: 'Move Tone of voice down' })).toHaveProperty('disabled', true);
  });

  it('an empty portal says how to start; members are told nothing is published', async () => {
    server({ 'GET /api/portal/7/documents': { data: [] } });
    renderApp('/brands/4/guidelines');
    expect(await screen.findByText(/No documents yet\. Create one with “New document”/)).toBeTruthy();
  });

  it('members see no creation or reordering', async () => {
    server(
      {
        'GET /api/portal/7/documents': {
          data: [documentSummary({ id: 30, title: 'Brand guidelines', permissions: { canEdit: false, canAdmin: false } })],
        },
      },
      { admin: false },
    );
    renderApp('/brands/4/guidelines');
    const list = await screen.findByRole('list', { name: 'Documents of Brand book' });
    expect(within(list).getByRole('link', { name: /Open Brand guidelines in the editor \(read only\)/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });

  it('moves a document down with PATCH {version, position}; the list shows the new order', async () => {
    let documents = [
      documentSummary({ id: 30, title: 'Brand guidelines', version: 3 }),
      documentSummary({ id: 31, title: 'Tone of voice', position: 1 }),
    ];
    const { calls } = server({
      'GET /api/portal/7/documents': () => ({ data: documents }),
      'PATCH /api/document/30': ({ body }) => {
        documents = [documents[1]!, { ...documents[0]!, position: (body as { position: number }).position, version: 4 }];
        return { data: documents[1] };
      },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Brand guidelines down' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ version: 3, position: 1 }]));
    const list = screen.getByRole('list', { name: 'Documents of Brand book' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Tone of voice'));
    expect(await screen.findByText('“Brand guidelines” moved down.')).toBeTruthy();
  });

  it('creates a document in a title dialog and opens it in the editor', async () => {
    let documents: ReturnType<typeof documentSummary>[] = [];
    const { calls } = server({
      'GET /api/portal/7/documents': () => ({ data: documents }),
      'POST /api/portal/7/documents': ({ body }) => {
        documents = [documentSummary({ id: 33, title: (body as { title: string }).title })];
        return { status: 201, data: { id: 33, slug: 'brand-guidelines' } };
      },
      'GET /api/document/33': {
        data: documentDetail({
          id: 33,
          title: 'Brand guidelines',
          cover_page_id: 300,
          pages: [pageSummary({ id: 300, document_id: 33, type: 'COVERPAGE', title: 'Cover' })],
        }),
      },
      'GET /api/page/300': { data: { ...pageSummary({ id: 300, document_id: 33, type: 'COVERPAGE', title: 'Cover' }), sections: [] } },
    });
    const { router } = renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New document' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document in Brand book' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Brand guidelines{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/4/guidelines/documents/33'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ title: 'Brand guidelines' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand guidelines' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'This page has no sections yet' })).toBeTruthy();
  });
});
