import type { ApprovalRequestResponse } from '@emblem/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import { endOfDay } from './RequestApprovalDialog';

const WAIT = { timeout: 5000 };

function request(overrides: Partial<ApprovalRequestResponse> = {}): ApprovalRequestResponse {
  return {
    id: 70,
    project_id: 5,
    asset_ids: [11],
    mode: 'ALL',
    status: 'OPEN',
    message: 'Final poster',
    due_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    requester: { id: 2, name: 'Rita Requester' },
    resolved_at: null,
    reviewers: [
      { id: 1, user: { id: 1, name: 'Ada Admin' }, group: null, vote: null, comment: null, voted_by: null, voted_at: null, counts: true },
      {
        id: 2,
        user: null,
        group: { id: 9, name: 'Brand team' },
        vote: 'APPROVED',
        comment: 'Looks good',
        voted_by: { id: 3, name: 'Ben' },
        voted_at: '2026-11-21T10:00:00.000Z',
        counts: true,
      },
      {
        id: 3,
        user: { id: 4, name: 'Gone Person' },
        group: null,
        vote: null,
        comment: null,
        voted_by: null,
        voted_at: null,
        counts: false,
      },
    ],
    permissions: { vote: true, manage: false },
    ...overrides,
  };
}

function server(
  opts: { level?: 'VIEW' | 'EDIT'; flags?: string[]; type?: 'WORKSPACE' | 'MEDIALIBRARY' },
  extra: Record<string, FakeHandler> = {},
) {
  const permissions = projectPermissions(opts.level ?? 'EDIT');
  const a = asset({ id: 11, title: 'Poster', permissions });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ flags: opts.flags ?? ['APPROVAL_REQUESTS'] }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Launch', project_type: opts.type ?? 'WORKSPACE', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Launch') },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': {
      data: { asset: a, revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
    },
    'GET /api/asset/11': { data: a },
    ...extra,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('approvals in the viewer', () => {
  it('shows nothing without the flag, or for a library asset', async () => {
    server({ flags: [] }, { 'GET /api/asset/11/approval-requests': { data: [] } });
    const first = renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { name: 'Poster' }, WAIT);
    expect(screen.queryByRole('heading', { name: 'Approval' })).toBeNull();
    first.unmount();
    server({ type: 'MEDIALIBRARY' }, { 'GET /api/asset/11/approval-requests': { data: [] } });
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { name: 'Poster' }, WAIT);
    expect(screen.queryByRole('heading', { name: 'Approval' })).toBeNull();
  });

  it('shows the open request with every reviewer’s vote and sends a reviewer’s answer with a comment', async () => {
    let current = request();
    const { calls } = server(
      { level: 'VIEW' },
      {
        'GET /api/asset/11/approval-requests': () => ({ data: current.status === 'OPEN' ? [current] : [] }),
        'PUT /api/approval-request/70/vote': ({ body }) => {
          current = request({ status: 'APPROVED', permissions: { vote: false, manage: false } });
          return { data: { ...current, echoed: body } };
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const section = (await screen.findByRole('heading', { name: 'Approval' }, WAIT)).closest('section') as HTMLElement;
    const reviewers = await within(section).findByRole('list', { name: 'Reviewers' }, WAIT);
    const rows = within(reviewers).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ada AdminWaiting',
      'Brand team (group)Approved“Looks good”',
      'Gone PersonWaitingNo longer has access: not counted',
    ]);
    expect(within(section).getByText('Requested by Rita Requester')).toBeTruthy();
    // VIEW: no request button, but the reviewer's buttons.
    expect(within(section).queryByRole('button', { name: 'Request approval' })).toBeNull();
    const user = userEvent.setup();
    await user.type(within(section).getByRole('textbox', { name: 'Comment (optional)' }), 'Ship it');
    await user.click(within(section).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ vote: 'APPROVED', comment: 'Ship it' }), WAIT);
    await within(section).findByText('The request was decided: Approved.', {}, WAIT);
    expect(within(section).getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe(
      '/brands/1/projects/5/assets/11/asset-audit-trail',
    );
  });

  it('sends Reject and shows the server’s refusal', async () => {
    const { calls } = server(
      { level: 'VIEW' },
      {
        'GET /api/asset/11/approval-requests': { data: [request()] },
        'PUT /api/approval-request/70/vote': {
          status: 409,
          body: { success: false, error: 'The approval request is no longer open', errors: {} },
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const reject = await screen.findByRole('button', { name: 'Reject' }, WAIT);
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeTruthy();
    await userEvent.setup().click(reject);
    await screen.findByText('The approval request is no longer open', {}, WAIT);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ vote: 'REJECTED', comment: '' });
  });

  it('shows the votes without buttons to someone who does not review', async () => {
    server(
      { level: 'VIEW' },
      { 'GET /api/asset/11/approval-requests': { data: [request({ permissions: { vote: false, manage: false } })] } },
    );
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('list', { name: 'Reviewers' }, WAIT);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('lists every open request to an editor, who may ask again and cancel their own', async () => {
    const { calls } = server(
      { level: 'EDIT' },
      {
        'GET /api/asset/11/approval-requests': {
          data: [
            request({ id: 71, requester: { id: 1, name: 'Ada Admin' }, permissions: { vote: false, manage: true } }),
            request({ permissions: { vote: false, manage: false } }),
          ],
        },
        'POST /api/approval-request/71/cancel': { data: request({ id: 71, status: 'CANCELLED' }) },
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const own = await screen.findByRole('article', { name: 'Approval request by Ada Admin' }, WAIT);
    const other = screen.getByRole('article', { name: 'Approval request by Rita Requester' });
    expect(within(other).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request approval' })).toBeTruthy();
    await userEvent.setup().click(within(own).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/approval-request/71/cancel')).toBe(true), WAIT);
    await screen.findByText('The request was decided: Cancelled.', {}, WAIT);
  });

  it('an editor asks for approval: reviewers, mode, due day and message; refusals show at the fields', async () => {
    let answer: FakeHandler = {
      status: 400,
      body: { success: false, error: 'Validation failed', errors: { user_ids: ['These users cannot see the project: 7'] } },
    };
    const { calls } = server(
      { level: 'EDIT' },
      {
        'GET /api/asset/11/approval-requests': { data: [] },
        'GET /api/project/5/users': {
          data: {
            users: [{ user_id: 7, name: 'Vera Viewer', email: 'vera@example.com', image: null, level: 'VIEW' }],
            groups: [{ id: 1, group_id: 9, name: 'Brand team', level: 'COMMENT', user_ids: [3], member_count: 1 }],
          },
        },
        'POST /api/project/5/approval-requests': (call) => (typeof answer === 'function' ? answer(call) : answer),
      },
    );
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByText('No approval request is open. Ask reviewers to approve this asset.', {}, WAIT);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request approval' }, WAIT);
    // Nobody chosen: the shared schema refuses before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await within(dialog).findByText('Name at least one reviewer (a user or a group)', {}, WAIT);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Vera Viewer' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Brand team (group, 1 member)' }));
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: '2031-03-09' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the reviewers' }), 'Final check');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await within(dialog).findByText('These users cannot see the project: 7', {}, WAIT);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      asset_ids: [11],
      user_ids: [7],
      group_ids: [9],
      mode: 'ALL',
      due_at: endOfDay('2031-03-09'),
      message: 'Final check',
    });
    answer = { status: 201, data: request() };
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });

  it('lists the audit trail newest first and loads older entries', async () => {
    const entry = (id: number, type: string, data: Record<string, unknown> = {}) => ({
      id,
      type,
      created_at: '2026-11-21T10:00:00.000Z',
      actor: id === 1 ? null : { id: 2, name: 'Rita Requester' },
      data,
    });
    const { calls } = server(
      {},
      {
        'GET /api/asset/11/audit-trail': {
          data: {
            entries: [entry(9, 'approval:vote', { vote: 'APPROVED' }), entry(8, 'asset:workflow-status', { to_name: 'Approved' })],
            next_cursor: '8',
          },
        },
        'GET /api/asset/11/audit-trail?cursor=8': {
          data: { entries: [entry(1, 'asset:create'), entry(0, 'thing:new')], next_cursor: null },
        },
      },
    );
    renderApp('/brands/1/projects/5/assets/11/asset-audit-trail');
    await screen.findByRole('heading', { name: 'Audit trail: Poster' }, WAIT);
    const list = await screen.findByRole('list', { name: 'Events, newest first' }, WAIT);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['Rita Requester answered the approval request: Approved', 'Rita Requester moved the asset to Approved']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4), WAIT);
    expect(within(list).getAllByRole('listitem')[2]?.textContent).toContain('Emblem created the asset');
    expect(within(list).getAllByRole('listitem')[3]?.textContent).toContain('did something (thing:new)');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/asset/11/audit-trail?cursor=8')).toBe(true);
  });

  it('computes the end of a local day', () => {
    const iso = endOfDay('2031-03-09') as string;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2031, 2, 10, 0]);
    expect(endOfDay('2031-3-9')).toBeNull();
  });
});
