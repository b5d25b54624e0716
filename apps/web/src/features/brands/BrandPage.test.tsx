import type { BrandHomeAsset, BrandHomeProject } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

/** The machine may be busy: the first answer of a page can take longer than the default second. */
const WAIT = { timeout: 10_000 };

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('brand home', () => {
  it('shows name and slug; a member without edit rights sees the home without a settings tab, and /settings is closed', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme', permissions: { canEdit: false, canDelete: false } }) },
      'GET /api/brand/4/home': { data: { projects: [], recent_assets: [] } },
    });
    const { router } = renderApp('/brands/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' }, WAIT)).toBeTruthy();
    expect(screen.getAllByText('acme').length).toBeGreaterThan(0);
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete brand/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Guidelines' }).getAttribute('href')).toBe('/brands/4/guidelines');
    await waitFor(() => expect(document.title).toBe('Acme · Emblem'));
    // Empty parts say what to do; a member cannot create libraries, only workspace projects.
    expect(await screen.findByRole('heading', { name: 'No libraries yet' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create a library' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a workspace project' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No assets yet' })).toBeTruthy();
    // The way to a new workspace project is there whatever exists; the dialog offers a member only that.
    await userEvent.setup().click(screen.getByRole('button', { name: 'New library or project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New library or project' });
    expect(within(dialog).queryByRole('radio', { name: /Media library/ })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await router.navigate('/brands/4/settings');
    expect(await screen.findByRole('heading', { name: /Access denied|Forbidden|not allowed/i }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('renames inline with PATCH /api/brand/{id} (toolkit settings); the heading follows', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand': { data: [] },
      'PATCH /api/brand/4': { data: brand({ id: 4, name: 'Acme Group', slug: 'acme' }) },
    });
    renderApp('/brands/4/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Name Acme/ }, WAIT));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Acme Group{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Group' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Name Acme Group/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: 'Acme Group', i18n: 'en' }]);
  });

  it('checks the slug before sending it; a taken slug (409) is shown at the slug', async () => {
    let attempt = 0;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand': { data: [] },
      'PATCH /api/brand/4': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 409, body: { success: false, error: 'This slug is already used by another brand', errors: {} } }
          : { data: brand({ id: 4, name: 'Acme', slug: 'acme-group' }) };
      },
    });
    renderApp('/brands/4/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Slug acme/ }, WAIT));
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await user.clear(slug);
    await user.type(slug, 'Not A Slug{Enter}');
    expect(await screen.findByText('Use lower-case letters, digits and hyphens, like acme-europe.')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(slug);
    await user.type(slug, 'acme-group{Enter}');
    expect(await screen.findByText('This slug is already used by another brand')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /^Slug acme-group/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { slug: 'acme-group', i18n: 'en' },
      { slug: 'acme-group', i18n: 'en' },
    ]);
  });

  it('deletes only after confirmation, then returns to the dashboard', async () => {
    let deleted = false;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': () =>
        deleted ? { status: 404, body: { success: false, error: 'Not found' } } : { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand': () => ({ data: deleted ? [] : [brand({ id: 4, name: 'Acme' })] }),
      'DELETE /api/brand/4': () => {
        deleted = true;
        return { data: { id: 4 } };
      },
    });
    const { router } = renderApp('/brands/4/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete brand…' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete brand…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete brand' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'No brands yet' })).toBeTruthy();
  });

  it('shows the brand avatar and its setting to admins; deleting it saves avatar null with PATCH /api/brand/{id}', async () => {
    let avatar: string | null = '/media/image/AAAAAAAAAAAAAAAAAAAAAA.webp';
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': () => ({ data: brand({ id: 4, name: 'Acme', slug: 'acme', avatar }) }),
      'GET /api/brand': () => ({ data: [brand({ id: 4, name: 'Acme', avatar })] }),
      'PATCH /api/brand/4': ({ body }) => {
        avatar = (body as { avatar: string | null }).avatar;
        return { data: brand({ id: 4, name: 'Acme', slug: 'acme', avatar }) };
      },
    });
    renderApp('/brands/4/settings');
    const user = userEvent.setup();
    const preview = await screen.findByRole('img', { name: 'Avatar' }, WAIT);
    expect(preview.getAttribute('src')).toBe('/media/image/AAAAAAAAAAAAAAAAAAAAAA.webp');
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        expect.objectContaining({ avatar: null, file_id: null, avatar_ratio: 'square', i18n: 'en' }),
      ]),
    );
    expect(await screen.findByText('No image')).toBeTruthy();
  });

  it('is the brand home: libraries and workspaces as linked cards with covers and counts, and the assets added last', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand/4/home': {
        data: {
          projects: [
            homeProject({ id: 7, name: 'Photos', asset_count: 12, covers: [homeAsset(1, 7), homeAsset(2, 7)] }),
            homeProject({ id: 8, name: 'Logos', project_type: 'LOGOLIBRARY', asset_count: 1, covers: [homeAsset(3, 8)] }),
            homeProject({ id: 9, name: 'Launch', project_type: 'WORKSPACE', asset_count: 0, covers: [] }),
            homeProject({ id: 10, name: 'Brand book', project_type: 'STYLEGUIDE', asset_count: 0, covers: [] }),
          ],
          recent_assets: [homeAsset(3, 8), homeAsset(2, 7), { ...homeAsset(5, 7), extension: 'pdf', file_type_group: 'documents' }],
        },
      },
    });
    renderApp('/brands/4');
    const libraries = await screen.findByRole('region', { name: 'Libraries' }, WAIT);
    const photos = within(libraries).getByRole('link', { name: 'Photos' });
    expect(photos.getAttribute('href')).toBe('/brands/4/projects/7');
    const card = photos.closest('article') as HTMLElement;
    expect(within(card).getByText('12 assets')).toBeTruthy();
    expect(card.querySelectorAll('img')).toHaveLength(2);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/t1/1?sig=x');
    expect(within(libraries).getByRole('link', { name: 'Logos' })).toBeTruthy();
    expect(within(libraries).getByText('1 asset')).toBeTruthy();
    // A logo library's covers show whole.
    expect(within(libraries).getByRole('link', { name: 'Logos' }).closest('article')?.querySelector('img')?.className).toContain(
      'home-thumb--whole',
    );

    const workspaces = screen.getByRole('region', { name: 'Workspace projects' });
    expect(within(workspaces).getByRole('link', { name: 'Launch' }).getAttribute('href')).toBe('/brands/4/projects/9');
    const documents = screen.getByRole('region', { name: 'Guideline documents' });
    expect(within(documents).getByRole('link', { name: 'Brand book' }).getAttribute('href')).toBe('/brands/4/guidelines/documents/10');

    const recent = screen.getByRole('region', { name: 'Recently added' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/brands/4/projects/8/assets/3',
      '/brands/4/projects/7/assets/2',
      '/brands/4/projects/7/assets/5',
    ]);
    expect(links[0]?.textContent).toContain('Asset 3');
    // Photos fill their tile; a document's page is shown whole (cut to fill, a page is mostly margin).
    expect(links[1]?.querySelector('img')?.className).toBe('home-thumb');
    expect(links[2]?.querySelector('img')?.className).toBe('home-thumb home-thumb--whole');
  });

  it('shows skeletons while the home first loads, and a retry when it fails', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme' }) },
      'GET /api/brand/4/home': () =>
        fail ? { status: 500, body: { success: false, error: 'Boom' } } : { data: { projects: [], recent_assets: [] } },
    });
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const real = fetchMock.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/home')) await gate;
      return real(input, init);
    });
    renderApp('/brands/4');
    const label = await screen.findByText("Loading the brand's libraries and assets", {}, WAIT);
    const skeleton = label.closest('[data-skeleton]');
    expect(skeleton?.getAttribute('aria-busy')).toBe('true');
    expect(skeleton?.querySelectorAll('.home-card').length).toBeGreaterThan(0);
    release();
    expect(await screen.findByText("The brand's libraries and assets could not be loaded", {}, WAIT)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByRole('heading', { name: 'No libraries yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a library' })).toBeTruthy();
  });

  it('moves between the home and the settings tab by their addresses', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand/4/home': { data: { projects: [], recent_assets: [] } },
    });
    const { router } = renderApp('/brands/4');
    const user = userEvent.setup();
    const settings = await screen.findByRole('tab', { name: 'Settings' }, WAIT);
    expect(screen.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete brand…' })).toBeNull();
    await user.click(settings);
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/4/settings'));
    expect(await screen.findByRole('button', { name: 'Delete brand…' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.title).toBe('Settings · Acme · Emblem'));
  });
});

function homeAsset(id: number, projectId: number): BrandHomeAsset {
  return {
    id,
    project_id: projectId,
    title: `Asset ${id}`,
    extension: 'jpg',
    file_type_group: 'images',
    thumbnail_url: `/media/t${id}/${id}?sig=x`,
    preview_background_color: null,
    width: 100,
    height: 80,
    created_at: '2025-03-01T10:00:00.000Z',
  };
}

function homeProject(overrides: Partial<BrandHomeProject> & { id: number; name: string }): BrandHomeProject {
  return {
    brand_id: 4,
    description: '',
    project_type: 'MEDIALIBRARY',
    personal: 0,
    asset_count: 0,
    created_at: '2025-03-01T10:00:00.000Z',
    permissions: { level: 'ADMIN', canView: true, canComment: true, canEdit: true, canAdmin: true, canCreateAssets: true },
    covers: [],
    ...overrides,
  };
}
