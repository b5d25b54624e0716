import { GROUP_NAME_MAX } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../lib/session';
import { DeleteConfirmation, type PickerUserEntry, SettingsGroup, TextSetting, UserGroupListSetting } from '../../toolkit';
import { Button } from '../../ui/Button';
import { Badge, DismissableAlert, EmptyState, LoadFailedAlert, LoadingState, type Notice } from '../../ui/Feedback';
import { accountUsersQuery } from '../admin-users/api';
import { groupApi, groupKeys, groupMembersApi, groupsQuery, pickerUsers, type UserGroup } from './api';
import { CreateGroupDialog } from './CreateGroupDialog';
import './groups.css';

export async function groupsPrefetch(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(groupsQuery), queryClient.prefetchQuery(accountUsersQuery)]);
}

/**
 * /admin/groups (behind the USER_GROUPS flag): the account's user groups. Each group is edited inline with the
 * settings toolkit: its name (PUT /api/groups/{id}), its members (the user list, PUT /api/groups/{id}/members) and
 * a delete confirmation.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const groups = useQuery(groupsQuery);
  const users = useQuery(accountUsersQuery);
  const [createOpen, setCreateOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const failed = groups.isError ? groups : users.isError ? users : null;
  const newGroupButton = (
    <Button variant="primary" onPress={() => setCreateOpen(true)}>
      {t('groups.new')}
    </Button>
  );

  return (
    <div className="page groups-page">
      <title>{t('page.title', { title: t('groups.pageTitle') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('groups.heading')}</h1>
          <p className="page-header__lead">{t('groups.lead', { account: session.account.name })}</p>
        </div>
        {newGroupButton}
      </div>

      {notice ? (
        <DismissableAlert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </DismissableAlert>
      ) : null}

      {failed ? (
        <LoadFailedAlert title={t('groups.loadFailed')} error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !groups.data || !users.data ? (
        <LoadingState label={t('groups.loading')} />
      ) : groups.data.length === 0 ? (
        <EmptyState title={t('groups.emptyTitle')} action={newGroupButton}>
          {t('groups.emptyText')}
        </EmptyState>
      ) : (
        <ul className="group-list" aria-label={t('groups.listLabel', { account: session.account.name })}>
          {groups.data.map((group) => (
            <li key={group.id}>
              <GroupCard
                group={group}
                users={pickerUsers(users.data)}
                onDeleted={() => setNotice({ tone: 'success', text: t('groups.deleted', { name: group.name }) })}
              />
            </li>
          ))}
        </ul>
      )}

      <CreateGroupDialog
        isOpen={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={(group) => {
          setCreateOpen(false);
          setNotice({ tone: 'success', text: t('groups.created', { name: group.name }) });
        }}
      />
    </div>
  );
}

function GroupCard({ group, users, onDeleted }: { group: UserGroup; users: PickerUserEntry[]; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const readonly = !group.permissions.canEdit;
  // Delete lives in the card's "More actions" menu; choosing it shows the confirmation at the end of the card.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  return (
    <section className="group-card" aria-labelledby={headingId}>
      <div className="group-card__header">
        <h2 id={headingId} className="group-card__title">
          {group.name}
        </h2>
        <Badge tone={group.member_count > 0 ? 'info' : 'neutral'}>{t('groups.memberCount', { count: group.member_count })}</Badge>
        {group.permissions.canDelete ? (
          <MenuTrigger>
            <Button
              ref={moreRef}
              size="sm"
              variant="ghost"
              className="group-card__more"
              aria-label={t('groups.more', { name: group.name })}
            >
              <span aria-hidden="true">⋯</span>
            </Button>
            <Popover className="menu-popover" placement="bottom end">
              <Menu
                className="menu"
                onAction={(key) => {
                  if (key === 'delete') setConfirmingDelete(true);
                }}
              >
                <MenuItem id="delete" className="menu__item menu__item--danger">
                  {t('groups.deleteItem')}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : null}
      </div>
      <SettingsGroup>
        <TextSetting
          name="name"
          label={t('groups.name')}
          value={group.name}
          api={groupApi(group.id)}
          method="PUT"
          rules={{ required: true, maxlength: GROUP_NAME_MAX }}
          readonly={readonly}
          invalidates={[groupKeys.all]}
        />
        <UserGroupListSetting
          name="members"
          label={t('groups.members')}
          description={group.member_count === 0 ? t('groups.noMembers') : undefined}
          value={{ users: group.user_ids, groups: [] }}
          users={users}
          groups={[]}
          showGroups={false}
          api={groupMembersApi(group.id)}
          method="PUT"
          readonly={readonly}
          invalidates={[groupKeys.all]}
        />
      </SettingsGroup>
      {group.permissions.canDelete && confirmingDelete ? (
        <DeleteConfirmation
          label={t('groups.delete')}
          api={groupApi(group.id)}
          subject={group.name}
          startConfirming
          onCancel={() => {
            setConfirmingDelete(false);
            requestAnimationFrame(() => moreRef.current?.focus());
          }}
          onDeleted={() => {
            void queryClient.invalidateQueries({ queryKey: groupKeys.all });
            onDeleted();
          }}
        />
      ) : null}
    </section>
  );
}
