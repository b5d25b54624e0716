import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Asset } from '../library/api';

/* A submitted asset in the viewer (issue 12 §4): who sent it, Accept and Delete for editors. */

const WAIT = { timeout: 5000 };
const SUBMITTED = { status: 'SUBMITTED' as const, late: true, request_id: 3, name: 'Grace Hopper', email: 'grace@example.com' };

function server(level: 'VIEW' | 'EDIT', overrides: Partial<Asset> = {}, extra: Record<string, FakeHandler> = {}) {
  const permissions = projectPermissions(level);
  let a = asset({
    id: 11,
    set_id: 21,
    title: 'Fair photo',
    permissions,
    created_at: '2031-03-09T12:00:00.000Z',
    submission: SUBMITTED,
    ...overrides,
  });
  const accept = vi.fn();
  const screenData = () => ({
    data: { asset: a, revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
  });
  const fake = fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Incoming')]) },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': () => screenData(),
    'GET /api/asset/11': () => ({ data: a }),
    'POST /api/asset/submissions/accept': ({ body }) => {
      accept(body);
      a = { ...a, submission: { ...SUBMITTED, status: 'ACCEPTED' } };
      return { data: { accepted: [11] } };
    },
    'POST /api/screen/delete': ({ body }) => ({ data: { deleted: (body as { asset_ids: number[] }).asset_ids } }),
    ...extra,
  });
  return { ...fake, accept };
}

const section = () => screen.findByRole('region', { name: 'Submission' }, WAIT);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a submitted asset in the viewer', () => {
  it('shows who sent it, when, and that it came late; an editor accepts it and the badge goes', async () => {
    const { accept } = server('EDIT');
    renderApp('/brands/1/projects/5/assets/11');
    const region = await section();
    expect(within(region).getByText('Grace Hopper')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe('mailto:grace@example.com');
    expect(within(region).getByText(/after the deadline/)).toBeTruthy();
    expect(within(region).getByText('Submitted late, waiting for review')).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 1, name: 'Fair photo' }).parentElement as HTMLElement;
    expect(within(heading).getByTestId('submission-badge').textContent).toBe('Submitted late');

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith({ asset_ids: [11] }), WAIT);
    expect(await within(region).findByText('Accepted: the file is now a regular asset of the library.', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(within(heading).queryByTestId('submission-badge')).toBeNull(), WAIT);
    expect(within(region).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(region).getByText('Accepted')).toBeTruthy();
  });

  it('after Accept by keyboard, focus moves to the section’s heading rather than falling to the page', async () => {
    const { accept } = server('EDIT');
    renderApp('/brands/1/projects/5/assets/11');
    const region = await section();
    const user = userEvent.setup();
    within(region).getByRole('button', { name: 'Accept' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(accept).toHaveBeenCalledWith({ asset_ids: [11] }), WAIT);
    await within(region).findByText('Accepted: the file is now a regular asset of the library.', {}, WAIT);
    expect(within(region).queryByRole('button', { name: 'Accept' })).toBeNull();
    const title = within(region).getByRole('heading', { level: 2, name: 'Submission' });
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('says why when the server refuses the accept, keeping the actions', async () => {
    server(
      'EDIT',
      {},
      {
        'POST /api/asset/submissions/accept': {
          status: 400,
          body: { success: false, error: 'Only submitted assets can be accepted', errors: {} },
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const region = await section();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Accept' }));
    expect(await within(region).findByRole('alert', {}, WAIT)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('an editor deletes it after a confirmation; the folder says so with Undo', async () => {
    const { calls } = server('EDIT');
    const { router } = renderApp('/brands/1/projects/5/assets/11');
    const region = await section();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', {}, WAIT);
    // Cancel deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
    expect(calls.some((c) => c.path === '/api/screen/delete')).toBe(false);

    await user.click(within(region).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', {}, WAIT);
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/5/folders/21'), WAIT);
    expect(calls.find((c) => c.path === '/api/screen/delete')?.body).toEqual({ asset_ids: [11] });
    expect(await screen.findByText(/Moved 1 asset to the trash/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('viewers see who sent it but get no actions; assets never submitted have no section', async () => {
    server('VIEW');
    const { unmount } = renderApp('/brands/1/projects/5/assets/11');
    const region = await section();
    expect(within(region).getByText('Grace Hopper')).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
    unmount();

    server('EDIT', { submission: null });
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { level: 1, name: 'Fair photo' }, WAIT);
    expect(screen.queryByRole('region', { name: 'Submission' })).toBeNull();
  });
});
