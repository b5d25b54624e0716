import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import type { Asset } from './api';

/* The library's "Submitted" filter (issue 12 §4, decision 0035). */

const WAIT = { timeout: 5000 };
const SENT = asset({
  id: 1,
  title: 'Sent photo',
  submission: { status: 'SUBMITTED', late: false, request_id: 3, name: 'Grace', email: 'grace@example.com' },
});
const PLAIN = asset({ id: 2, title: 'Plain' });

function server(level: 'VIEW' | 'EDIT', waiting: Asset[] = [SENT]) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions(level) }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Campaigns')]) },
    'POST /api/asset/list': ({ body }) => {
      const { submitted } = body as { submitted?: string };
      const items = submitted === 'only' ? waiting : [...waiting, PLAIN];
      return { data: { items, next_cursor: null, total: items.length } };
    },
  });
}

const listBodies = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/asset/list').map((c) => c.body as Record<string, unknown>);

let restoreLayout: () => void;
beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreLayout = stubLayout({ width: 1200, height: 800 });
});
afterEach(() => restoreLayout());

describe('the library’s Submitted filter', () => {
  it('an editor turns it on and off with a toggle kept in the address; the listing asks the server for it', async () => {
    const { calls } = server('EDIT');
    const { router } = renderApp('/brands/1/projects/5');
    await screen.findByText('Plain', {}, WAIT);
    expect(listBodies(calls)[0]).not.toHaveProperty('submitted');
    const toggle = screen.getByRole('button', { name: 'Submitted' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(router.state.location.search).toBe('?submitted=only'), WAIT);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ project_id: 5, set_id: 0, submitted: 'only' }), WAIT);
    await waitFor(() => expect(screen.queryByText('Plain')).toBeNull(), WAIT);
    expect(screen.getByText('Sent photo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submitted' }).getAttribute('aria-pressed')).toBe('true');
    // Only assets: the sub-folders are not part of a filtered listing; the count is the filtered total.
    expect(screen.queryByText('Campaigns', { selector: '.tile__title' })).toBeNull();
    expect(screen.getByText('1 asset')).toBeTruthy();

    // By keyboard: Space on the focused toggle turns it off again.
    screen.getByRole('button', { name: 'Submitted' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
    await screen.findByText('Plain', {}, WAIT);
    expect(screen.getByRole('button', { name: 'Submitted' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reads the filter from the address, and says what to do when no file waits', async () => {
    const { calls } = server('EDIT', []);
    const { router } = renderApp('/brands/1/projects/5?submitted=only');
    const heading = await screen.findByRole('heading', { name: 'No submitted files wait for review' }, WAIT);
    const empty = heading.closest<HTMLElement>('.empty-state') as HTMLElement;
    expect(listBodies(calls)[0]).toMatchObject({ submitted: 'only' });
    expect(within(empty).getByText(/Share a submission request to collect files/)).toBeTruthy();
    const requests = within(empty).getByRole('link', { name: 'Submission requests' });
    expect(requests.getAttribute('href')).toBe('/brands/1/projects/5/submission-requests');
    const user = userEvent.setup();
    await user.click(within(empty).getByRole('button', { name: 'Show all assets' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
    await screen.findByText('Plain', {}, WAIT);
  });

  it('is not offered to who cannot accept, and their address’s filter is ignored', async () => {
    const { calls } = server('VIEW');
    renderApp('/brands/1/projects/5?submitted=only');
    await screen.findByText('Plain', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Submitted' })).toBeNull();
    expect(listBodies(calls).every((b) => !('submitted' in b))).toBe(true);
    // The badge still tells them which files were sent in.
    const cell = screen.getByText('Sent photo').closest<HTMLElement>('[role="gridcell"]') as HTMLElement;
    expect(within(cell).getByTestId('submission-badge').textContent).toBe('Submitted');
  });

  it('ignores a value the server does not know', async () => {
    const { calls } = server('EDIT');
    renderApp('/brands/1/projects/5?submitted=yes');
    await screen.findByText('Plain', {}, WAIT);
    expect(listBodies(calls).every((b) => !('submitted' in b))).toBe(true);
    expect(screen.getByRole('button', { name: 'Submitted' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reads only `only` from the address: `exclude`, which the toggle cannot show, leaves the filter off', async () => {
    const { calls } = server('EDIT');
    renderApp('/brands/1/projects/5?submitted=exclude');
    await screen.findByText('Plain', {}, WAIT);
    expect(screen.getByText('Sent photo')).toBeTruthy();
    expect(listBodies(calls).every((b) => !('submitted' in b))).toBe(true);
    expect(screen.getByRole('button', { name: 'Submitted' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('a filtered listing gets the processing poll’s answers too (the poll patches the listing’s own key)', async () => {
    let polls = 0;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
      'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions('EDIT') }) },
      'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Campaigns')]) },
      'POST /api/asset/list': ({ body }) => {
        const { ids } = body as { ids?: number[] };
        if (ids) polls += 1;
        const item = { ...SENT, status: ids ? ('FINISHED' as const) : ('PROCESSING' as const) };
        return { data: { items: [item], next_cursor: null, total: 1 } };
      },
    });
    renderApp('/brands/1/projects/5?submitted=only');
    expect(await screen.findByText('Processing', {}, WAIT)).toBeTruthy();
    expect(listBodies(calls)[0]).toMatchObject({ submitted: 'only' });
    await waitFor(() => expect(polls).toBeGreaterThan(0), WAIT);
    await waitFor(() => expect(screen.queryByText('Processing')).toBeNull(), WAIT);
    // Patched in place: the filtered listing was not loaded again.
    expect(listBodies(calls).filter((b) => !('ids' in b))).toHaveLength(1);
  });
});
