import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('brand home', () => {
  it('shows name and slug; a member without edit rights sees no settings', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme', permissions: { canEdit: false, canDelete: false } }) },
    });
    renderApp('/brands/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeTruthy();
    expect(screen.getAllByText('acme').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete brand/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Guidelines' }).getAttribute('href')).toBe('/brands/4/guidelines');
    await waitFor(() => expect(document.title).toBe('Acme · Emblem'));
  });

  it('renames inline with PATCH /api/brand/{id} (toolkit settings); the heading follows', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', slug: 'acme' }) },
      'GET /api/brand': { data: [] },
      'PATCH /api/brand/4': { data: brand({ id: 4, name: 'Acme Group', slug: 'acme' }) },
    });
    renderApp('/brands/4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Name Acme/ }));
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
    renderApp('/brands/4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Slug acme/ }));
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
    const { router } = renderApp('/brands/4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete brand…' }));
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
    renderApp('/brands/4');
    const user = userEvent.setup();
    const preview = await screen.findByRole('img', { name: 'Avatar' });
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
});
