import { addDialogCount, type PickerUser, userTickable } from '@emblem/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog } from '../../ui/Dialog';
import { Avatar } from './Avatar';
import { ToolkitTabs } from './Tabs';

/** A user in the pickers: id, name (null while the invitation is pending), e-mail, avatar, subscription. */
export interface PickerUserEntry extends PickerUser {
  email?: string;
  image?: string | null;
  preview_url_without_placeholder?: string | null;
}

/** A group: its members as user_ids or users; account_name for groups of other organisations. */
export interface PickerGroup {
  id: number;
  name: string;
  account_id?: number;
  user_ids?: number[];
  users?: { id: number }[];
  account_name?: string;
  email?: string;
}

export function groupMemberIds(group: PickerGroup): number[] {
  return group.user_ids ?? group.users?.map((u) => u.id) ?? [];
}

export interface UserGroupAddDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  users: PickerUserEntry[];
  groups?: PickerGroup[];
  /** The cross-account groups feature: groups of other organisations get their own tab. */
  crossAccountGroups?: boolean;
  currentAccountId?: number | null;
  /** Already chosen: not offered again. */
  excludeUserIds?: readonly number[];
  excludeGroupIds?: readonly number[];
  /** False leaves the users tab out: a dialog that adds groups only (e.g. groups as project collaborators). */
  showUsers?: boolean;
  /** False leaves the groups tabs out: a dialog that adds users only (e.g. the members of a group). */
  showGroups?: boolean;
  onSubmit: (selection: { users: number[]; groups: number[] }) => void;
}

const matches = (needle: string, ...texts: (string | null | undefined)[]) =>
  !needle || texts.some((text) => text?.toLocaleLowerCase().includes(needle));

/**
 * The user/group add dialog: tabs for users, groups and (with the feature) cross-account groups
 * listed by organisation, each with a count badge and a search box. The submit label is the initial, singular or
 * plural form by the number of users it adds, counting the members of ticked groups; pending invitations and
 * unsubscribed users cannot be ticked.
 */
