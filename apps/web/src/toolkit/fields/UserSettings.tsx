import { selectionDelta, type UserGroupSelection, userTickable } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Setting } from '../setting/Setting';
import { Avatar } from '../widgets/Avatar';
import { Icon } from '../widgets/Icon';
import { groupMemberIds, type PickerGroup, type PickerUserEntry, UserGroupAddDialog } from '../widgets/UserGroupAddDialog';
import type { FieldOptions } from './TextSetting';

/** GET {all users api}: collaborators or data; user_id is renamed to id. */
export async function fetchPickerUsers(api: string, signal?: AbortSignal): Promise<PickerUserEntry[]> {
  const body = await request<{ collaborators?: unknown[]; data?: unknown }>(api, { signal });
  const raw = (body?.collaborators ??
    (Array.isArray(body?.data) ? body.data : (body?.data as { collaborators?: unknown[] })?.collaborators) ??
    []) as Record<string, unknown>[];
  return raw.map((u) => ({
    ...(u as object),
    id: Number(u.id ?? u.user_id),
    name: (u.name as string | null) ?? null,
    subscribed: (u.communication_setting as { subscribed?: boolean } | undefined)?.subscribed ?? (u.subscribed as boolean | undefined),
  })) as PickerUserEntry[];
}

/** GET {all groups api} or /api/groups/list: data or groups; group_id is renamed to id. */
export async function fetchPickerGroups(api: string, signal?: AbortSignal): Promise<PickerGroup[]> {
  const body = await request<{ groups?: unknown[]; data?: unknown }>(api, { signal });
  const raw = (Array.isArray(body?.data) ? body.data : (body?.groups ?? [])) as Record<string, unknown>[];
  return raw.map((g) => ({ ...(g as object), id: Number(g.id ?? g.group_id) })) as PickerGroup[];
}

function useUsers(users: PickerUserEntry[] | undefined, api: string | undefined) {
  const query = useQuery({
    queryKey: ['toolkit', 'picker-users', api],
    queryFn: ({ signal }) => fetchPickerUsers(api as string, signal),
    enabled: !users && Boolean(api),
  });
  return users ?? query.data ?? [];
}

function useGroups(groups: PickerGroup[] | undefined, api: string | undefined) {
  const query = useQuery({
    queryKey: ['toolkit', 'picker-groups', api],
    queryFn: ({ signal }) => fetchPickerGroups(api as string, signal),
    enabled: !groups && Boolean(api),
  });
  return groups ?? query.data ?? [];
}

export interface UserGroupListSettingProps extends Omit<FieldOptions<UserGroupSelection>, 'serialise'> {
  users?: PickerUserEntry[];
  usersApi?: string;
  groups?: PickerGroup[];
  groupsApi?: string;
  crossAccountGroups?: boolean;
  currentAccountId?: number | null;
  /** Leave the signed-in user out of the choice. */
  excludeUserId?: number | null;
  /** False: users only, the add dialog has no groups tabs (e.g. the members of a group). */
  showGroups?: boolean;
  /** Nothing selected fails with this message (the required counter). */
  required?: boolean;
  requiredMessage?: string;
}

/**
 * User and group list: the selection and the selectionDelta against the saved selection are
 * saved at once after each add or remove; a blank slate when empty; the required counter; readonly hides add and
 * remove.
 */
