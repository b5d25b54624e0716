import type { BoardCard, BoardResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };
const statuses = [
  { id: 1, name: 'Briefing', color: '#9ca3af', trigger: false },
  { id: 2, name: 'In review', color: '#f59e0b', trigger: false },
];
function card(overrides: Partial<BoardCard>): BoardCard {
  return {
    id: 11,
    title: 'Poster',
    status_id: 1,
    preview_url: null,
    assignee: null,
    due_at: null,
    overdue: false,
    comment_count: 0,
    open_comment_count: 0,
    checklist_done: 0,
    checklist_total: 0,
    ...overrides,
  };
}
function board(cards: BoardCard[], totals: Record<number, number> = {}): BoardResponse {
  return {
    project_id: 5,
    columns: statuses.map((status) => {
      const mine = cards.filter((c) => c.status_id === status.id);
      return { status, total: totals[status.id] ?? mine.length, cards: mine };
    }),
  };
}

function server(level: 'VIEW' | 'EDIT', data: BoardResponse) {
  const permissions = projectPermissions(level);
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Spring', project_type: 'WORKSPACE', permissions }) },
    'GET /api/project/5/users': {
      data: { users: [{ user_id: 7, name: 'Grace', email: 'g@example.com', image: null, level: 'EDIT' }], groups: [] },
    },
    'GET /api/project/5/board': { data },
    'PUT /api/workflows/status-item/status/2': { data: { status_id: 2, moved: 1, asset_ids: [11] } },
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the workflow board', () => {
  it('shows columns with their cards: assignee, due date marked overdue, comment and checklist counts', async () => {
    server(
      'VIEW',
      board([
        card({
          assignee: { id: 7, name: 'Grace Hopper' },
          due_at: '2020-01-01T00:00:00Z',
          overdue: true,
          comment_count: 3,
          open_comment_count: 1,
          checklist_done: 2,
          checklist_total: 5,
        }),
      ]),
    );
    renderApp('/brands/1/workflows/5');
    const briefing = await screen.findByRole('region', { name: /Briefing/ }, WAIT);
    const poster = within(briefing).getByRole('article', { name: 'Poster' });
    expect(within(poster).getByText('GH')).toBeTruthy();
    expect(within(poster).getByText('Assigned to Grace Hopper')).toBeTruthy();
    expect(within(poster).getByText(/Overdue since/)).toBeTruthy();
    expect(within(poster).getByText('3 comments (1 open)')).toBeTruthy();
    expect(within(poster).getByText('2/5 done')).toBeTruthy();
    // VIEW: no move menu, and the empty column says so.
    expect(within(poster).queryByRole('button', { name: /Move to… Poster/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: /In review/ })).getByText('Nothing in this status.')).toBeTruthy();
  });

  it('moves a card with the keyboard through its "Move to" menu', async () => {
    const fake = server('EDIT', board([card({})]));
    renderApp('/brands/1/workflows/5');
    const user = userEvent.setup();
    const move = await screen.findByRole('button', { name: 'Move to… Poster' }, WAIT);
    move.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: /In review/ }, WAIT);
    expect(screen.queryByRole('menuitem', { name: /Briefing/ })).toBeNull();
    item.focus();
    await user.keyboard('{Enter}');
    await waitFor(
      () => expect(fake.calls.some((c) => c.method === 'PUT' && c.path === '/api/workflows/status-item/status/2')).toBe(true),
      WAIT,
    );
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ asset_ids: [11] });
  });

  it('says what to do on an empty board, and offers "load more" when a column has more cards', async () => {
    server('EDIT', board([]));
    const { unmount } = renderApp('/brands/1/workflows/5');
    expect(await screen.findByText('No assets in this workspace yet.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add assets to the project' }).getAttribute('href')).toBe('/brands/1/projects/5');
    unmount();
    server('EDIT', board([card({})], { 1: 51 }));
    renderApp('/brands/1/workflows/5');
    expect(await screen.findByRole('button', { name: 'Load more (50 left)' }, WAIT)).toBeTruthy();
  });

  it('sends the legacy /workflows and /activity links to the brand routes, keeping the query', async () => {
    server('VIEW', board([card({})]));
    const legacy = renderApp('/workflows/5/11?assignee=7');
    await waitFor(() => expect(legacy.router.state.location.pathname).toBe('/brands/1/workflows/5/11'), WAIT);
    expect(legacy.router.state.location.search).toBe('?assignee=7');
    legacy.unmount();
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/project/5': { data: project({ id: 5, brand_id: 1, project_type: 'WORKSPACE' }) },
      'GET /api/project/5/activity': { data: { items: [], next_cursor: null } },
    });
    const old = renderApp('/activity/5/anything');
    await waitFor(() => expect(old.router.state.location.pathname).toBe('/brands/1/activity/5'), WAIT);
    expect(await screen.findByText('Nothing has happened here yet.', {}, WAIT)).toBeTruthy();
  });

  it("opens the selected card in the side panel: ticks a checklist item and adds a preset's items", async () => {
    const permissions = projectPermissions('EDIT');
    const assignment = {
      asset_id: 11,
      assignee: null,
      due_at: null,
      checklist: [{ id: 21, content: 'Check the colours', done: false, done_at: null, assigned_user: null }],
    };
    const fake = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
      'GET /api/project/5': { data: project({ id: 5, brand_id: 1, project_type: 'WORKSPACE', permissions }) },
      'GET /api/project/5/users': { data: { users: [], groups: [] } },
      'GET /api/project/5/board': { data: board([card({ checklist_total: 1 })]) },
      'GET /api/asset/11/assignment': { data: assignment },
      'GET /api/project/5/checklist-presets': {
        data: [{ id: 3, project_id: 5, name: 'Print', items: [{ content: 'Bleed', assigned_user: null }] }],
      },
      'PATCH /api/checklist-item/21': { data: { ...assignment, checklist: [{ ...assignment.checklist[0], done: true }] } },
      'POST /api/checklist-preset/3/apply': { data: { preset_id: 3, asset_ids: [11], added: 1 } },
    });
    renderApp('/brands/1/workflows/5/11');
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Poster' }, WAIT);
    expect(within(panel).getByRole('link', { name: 'Open in the viewer' }).getAttribute('href')).toBe('/brands/1/projects/5/assets/11');
    await user.click(await within(panel).findByRole('checkbox', { name: 'Check the colours' }, WAIT));
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'Check the colours' })).toHaveProperty('checked', true), WAIT);
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ done: true });
    await user.click(await within(panel).findByRole('button', { name: /Checklist preset/ }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'Print (1 item)' }, WAIT));
    await user.click(within(panel).getByRole('button', { name: 'Add its items' }));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ asset_ids: [11] }), WAIT);
  });
});
