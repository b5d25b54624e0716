import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderToolkit } from '../test/render';
import { type PickerGroup, type PickerUserEntry, UserGroupAddDialog } from './UserGroupAddDialog';

const USERS: PickerUserEntry[] = [
  { id: 2, name: 'Bea Brand', email: 'bea@example.com' },
  { id: 3, name: 'Carl Creative', email: 'carl@example.com' },
  { id: 4, name: null, email: 'pending@example.com' },
  { id: 5, name: 'Dora', email: 'dora@example.com', subscribed: false },
];
const GROUPS: PickerGroup[] = [
  { id: 10, name: 'Design', account_id: 1, user_ids: [2, 3] },
  { id: 11, name: 'Empty', account_id: 1, user_ids: [] },
  { id: 20, name: 'Partners', account_id: 2, account_name: 'Northwind', users: [{ id: 30 }, { id: 31 }, { id: 32 }] },
];

function open(props: Partial<Parameters<typeof UserGroupAddDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const result = renderToolkit(
    <UserGroupAddDialog isOpen onOpenChange={() => {}} users={USERS} groups={GROUPS} currentAccountId={1} onSubmit={onSubmit} {...props} />,
  );
  return { ...result, onSubmit, dialog: screen.getByRole('dialog', { name: 'Add users and groups' }) };
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /^Add/ });

describe('user/group add dialog', () => {
  it('has users and groups tabs with count badges; cross-account groups only with the feature', () => {
    const { dialog, unmount } = open();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Users4', 'Groups2']);
    unmount();
    const withFeature = open({ crossAccountGroups: true });
    expect(
      within(withFeature.dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Users4', 'Groups2', 'Other organisations1']);
  });

  it('lists other organisations’ groups under the organisation name', async () => {
    const { dialog, user } = open({ crossAccountGroups: true });
    await user.click(within(dialog).getByRole('tab', { name: /Other organisations/ }));
    const org = within(dialog).getByRole('region', { name: 'Northwind' });
    expect(within(org).getByRole('checkbox', { name: /Partners/ })).toBeTruthy();
  });

  it('pending invitations and unsubscribed users cannot be ticked', () => {
    const { dialog } = open();
    expect((within(dialog).getByRole('checkbox', { name: /pending@example.com/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Dora/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Bea Brand/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('the submit label is initial, singular or plural, counting the members of ticked groups once', async () => {
    const { dialog, user, onSubmit } = open({ crossAccountGroups: true });
    expect(submit(dialog).textContent).toBe('Add');
    expect(submit(dialog).hasAttribute('disabled') || submit(dialog).getAttribute('aria-disabled') === 'true').toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Bea Brand/ }));
    expect(submit(dialog).textContent).toBe('Add 1 user');
    await user.click(within(dialog).getByRole('tab', { name: /Groups/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Design/ }));
    // Bea (ticked) and Carl (via Design): two users.
    expect(submit(dialog).textContent).toBe('Add 2 users');
    await user.click(within(dialog).getByRole('tab', { name: /Other organisations/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Partners/ }));
    expect(submit(dialog).textContent).toBe('Add 5 users');
    await user.click(submit(dialog));
    expect(onSubmit).toHaveBeenCalledWith({ users: [2], groups: [10, 20] });
  });

  it('a ticked group without members still counts nothing', async () => {
    const { dialog, user } = open();
    await user.click(within(dialog).getByRole('tab', { name: /Groups/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Empty/ }));
    expect(submit(dialog).textContent).toBe('Add');
  });

  it('searches users by name or e-mail, case-insensitively', async () => {
    const { dialog, user } = open();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'CARL');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Carl Creative']);
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search users' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(within(dialog).getByText('Nothing matches your search.')).toBeTruthy();
  });
});
