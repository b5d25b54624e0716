import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const me = accountUser({ id: 1, name: 'Ada Admin', email: 'ada@example.com', role: 'OWNER' });
const bob = accountUser({ id: 2, name: 'Bob Member', email: 'bob@example.com', role: 'MEMBER' });
const carol = accountUser({ id: 3, name: null, email: 'carol@example.com', role: 'MEMBER', status: 'invited' });

describe('admin users', () => {
  it('lists name, e-mail, role and status; you cannot remove yourself', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/account/users': { data: [me, bob, carol] } });
    renderApp('/admin/users');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('bob@example.com')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Invited')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove carol@example.com' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Users · Emblem'));
  });

  it('invites by e-mail and shows the invitation link to copy', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me] },
      'POST /api/account/users/invite': {
        status: 201,
        data: { user: accountUser({ id: 5, email: 'new@example.com', status: 'invited' }), invitation_url: '/auth/invitation/tok123' },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'New@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));

    const sent = await screen.findByRole('dialog', { name: 'Invitation created' });
    const link = within(sent).getByLabelText('Invitation link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/auth/invitation/tok123`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.com', role: 'MEMBER' });
    await user.click(within(sent).getByRole('button', { name: 'Copy link' }));
    // user-event provides the clipboard.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/auth/invitation/tok123`);
    expect(await within(sent).findByText('Link copied to the clipboard.')).toBeTruthy();
  });

  it('shows a duplicate e-mail at the field', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me] },
      'POST /api/account/users/invite': {
        status: 409,
        body: { success: false, error: 'This e-mail address is already in the account', errors: {} },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(await within(dialog).findByText('This e-mail address is already in the account')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^E-mail address/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('changes a role with PATCH and shows a refusal such as the last owner', async () => {
    let role: 'OWNER' | 'MEMBER' = 'OWNER';
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': () => ({ data: [{ ...me, role }, bob] }),
      'PATCH /api/account/users/1': { status: 409, body: { success: false, error: 'The account needs at least one owner', errors: {} } },
      'PATCH /api/account/users/2': () => {
        role = 'OWNER';
        return { data: { user: { ...bob, role: 'SUPER_USER' } } };
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Role of Bob Member/ }));
    await user.click(await screen.findByRole('option', { name: 'Super user' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/account/users/2')?.body).toEqual({ role: 'SUPER_USER' }));

    await user.click(screen.getByRole('button', { name: /Role of Ada Admin/ }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    const alert = await screen.findByText(/The role of Ada Admin could not be changed: The account needs at least one owner/);
    expect(alert).toBeTruthy();
  });

  it('removes a user after confirmation and shows server refusals in the dialog', async () => {
    let removed = false;
    let attempts = 0;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': () => ({ data: removed ? [me] : [me, bob] }),
      'DELETE /api/account/users/2': () => {
        attempts += 1;
        if (attempts === 1) return { status: 500, body: { success: false, error: 'Something went wrong. Please try again.', errors: {} } };
        removed = true;
        return { data: { id: 2 } };
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Bob Member?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
  });

  it('a super user cannot grant the owner role', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ role: 'SUPER_USER' }) },
      'GET /api/account/users': { data: [{ ...me, id: 1, role: 'SUPER_USER' }, bob] },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Role of Bob Member/ }));
    const owner = await screen.findByRole('option', { name: 'Owner' });
    expect(owner.getAttribute('aria-disabled')).toBe('true');
  });
});