export function UserGroupAddDialog({ isOpen, onOpenChange, title, ...props }: UserGroupAddDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog title={title ?? t('toolkit.addDialog.title')} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <AddDialogBody {...props} onClose={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function AddDialogBody({
  users,
  groups = [],
  crossAccountGroups,
  currentAccountId,
  excludeUserIds = [],
  excludeGroupIds = [],
  showUsers = true,
  showGroups = true,
  onSubmit,
  onClose,
}: Omit<UserGroupAddDialogProps, 'isOpen' | 'onOpenChange' | 'title'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [tickedUsers, setTickedUsers] = useState<number[]>([]);
  const [tickedGroups, setTickedGroups] = useState<number[]>([]);
  const [search, setSearch] = useState({ users: '', groups: '', crossAccount: '' });

  const offeredUsers = users.filter((u) => !excludeUserIds.includes(u.id));
  const offeredGroups = groups.filter((g) => !excludeGroupIds.includes(g.id));
  const isOwn = (g: PickerGroup) =>
    currentAccountId === undefined || currentAccountId === null || g.account_id === undefined || g.account_id === currentAccountId;
  const ownGroups = offeredGroups.filter(isOwn);
  const otherGroups = crossAccountGroups ? offeredGroups.filter((g) => !isOwn(g)) : [];

  const count = useMemo(
    () =>
      addDialogCount(
        tickedUsers,
        groups.filter((g) => tickedGroups.includes(g.id)).map((g) => ({ user_ids: groupMemberIds(g) })),
      ),
    [tickedUsers, tickedGroups, groups],
  );
  const submitLabel = count === 0 ? t('toolkit.addDialog.submitInitial') : t('toolkit.addDialog.submit', { count });

  const toggle = (list: number[], set: (next: number[]) => void, value: number, on: boolean) =>
    set(on ? [...list, value] : list.filter((v) => v !== value));

  const searchBox = (key: keyof typeof search, label: string) => (
    <div className="field add-dialog__search">
      <label className="visually-hidden" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="search"
        className="field__input"
        placeholder={label}
        value={search[key]}
        onChange={(e) => setSearch({ ...search, [key]: e.target.value })}
      />
    </div>
  );

  const groupRows = (list: PickerGroup[]) =>
    list.map((group) => (
      <li key={group.id}>
        <Checkbox
          isSelected={tickedGroups.includes(group.id)}
          onChange={(on) => toggle(tickedGroups, setTickedGroups, group.id, on)}
          description={t('toolkit.addDialog.members', { count: groupMemberIds(group).length })}
        >
          {group.name}
        </Checkbox>
      </li>
    ));

  const userNeedle = search.users.trim().toLocaleLowerCase();
  const shownUsers = offeredUsers.filter((u) => matches(userNeedle, u.name, u.email));
  const groupNeedle = search.groups.trim().toLocaleLowerCase();
  const shownGroups = ownGroups.filter((g) => matches(groupNeedle, g.name));
  const crossNeedle = search.crossAccount.trim().toLocaleLowerCase();
  const shownOther = otherGroups.filter((g) => matches(crossNeedle, g.name, g.account_name));
  const byOrganisation = new Map<string, PickerGroup[]>();
  for (const group of shownOther) {
    const key = group.account_name ?? t('toolkit.addDialog.otherOrganisation');
    byOrganisation.set(key, [...(byOrganisation.get(key) ?? []), group]);
  }

  const tabs = [
    {
      id: 'users',
      label: t('toolkit.addDialog.users'),
      count: offeredUsers.length,
      content: (
        <>
          {searchBox('users', t('toolkit.addDialog.searchUsers'))}
          <ul className="add-dialog__list" aria-label={t('toolkit.addDialog.users')}>
            {shownUsers.map((user) => {
              const tickable = userTickable(user);
              const reason =
                user.name === null
                  ? t('toolkit.addDialog.pending')
                  : user.subscribed === false
                    ? t('toolkit.addDialog.unsubscribed')
                    : undefined;
              return (
                <li key={user.id} className="add-dialog__user">
                  <Avatar name={user.name ?? user.email ?? ''} imageUrl={user.preview_url_without_placeholder ?? user.image} size={24} />
                  <Checkbox
                    isSelected={tickedUsers.includes(user.id)}
                    isDisabled={!tickable}
                    onChange={(on) => toggle(tickedUsers, setTickedUsers, user.id, on)}
                    description={reason ?? user.email}
                  >
                    {user.name ?? user.email ?? String(user.id)}
                  </Checkbox>
                </li>
              );
            })}
            {shownUsers.length === 0 ? <li className="muted">{t('toolkit.addDialog.noMatch')}</li> : null}
          </ul>
        </>
      ),
    },
    {
      id: 'groups',
      label: t('toolkit.addDialog.groups'),
      count: ownGroups.length,
      content: (
        <>
          {searchBox('groups', t('toolkit.addDialog.searchGroups'))}
          <ul className="add-dialog__list" aria-label={t('toolkit.addDialog.groups')}>
            {groupRows(shownGroups)}
            {shownGroups.length === 0 ? <li className="muted">{t('toolkit.addDialog.noMatch')}</li> : null}
          </ul>
        </>
      ),
    },
    ...(crossAccountGroups
      ? [
          {
            id: 'cross-account',
            label: t('toolkit.addDialog.crossAccount'),
            count: otherGroups.length,
            content: (
              <>
                {searchBox('crossAccount', t('toolkit.addDialog.searchGroups'))}
                {[...byOrganisation.entries()].map(([organisation, list]) => (
                  <section key={organisation} className="add-dialog__organisation" aria-label={organisation}>
                    <h3 className="add-dialog__organisation-name">{organisation}</h3>
                    <ul className="add-dialog__list">{groupRows(list)}</ul>
                  </section>
                ))}
                {shownOther.length === 0 ? <p className="muted">{t('toolkit.addDialog.noMatch')}</p> : null}
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="add-dialog">
      <ToolkitTabs
        label={t('toolkit.addDialog.tabs')}
        tabs={tabs.filter((tab) => (tab.id === 'users' ? showUsers : showGroups))}
        defaultSelectedId={showUsers ? 'users' : 'groups'}
      />
      <div className="dialog__actions">
        <Button onPress={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="primary"
          isDisabled={count === 0}
          onPress={() => {
            onSubmit({ users: tickedUsers, groups: tickedGroups });
            onClose();
          }}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
