import type { MetadataSelectionItem } from '@emblem/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import { metadataProperty } from './testing';

const WAIT = { timeout: 10_000 };

const USAGE = metadataProperty({
  id: 1,
  name: 'Usage',
  type: 'SELECT',
  options: [
    { id: 11, value: 'Print', is_default: false },
    { id: 12, value: 'Web', is_default: false },
  ],
});
const SHOOT = metadataProperty({ id: 2, name: 'Shoot date', type: 'DATE' });
const CODE = metadataProperty({ id: 3, name: 'Code', type: 'TEXT' });
const LOCKED = metadataProperty({ id: 4, name: 'Legal', type: 'TEXT', can_edit: false, can_admin: false });

const SELECTION: MetadataSelectionItem[] = [
  { property_id: 1, state: 'MIXED', value: null, count: 1 },
  { property_id: 2, state: 'NONE', value: null, count: 0 },
  { property_id: 3, state: 'SAME', value: 'A-17', count: 2 },
  { property_id: 4, state: 'NONE', value: null, count: 0 },
];

function server(level: 'VIEW' | 'EDIT', extra: Record<string, FakeHandler> = {}) {
  const permissions = projectPermissions(level);
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'POST /api/asset/list': () => ({ data: { items: [1, 2, 3].map((id) => asset({ id, permissions })), next_cursor: null, total: 3 } }),
    'GET /api/brand/1/custom-metadata-properties?project_id=5': { data: { properties: [USAGE, SHOOT, CODE, LOCKED] } },
    'POST /api/asset/custom-metadata/selection': { data: { asset_count: 2, properties: SELECTION } },
    'POST /api/asset/custom-metadata': ({ body }) => ({
      data: { success: true, asset_count: (body as { asset_ids: number[] }).asset_ids.length, changed: 2 },
    }),
    ...extra,
  });
}

function cellOf(title: string): HTMLElement {
  const cell = screen.getByText(title).closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`No cell for ${title}`);
  return cell;
}

async function openDialog() {
  renderApp('/brands/1/projects/5');
  await screen.findByText('Asset 1', {}, WAIT);
  fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
  fireEvent.click(within(cellOf('Asset 2')).getByTestId('tile-check'));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Metadata…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Metadata of 2 selected assets' }, WAIT);
  await within(dialog).findByText('Usage', {}, WAIT);
  return { user, dialog };
}

const changes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/asset/custom-metadata').map((c) => c.body);

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

describe('metadata of a library selection', () => {
  it('shows how each value lies on the selection and sets several properties on all in one request', async () => {
    const { calls } = server('EDIT');
    const { user, dialog } = await openDialog();
    expect(calls.find((c) => c.path === '/api/asset/custom-metadata/selection')?.body).toEqual({ asset_ids: [1, 2] });
    const row = (id: number) => within(dialog).getByTestId(`bulk-metadata-${id}`);
    expect(within(row(1)).getByText(/Mixed values/)).toBeTruthy();
    expect(within(row(2)).getByText('No value on any')).toBeTruthy();
    expect(within(row(3)).getByText('A-17')).toBeTruthy();
    // A property the caller may not fill in is not offered.
    expect(within(dialog).queryByText('Legal')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Apply to 2 assets' })).toHaveProperty('disabled', true);

    await user.click(within(row(1)).getByRole('button', { name: 'Change Usage on all selected' }));
    await user.click(within(row(1)).getByRole('button', { name: /Change Usage on all selected/ }));
    await user.click(await screen.findByRole('option', { name: 'Web' }));
    await user.click(within(row(3)).getByRole('button', { name: 'Change Code on all selected' }));
    const code = within(row(3)).getByRole('textbox', { name: 'Change Code on all selected' });
    expect(code).toHaveProperty('value', 'A-17');
    await user.clear(code);
    await user.type(code, 'B-2');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 assets' }));

    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          asset_ids: [1, 2],
          action: 'set',
          values: [
            { property_id: 1, value: 12 },
            { property_id: 3, value: 'B-2' },
          ],
        },
      ]),
    );
    expect(await within(dialog).findByText('Updated 2 assets', {}, WAIT)).toBeTruthy();
  }, 60_000);

  it('clears a value on all, and says why nothing changed when the server refuses', async () => {
    const { calls } = server('EDIT', {
      'POST /api/asset/custom-metadata': { status: 403, body: { success: false, error: 'You cannot edit asset 2', errors: {} } },
    });
    const { user, dialog } = await openDialog();
    const row = within(dialog).getByTestId('bulk-metadata-3');
    await user.click(within(row).getByRole('button', { name: 'Clear Code on all selected' }));
    expect(within(row).getByText('Will be cleared on all')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 assets' }));
    await waitFor(() => expect(changes(calls)).toEqual([{ asset_ids: [1, 2], action: 'remove', values: [{ property_id: 3 }] }]));
    expect(await within(dialog).findByText('Nothing was changed: You cannot edit asset 2', {}, WAIT)).toBeTruthy();
  });

  it('is for editors only', async () => {
    server('VIEW');
    renderApp('/brands/1/projects/5');
    await screen.findByText('Asset 1', {}, WAIT);
    fireEvent.click(within(cellOf('Asset 1')).getByTestId('tile-check'));
    await screen.findByText('1 selected');
    expect(screen.queryByRole('button', { name: 'Metadata…' })).toBeNull();
  });
});
