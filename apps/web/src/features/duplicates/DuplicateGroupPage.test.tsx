import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';

/* Issue 13 §4: the duplicates list and a group's page (keep one, merge or delete the others). */

const WAIT = { timeout: 5000 };
const SHA = 'a'.repeat(64);
const GROUP = `e-${SHA}`;
const ONE = asset({ id: 11, title: 'Logo original', filename: 'logo.png', size: 2048, width: 320, height: 240 });
const TWO = asset({ id: 12, title: 'Logo copy', filename: 'logo-copy.png', size: 2048, width: 320, height: 240 });
const THREE = asset({ id: 13, title: 'Logo again', filename: 'logo-again.png', size: 2048, width: 320, height: 240 });

function server(level: 'VIEW' | 'EDIT', overrides: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Media', permissions: projectPermissions(level) }) },
    [`GET /api/project/5/duplicates/${GROUP}`]: { data: { id: GROUP, kind: 'EXACT', assets: [ONE, TWO, THREE] } },
    'GET /api/project/5/duplicates': { data: { groups: [], next_cursor: null, total: 0 } },
    ...overrides,
  });
}

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1280, height: 800 });
});
afterEach(() => restoreLayout());

describe('a duplicate group', () => {
  it('shows the assets side by side, keeps the chosen one and says what a merge does before doing it', async () => {
    const user = userEvent.setup();
    const { calls } = server('EDIT', {
      [`POST /api/project/5/duplicates/${GROUP}/resolve`]: {
        data: {
          group_id: GROUP,
          action: 'merge',
          kept_asset_id: 12,
          trashed_asset_ids: [11, 13],
          merged: { tags: 1, metadata: 0, collections: 0 },
        },
      },
    });
    renderApp(`/brands/1/projects/5/duplicate-detection/${GROUP}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Exact copies · 3 assets' }, WAIT)).toBeTruthy();
    expect(screen.getByText('logo-copy.png')).toBeTruthy();
    expect(screen.getAllByText('320 × 240 px')).toHaveLength(3);

    const group = screen.getByRole('radiogroup', { name: 'Asset to keep' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // The first (oldest) is chosen until someone picks another.
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: /Logo copy/ }));
    expect((within(group).getByRole('radio', { name: /Logo copy/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Merge into kept asset' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge into the kept asset?' });
    expect(dialog.textContent).toContain(
      '“Logo copy” is kept and receives the tags, the custom metadata values it lacks and the collections of the 2 other assets.',
    );
    expect(dialog.textContent).toContain("The 2 other assets go to the library's trash");
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Merge and delete 2 assets' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ keep_asset_id: 12, action: 'merge' }));
    // Back on the list, with what happened.
    expect(await screen.findByText('Merged into “Logo copy”; 2 assets went to the trash.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Duplicates' })).toBeTruthy();
    expect(await screen.findByText('No duplicates in this library.', {}, WAIT)).toBeTruthy();
  });

  it('says that deleting does not carry anything over, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    server('EDIT', {
      [`POST /api/project/5/duplicates/${GROUP}/resolve`]: {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { keep_asset_id: ['Is not an asset of this group'] } },
      },
    });
    renderApp(`/brands/1/projects/5/duplicate-detection/${GROUP}`);
    await user.click(await screen.findByRole('button', { name: 'Delete the others' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the others?' });
    expect(dialog.textContent).toContain(
      '“Logo original” is kept as it is. The tags, metadata and collections of the 2 other assets are not carried over.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 assets' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Is not an asset of this group');
    // Still on the group, the dialog open.
    expect(screen.getByRole('heading', { level: 1, name: 'Exact copies · 3 assets', hidden: true })).toBeTruthy();
  });

  it('lets viewers look but not resolve', async () => {
    server('VIEW');
    renderApp(`/brands/1/projects/5/duplicate-detection/${GROUP}`);
    expect(await screen.findByText('Only editors of this library can resolve duplicates.', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge into kept asset' })).toBeNull();
    expect(screen.getByText('logo-again.png')).toBeTruthy();
  });

  it('says so when the group is gone', async () => {
    server('EDIT', { [`GET /api/project/5/duplicates/${GROUP}`]: { status: 404, body: { success: false, error: 'Not found' } } });
    renderApp(`/brands/1/projects/5/duplicate-detection/${GROUP}`);
    expect(await screen.findByText('This group has no duplicates any more.', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to duplicates' })).toHaveLength(2);
  });
});

describe('the duplicates list', () => {
  it('shows each group with its kind and count, and pages with the cursor', async () => {
    const user = userEvent.setup();
    server('EDIT', {
      'GET /api/project/5/duplicates?limit=20': {
        data: { groups: [{ id: GROUP, kind: 'EXACT', assets: [ONE, TWO] }], next_cursor: 'E-11', total: 2 },
      },
      'GET /api/project/5/duplicates?limit=20&cursor=E-11': {
        data: { groups: [{ id: 's-13', kind: 'SIMILAR', assets: [THREE, ONE, TWO] }], next_cursor: null, total: 2 },
      },
    });
    renderApp('/brands/1/projects/5/duplicate-detection');
    const first = await screen.findByRole('link', { name: /Exact copies · 2 assets/ }, WAIT);
    expect(first.getAttribute('href')).toBe(`/brands/1/projects/5/duplicate-detection/${GROUP}`);
    expect(screen.getByText('2 groups')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /Similar images · 3 assets/ }, WAIT)).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('says what to do when there are none', async () => {
    server('EDIT');
    renderApp('/brands/1/projects/5/duplicate-detection');
    expect(await screen.findByText('No duplicates in this library.', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to the library' })[0]?.getAttribute('href')).toBe('/brands/1/projects/5');
  });
});
