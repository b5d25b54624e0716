import type { CollectionResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

function collection(overrides: Partial<CollectionResponse> = {}): CollectionResponse {
  return {
    id: 7,
    project_id: 5,
    brand_id: 1,
    name: 'Summer campaign',
    description: 'Hero shots for July',
    asset_count: 2,
    covers: [],
    created_at: '2026-11-01T10:00:00.000Z',
    modified_at: '2026-11-02T10:00:00.000Z',
    permissions: { canEdit: true },
    ...overrides,
  };
}

function server(level: 'VIEW' | 'EDIT' = 'EDIT', overrides: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: false }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Photos', permissions: projectPermissions(level) }) },
    ...overrides,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('collections', () => {
  it('lists the library’s collections as cards and creates one, then opens it', async () => {
    const { calls } = server('EDIT', {
      'GET /api/project/5/collections': { data: [collection({ covers: [{ id: 3, title: 'Beach', preview_url: '/media/x' }] })] },
      'POST /api/project/5/collections': { status: 201, data: collection({ id: 9, name: 'Autumn', description: '', asset_count: 0 }) },
      'GET /api/collection/9': { data: collection({ id: 9, name: 'Autumn', description: '', asset_count: 0 }) },
      'GET /api/collection/9/assets': { data: { items: [], next_cursor: null, total: 0 } },
    });
    renderApp('/brands/1/projects/5/collections');
    const list = await screen.findByRole('list', { name: 'Collections of this library' });
    const card = within(list).getByRole('link', { name: /Summer campaign/ });
    expect(card.getAttribute('href')).toBe('/brands/1/projects/5/collections/7');
    expect(card.textContent).toContain('2 assets');

    await userEvent.click(screen.getAllByRole('button', { name: 'New collection' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    // The shared schema refuses an empty name before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Autumn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Autumn' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Autumn', description: '' });
    expect(screen.getByText('This collection is empty')).toBeTruthy();
  });

  it('shows a collection’s assets in order; editors reorder and remove them from a menu', async () => {
    const items = [asset({ id: 1, title: 'Beach', project_id: 5 }), asset({ id: 2, title: 'Logo', project_id: 6 })];
    const { calls } = server('EDIT', {
      'GET /api/collection/7': { data: collection() },
      'GET /api/collection/7/assets': { data: { items, next_cursor: null, total: 2 } },
      'POST /api/collection/7/assets': { data: { changed: 1, collection: collection() } },
      'POST /api/collection/7/assets/remove': { data: { changed: 1, collection: collection({ asset_count: 1 }) } },
    });
    renderApp('/brands/1/projects/5/collections/7');
    const list = await screen.findByRole('list', { name: 'Assets of Summer campaign' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Beach', 'Logo']);
    // An asset of another library of the brand opens in its own library.
    expect(links[1]?.getAttribute('href')).toBe('/brands/1/projects/6/assets/2');
    expect(screen.getByText('Hero shots for July')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Logo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move earlier' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/collection/7/assets' && c.method === 'POST')?.body).toEqual({
        asset_ids: [2],
        position: 0,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Beach' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Move earlier' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from collection' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/collection/7/assets/remove')?.body).toEqual({ asset_ids: [1] }));
  });

  it('offers viewers no changes, and says what to do when a library has none', async () => {
    server('VIEW', {
      'GET /api/project/5/collections': { data: [] },
      'GET /api/collection/7': { data: collection({ permissions: { canEdit: false } }) },
      'GET /api/collection/7/assets': { data: { items: [asset({ id: 1, title: 'Beach' })], next_cursor: null, total: 1 } },
    });
    renderApp('/brands/1/projects/5/collections');
    expect(await screen.findByText('No collections yet')).toBeTruthy();
    expect(screen.getByText('Editors of this library can create collections here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New collection' })).toBeNull();
  });

  it('answers a collection of another library with the not-found page', async () => {
    server('EDIT', {
      'GET /api/collection/7': { data: collection({ project_id: 99 }) },
      'GET /api/collection/7/assets': { data: { items: [], next_cursor: null, total: 0 } },
    });
    renderApp('/brands/1/projects/5/collections/7');
    expect(await screen.findByRole('heading', { name: /not found|doesn’t exist|does not exist/i })).toBeTruthy();
  });
});
