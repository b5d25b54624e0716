import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';

const WAIT = { timeout: 10_000 };

function server(level: 'VIEW' | 'EDIT') {
  const permissions = projectPermissions(level);
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'POST /api/asset/list': {
      data: {
        items: [
          { ...asset({ id: 1, title: 'Complete', permissions }), required_custom_metadata_property_ids_without_value: [] },
          { ...asset({ id: 2, title: 'Lacking', permissions }), required_custom_metadata_property_ids_without_value: [3, 4] },
        ],
        next_cursor: null,
        total: 2,
      },
    },
  });
}

const cellOf = (title: string) => screen.getByText(title).closest<HTMLElement>('[role="gridcell"]') as HTMLElement;

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

describe('required metadata in the library', () => {
  it('asks the list for the assets’ missing required values and marks those tiles for editors', async () => {
    const { calls } = server('EDIT');
    renderApp('/brands/1/projects/5');
    await screen.findByText('Lacking', {}, WAIT);
    expect(calls.find((c) => c.path === '/api/asset/list')?.body).toMatchObject({
      include_required_custom_metadata_property_ids_without_value: true,
    });
    expect(within(cellOf('Lacking')).getByTestId('metadata-missing').textContent).toBe('2 required fields empty');
    expect(within(cellOf('Complete')).queryByTestId('metadata-missing')).toBeNull();
  });

  it('does not mark them for people who cannot fill them in', async () => {
    server('VIEW');
    renderApp('/brands/1/projects/5');
    await screen.findByText('Lacking', {}, WAIT);
    expect(screen.queryByTestId('metadata-missing')).toBeNull();
  });
});
