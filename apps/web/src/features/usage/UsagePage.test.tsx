import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USAGE } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { AccessRequest } from './api';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const pending: AccessRequest = {
  id: 11,
  user: { id: 2, name: 'Bob Member', email: 'bob@example.com' },
  message: 'Need the Acme logos',
  status: 'PENDING',
  created_at: '2025-03-02T09:00:00.000Z',
  decided_at: null,
};

describe('usage', () => {
  it('shows tab counts and the users by role and status', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/account/usage': { data: USAGE } });
    renderApp('/usage/users');
    const users = await screen.findByRole('tab', { name: /Users/ });
    await waitFor(() => expect(users.textContent).toContain('7'));
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Access requests/ }).textContent).toContain('3');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Invited').parentElement?.textContent).toBe('Invited2');
    expect(within(panel).getByText('Super users').parentElement?.textContent).toBe('Super users2');
    expect(within(panel).getByText('Members').parentElement?.textContent).toBe('Members4');
    expect(within(panel).getByRole('link', { name: 'Manage users' }).getAttribute('href')).toBe('/admin/users');
  });

  it('lets an admin approve a pending request', async () => {
    let status: AccessRequest['status'] = 'PENDING';
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/usage': { data: USAGE },
      'GET /api/access-requests': () => ({ data: [{ ...pending, status }] }),
      'PATCH /api/access-requests/11': ({ body }) => {
        status = (body as { status: AccessRequest['status'] }).status;
        return { data: { ...pending, status } };
      },
    });
    renderApp('/usage/access-requests');
    const user = userEvent.setup();
    expect(await screen.findByText('Need the Acme logos')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve request from Bob Member' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'APPROVED' }));
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve request/ })).toBeNull();
  });

  it('lets a member send a request, then shows it as pending', async () => {
    const mine: AccessRequest[] = [];
    const me = sessionFor({ admin: false });
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: me },
      'GET /api/account/usage': { data: USAGE },
      'GET /api/access-requests': () => ({ data: mine }),
      'POST /api/access-requests': ({ body }) => {
        const request: AccessRequest = {
          ...pending,
          id: 12,
          user: { id: 1, name: 'Ada Admin', email: 'ada@example.com' },
          message: (body as { message: string }).message,
        };
        mine.push(request);
        return { status: 201, data: request };
      },
    });
    renderApp('/usage/access-requests');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Message to the admins/), 'Please add me to Acme');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request is waiting for an admin. You can ask again once it has been decided.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Please add me to Acme' });
    expect(screen.getByText('Please add me to Acme')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows what to do when an admin has no requests', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/usage': { data: USAGE },
      'GET /api/access-requests': { data: [] },
    });
    renderApp('/usage/access-requests');
    expect(await screen.findByRole('heading', { name: 'No access requests' })).toBeTruthy();
  });
});
