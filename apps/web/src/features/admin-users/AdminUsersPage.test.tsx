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
const carol = accountUser({
  id: 3,
  name: null,
  email: 'carol@example.com',
  role: 'MEMBER',
  status: 'invited',
  invitation: { sent_at: '2025-03-01T10:00:00.000Z', expires_at: '2025-03-15T10:00:00.000Z', expired: false },
});
const dan = accountUser({
  id: 4,
  name: null,
  email: 'dan@example.com',
  status: 'invited',
  invitation: { sent_at: '2025-01-01T10:00:00.000Z', expires_at: '2025-01-15T10:00:00.000Z', expired: true },
});

/** Opens the actions menu of a row and picks an item. */
async function act(user: ReturnType<typeof userEvent.setup>, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('admin users', () => {
  it('lists name, e-mail, role and status, pending invitations with their expiry; you have no actions on yourself', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/account/users': { data: [me, bob, carol, dan] } });
    renderApp('/admin/users');
    // The first test of the file also loads the app's modules: give it time on a busy machine.
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('bob@example.com')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Invited')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Link works until Mar 15, 2025')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Invitation expired')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Link expired on Jan 15, 2025')).toBeTruthy();
    const user = userEvent.setup();
    // An invited person's menu resends or revokes; an active member's removes.
    await user.click(screen.getByRole('button', { name: 'Actions for carol@example.com' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Resend invitation', 'Revoke invitation']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Bob Member' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Remove from account']);
    await waitFor(() => expect(document.title).toBe('Users · Emblem'));
  });

  it('resends an invitation: the new expiry shows in a notice and in the list', async () => {
    let resent = false;
    const renewed = { ...dan, invitation: { sent_at: '2025-04-01T10:00:00.000Z', expires_at: '2025-04-15T10:00:00.000Z', expired: false } };
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': () => ({ data: [me, resent ? renewed : dan] }),
      'POST /api/account/users/4/invitation': () => {
        resent = true;
        return {
          data: {
            user: renewed,
            invitation_url: 'http://localhost/auth/invitation/new',
            expires_at: '2025-04-15T10:00:00.000Z',
            email_sent: true,
          },
        };
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await act(user, 'dan@example.com', 'Resend invitation');
    expect(
      await screen.findByText(
        'A new invitation was sent to dan@example.com. The link works until April 15, 2025; the earlier link no longer works.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Link works until Apr 15, 2025')).toBeTruthy();
    expect(screen.queryByText('Invitation expired')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/account/users/4/invitation']);
  });

  it('when the resent e-mail fails, shows the new link to pass on', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me, carol] },
      'POST /api/account/users/3/invitation': {
        data: {
          user: carol,
          invitation_url: 'http://localhost/auth/invitation/fresh',
          expires_at: '2025-03-29T10:00:00.000Z',
          email_sent: false,
        },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await act(user, 'carol@example.com', 'Resend invitation');
    const dialog = await screen.findByRole('dialog', { name: 'Invitation created' });
    expect(within(dialog).getByText(/The invitation e-mail to carol@example.com could not be sent/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe('http://localhost/auth/invitation/fresh');
  });

  it('shows a refused resend (too many e-mails) above the list', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me, carol] },
      'POST /api/account/users/3/invitation': {
        status: 429,
        body: { success: false, error: 'Too many invitation e-mails to this person. Try again later.', errors: {} },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await act(user, 'carol@example.com', 'Resend invitation');
    expect(
      await screen.findByText(
        'The invitation to carol@example.com could not be resent: Too many invitation e-mails to this person. Try again later.',
      ),
    ).toBeTruthy();
  });

  it('with user groups on, chooses the groups of an invited person: only the changed groups are saved', async () => {
    const group = (id: number, name: string, userIds: number[]) => ({
      id,
      name,
      account_id: 1,
      account_name: 'Acme Corp',
      user_ids: userIds,
      member_count: userIds.length,
      created_at: '2025-01-01T00:00:00.000Z',
      permissions: { canEdit: true, canDelete: true },
    });
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor({ flags: ['USER_GROUPS'] }) },
      'GET /api/account/users': { data: [me, bob, carol] },
      'GET /api/groups/list': { data: [group(7, 'Agency', [3]), group(8, 'Designers', []), group(9, 'Legal', [2])] },
      'PUT /api/groups/7/members': { data: group(7, 'Agency', []) },
      'PUT /api/groups/8/members': { data: group(8, 'Designers', [3]) },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    // Active members are grouped on the groups page; the menu offers it for invited people.
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Member' }));
    expect(screen.queryByRole('menuitem', { name: 'Groups…' })).toBeNull();
    await user.keyboard('{Escape}');
    await act(user, 'carol@example.com', 'Groups…');
    const dialog = await screen.findByRole('dialog', { name: 'Groups of carol@example.com' });
    const agency = (await within(dialog).findByRole('checkbox', { name: 'Agency' })) as HTMLInputElement;
    expect(agency.checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Legal' }) as HTMLInputElement).checked).toBe(false);
    await user.click(agency);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Designers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByText('The groups of carol@example.com were saved.')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.body])).toEqual([
      ['/api/groups/7/members', { selectionDelta: { add: { users: [], groups: [] }, remove: { users: [3], groups: [] } } }],
      ['/api/groups/8/members', { selectionDelta: { add: { users: [3], groups: [] }, remove: { users: [], groups: [] } } }],
    ]);
  });

  it('revokes an invitation after confirmation', async () => {
    let revoked = false;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': () => ({ data: revoked ? [me] : [me, carol] }),
      'DELETE /api/account/users/3/invitation': () => {
        revoked = true;
        return { data: { id: 3 } };
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await act(user, 'carol@example.com', 'Revoke invitation');
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the invitation for carol@example.com?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('carol@example.com')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/account/users/3/invitation']);
  });

  it('invites by e-mail: says the e-mail was sent and until when the link works, which can also be copied', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me] },
      'POST /api/account/users/invite': {
        status: 201,
        data: {
          user: accountUser({ id: 5, email: 'new@example.com', status: 'invited' }),
          invitation_url: '/auth/invitation/tok123',
          expires_at: '2025-03-15T10:00:00.000Z',
          email_sent: true,
        },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    // Without the USER_GROUPS flag there is no group choice.
    expect(within(dialog).queryByText('Groups (optional)')).toBeNull();
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'New@Example.com');
    // The invitation's language: the inviter's by default, one of the default four without I18N_ROLLOUT.
    await user.click(within(dialog).getByRole('button', { name: /Language/ }));
    const languages = await screen.findAllByRole('option');
    expect(languages.map((o) => o.textContent).sort()).toEqual(['Deutsch', 'English', 'Español', 'Français']);
    await user.click(screen.getByRole('option', { name: 'Français' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(within(sent).getByText(/We e-mailed an invitation to new@example.com. The link works until March 15, 2025./)).toBeTruthy();
    const link = within(sent).getByLabelText('Invitation link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/auth/invitation/tok123`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      role: 'MEMBER',
      group_ids: [],
      language: 'fr',
    });
    await user.click(within(sent).getByRole('button', { name: 'Copy link' }));
    // user-event provides the clipboard.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/auth/invitation/tok123`);
    expect(await within(sent).findByText('Link copied to the clipboard.')).toBeTruthy();
  });

  it('with user groups on, the invitee can be put into groups', async () => {
    const group = (id: number, name: string) => ({
      id,
      name,
      account_id: 1,
      account_name: 'Acme Corp',
      user_ids: [],
      member_count: 0,
      created_at: '2025-01-01T00:00:00.000Z',
      permissions: { canEdit: true, canDelete: true },
    });
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor({ flags: ['USER_GROUPS'] }) },
      'GET /api/account/users': { data: [me] },
      'GET /api/groups/list': { data: [group(7, 'Agency'), group(8, 'Designers')] },
      'POST /api/account/users/invite': {
        status: 201,
        data: {
          user: accountUser({ id: 6, email: 'pat@example.com', status: 'invited' }),
          invitation_url: '/auth/invitation/tok',
          expires_at: '2025-03-15T10:00:00.000Z',
          email_sent: true,
        },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'pat@example.com');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Designers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'pat@example.com',
      role: 'MEMBER',
      group_ids: [8],
      language: 'en',
    });
  });

  it('someone who already has an Emblem account is added at once, without a link', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/account/users': { data: [me] },
      'POST /api/account/users/invite': {
        status: 201,
        data: { user: accountUser({ id: 9, email: 'old@example.com' }), invitation_url: null, expires_at: null, email_sent: true },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^E-mail address/), 'old@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const added = await screen.findByRole('dialog', { name: 'User added' });
    expect(
      within(added).getByText('old@example.com already has an Emblem account and now belongs to Acme Corp. We let them know by e-mail.'),
    ).toBeTruthy();
    expect(within(added).queryByLabelText('Invitation link')).toBeNull();
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
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
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
    await act(user, 'Bob Member', 'Remove from account');
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