export function UserGroupListSetting({
  users: givenUsers,
  usersApi,
  groups: givenGroups,
  groupsApi,
  crossAccountGroups,
  currentAccountId,
  excludeUserId,
  showGroups,
  required,
  requiredMessage,
  ...props
}: UserGroupListSettingProps) {
  const { t } = useTranslation();
  const users = useUsers(givenUsers, usersApi);
  const groups = useGroups(givenGroups, groupsApi);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The delta is taken against the selection the server has (the last saved one).
  const savedRef = useRef(props.value);
  return (
    <Setting<UserGroupSelection>
      {...props}
      mode="direct"
      serialise={(selection) => ({ selection, selectionDelta: selectionDelta(savedRef.current, selection) })}
      onSaved={(selection, reply) => {
        savedRef.current = selection;
        props.onSaved?.(selection, reply);
      }}
      validate={(selection) =>
        required && selection.users.length + selection.groups.length === 0
          ? { [props.name]: requiredMessage ?? t('toolkit.validation.users') }
          : null
      }
    >
      {(setting) => {
        const selection = setting.draft;
        const chosenUsers = users.filter((u) => selection.users.includes(u.id));
        const chosenGroups = groups.filter((g) => selection.groups.includes(g.id));
        const empty = chosenUsers.length + chosenGroups.length === 0;
        return (
          <div className="user-list">
            {empty ? (
              <div className="user-list__blank">
                <Icon name="group" size="lg" />
                <p>{t(showGroups === false ? 'toolkit.userList.blankUsers' : 'toolkit.userList.blank')}</p>
              </div>
            ) : (
              <ul className="user-list__items">
                {chosenGroups.map((group) => (
                  <li key={`g${group.id}`} className="user-list__item">
                    <span className="user-list__group-icon" aria-hidden="true">
                      <Icon name="group" size="sm" />
                    </span>
                    <span className="user-list__name">
                      {group.name}
                      <span className="muted"> · {t('toolkit.addDialog.members', { count: groupMemberIds(group).length })}</span>
                    </span>
                    {setting.readonly ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('toolkit.userList.remove', { name: group.name })}
                        onPress={() => setting.change({ ...selection, groups: selection.groups.filter((id) => id !== group.id) })}
                      >
                        ×
                      </Button>
                    )}
                  </li>
                ))}
                {chosenUsers.map((user) => (
                  <li key={`u${user.id}`} className="user-list__item">
                    <Avatar
                      name={user.name ?? user.email ?? ''}
                      imageUrl={user.preview_url_without_placeholder ?? user.image}
                      size={28}
                      userId={user.id}
                      showPopup
                    />
                    <span className="user-list__name">
                      {user.name ?? t('toolkit.addDialog.pending')}
                      {user.email ? <span className="muted"> · {user.email}</span> : null}
                    </span>
                    {setting.readonly ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('toolkit.userList.remove', { name: user.name ?? user.email })}
                        onPress={() => setting.change({ ...selection, users: selection.users.filter((id) => id !== user.id) })}
                      >
                        ×
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {required ? (
              // The required counter: how many are chosen, announced with the field.
              <p className="visually-hidden" data-required-counter={selection.users.length + selection.groups.length}>
                {t('toolkit.userList.counter', { count: selection.users.length + selection.groups.length })}
              </p>
            ) : null}
            {setting.readonly ? null : (
              <>
                <Button size="sm" onPress={() => setDialogOpen(true)} {...setting.fieldProps()}>
                  {t(showGroups === false ? 'toolkit.userList.addUsers' : 'toolkit.userList.add')}
                </Button>
                <UserGroupAddDialog
                  isOpen={dialogOpen}
                  onOpenChange={setDialogOpen}
                  title={showGroups === false ? t('toolkit.addDialog.titleUsers') : undefined}
                  users={users.filter((u) => u.id !== excludeUserId)}
                  groups={groups}
                  crossAccountGroups={crossAccountGroups}
                  currentAccountId={currentAccountId}
                  excludeUserIds={selection.users}
                  excludeGroupIds={selection.groups}
                  showGroups={showGroups}
                  onSubmit={(added) =>
                    setting.change({
                      users: [...selection.users, ...added.users],
                      groups: [...selection.groups, ...added.groups],
                    })
                  }
                />
              </>
            )}
          </div>
        );
      }}
    </Setting>
  );
}

export interface UserCheckboxListSettingProps extends FieldOptions<number[]> {
  users?: PickerUserEntry[];
  usersApi?: string;
}

/** User checkbox list: tick users; pending invitations and unsubscribed users cannot be ticked. Saved at once. */
export function UserCheckboxListSetting({ users: givenUsers, usersApi, ...props }: UserCheckboxListSettingProps) {
  const { t } = useTranslation();
  const users = useUsers(givenUsers, usersApi);
  return (
    <Setting<number[]> {...props} hideLabel mode="direct">
      {(setting) => (
        <fieldset className="checkbox-group">
          <legend className="field__label">{props.label}</legend>
          {users.map((user) => {
            const tickable = userTickable(user);
            return (
              <Checkbox
                key={user.id}
                isSelected={setting.draft.includes(user.id)}
                isDisabled={!tickable || setting.readonly}
                description={
                  user.name === null
                    ? t('toolkit.addDialog.pending')
                    : user.subscribed === false
                      ? t('toolkit.addDialog.unsubscribed')
                      : undefined
                }
                onChange={(on) => setting.change(on ? [...setting.draft, user.id] : setting.draft.filter((id) => id !== user.id))}
              >
                {user.name ?? user.email ?? String(user.id)}
              </Checkbox>
            );
          })}
        </fieldset>
      )}
    </Setting>
  );
}

export interface GroupsSettingProps extends Omit<FieldOptions<number[]>, 'serialise'> {
  groups?: PickerGroup[];
  /** Default GET /api/groups/list. */
  groupsApi?: string;
}

/** Groups: the group_ids of the chosen groups, saved at once. */
export function GroupsSetting({ groups: givenGroups, groupsApi = '/api/groups/list', ...props }: GroupsSettingProps) {
  const { t } = useTranslation();
  const groups = useGroups(givenGroups, groupsApi);
  return (
    <Setting<number[]> {...props} hideLabel mode="direct" serialise={(ids) => ({ group_ids: ids })}>
      {(setting) => (
        <fieldset className="checkbox-group">
          <legend className="field__label">{props.label}</legend>
          {groups.length === 0 ? <p className="muted">{t('toolkit.groups.none')}</p> : null}
          {groups.map((group) => (
            <Checkbox
              key={group.id}
              isSelected={setting.draft.includes(group.id)}
              isDisabled={setting.readonly}
              description={t('toolkit.addDialog.members', { count: groupMemberIds(group).length })}
              onChange={(on) => setting.change(on ? [...setting.draft, group.id] : setting.draft.filter((id) => id !== group.id))}
            >
              {group.name}
            </Checkbox>
          ))}
        </fieldset>
      )}
    </Setting>
  );
}
