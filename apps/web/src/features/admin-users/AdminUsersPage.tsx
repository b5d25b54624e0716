import { ACCOUNT_ROLES, type AccountRole } from '@emblem/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { Avatar } from '../../toolkit';
import { Button } from '../../ui/Button';
import { AppDialog } from '../../ui/Dialog';
import { Badge, DismissableAlert, EmptyState, LoadFailedAlert, LoadingState, type Notice } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { type AccountUser, accountUsersQuery, type InvitedUser } from './api';
import { InvitationResult, invitationResultTitle } from './InvitationResult';
import { InviteUserDialog } from './InviteUserDialog';
import { useChangeUserRole } from './mutations';
import { type ActionOutcome, RemoveUserDialog, RevokeInvitationDialog, UserActions } from './UserActions';
import { UserGroupsDialog } from './UserGroupsDialog';

export async function adminUsersPrefetch(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(accountUsersQuery);
}

/**
 * /admin/users: the account's people, their roles and invitations. A pending invitation shows until when its link
 * works; its menu resends it (a new link and expiry, mailed) or revokes it.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const users = useQuery(accountUsersQuery);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const [revoking, setRevoking] = useState<AccountUser | null>(null);
  const [resent, setResent] = useState<InvitedUser | null>(null);
  const [grouping, setGrouping] = useState<AccountUser | null>(null);
  const groupsOn = session.account.feature_flags.includes('USER_GROUPS');
  const onOutcome = (outcome: ActionOutcome) => {
    setNotice(outcome.notice ?? null);
    setResent(outcome.resent ?? null);
  };
  const onFailure = (message: string | null) => setNotice(message ? { tone: 'error', text: message } : null);

  return (
    <div className="page">
      <title>{t('page.title', { title: t('adminUsers.pageTitle') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('adminUsers.heading')}</h1>
          <p className="page-header__lead">{t('adminUsers.lead', { account: session.account.name })}</p>
        </div>
        <Button variant="primary" onPress={() => setInviteOpen(true)}>
          {t('adminUsers.invite')}
        </Button>
      </div>

      {notice ? (
        <DismissableAlert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </DismissableAlert>
      ) : null}

      {users.isPending ? <LoadingState label={t('adminUsers.loading')} /> : null}
      {users.isError ? (
        <LoadFailedAlert title={t('adminUsers.loadFailed')} error={users.error} onRetry={() => void users.refetch()} />
      ) : null}
      {users.data?.length === 0 ? <EmptyState title={t('adminUsers.emptyTitle')}>{t('adminUsers.emptyText')}</EmptyState> : null}
      {users.data && users.data.length > 0 ? (
        <table className="data-table">
          <caption className="visually-hidden">{t('adminUsers.tableCaption', { account: session.account.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminUsers.columns.name')}</th>
              <th scope="col">{t('adminUsers.columns.email')}</th>
              <th scope="col">{t('adminUsers.columns.role')}</th>
              <th scope="col">{t('adminUsers.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('adminUsers.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onFailure={onFailure}
                onOutcome={onOutcome}
                onRemove={() => setRemoving(user)}
                onRevoke={() => setRevoking(user)}
                onGroups={groupsOn ? () => setGrouping(user) : undefined}
              />
            ))}
          </tbody>
        </table>
      ) : null}

      <InviteUserDialog isOpen={inviteOpen} onOpenChange={setInviteOpen} />
      {removing ? <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} /> : null}
      {revoking ? <RevokeInvitationDialog user={revoking} onClose={() => setRevoking(null)} /> : null}
      {grouping ? (
        <UserGroupsDialog
          user={grouping}
          onClose={() => setGrouping(null)}
          onSaved={() => {
            setNotice({ tone: 'success', text: t('adminUsers.groupsSaved', { email: grouping.email }) });
            setGrouping(null);
          }}
        />
      ) : null}
      {resent ? (
        <AppDialog
          title={invitationResultTitle(t, resent)}
          isOpen
          onOpenChange={(open) => {
            if (!open) setResent(null);
          }}
        >
          <InvitationResult invited={resent} />
        </AppDialog>
      ) : null}
    </div>
  );
}

function UserRow({
  user,
  onFailure,
  onOutcome,
  onRemove,
  onRevoke,
  onGroups,
}: {
  user: AccountUser;
  onFailure: (message: string | null) => void;
  onOutcome: (outcome: ActionOutcome) => void;
  onRemove: () => void;
  onRevoke: () => void;
  onGroups?: () => void;
}) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const isSelf = user.id === session.user.id;
  const viewerIsOwner = session.account.role === 'OWNER';
  const name = user.name || user.email;

  const role = useChangeUserRole(user, { isSelf, onFailure });

  const roleOptions = ACCOUNT_ROLES.map((r) => ({ id: r, label: t(`roles.${r}`) }));
  // Only owners grant or take the owner role (the server enforces it; the UI does not offer it).
  const canEditRole = viewerIsOwner || user.role !== 'OWNER';
  const shownRole = role.isPending && role.variables ? role.variables : user.role;

  return (
    <tr>
      <td data-label={t('adminUsers.columns.name')}>
        <span className="user-cell">
          <span aria-hidden="true">
            <Avatar name={name} imageUrl={user.avatar} userId={user.id} size={28} />
          </span>
          <span>
            {name}
            {isSelf ? <span className="muted"> {t('adminUsers.you')}</span> : null}
          </span>
        </span>
      </td>
      <td data-label={t('adminUsers.columns.email')} className="data-table__email">
        {user.email}
      </td>
      <td data-label={t('adminUsers.columns.role')}>
        <SelectField
          label={t('adminUsers.roleOf', { name })}
          hideLabel
          className="field--compact"
          options={roleOptions}
          value={shownRole}
          disabledKeys={viewerIsOwner ? [] : ['OWNER']}
          isDisabled={!canEditRole || role.isPending}
          onChange={(value) => {
            if (value !== user.role) role.mutate(value as AccountRole);
          }}
        />
      </td>
      <td data-label={t('adminUsers.columns.status')}>
        <UserStatus user={user} />
      </td>
      <td className="data-table__actions">
        {isSelf ? null : <UserActions user={user} onOutcome={onOutcome} onRemove={onRemove} onRevoke={onRevoke} onGroups={onGroups} />}
      </td>
    </tr>
  );
}

/** Active, or invited with the date the link stops (or stopped) working. */
function UserStatus({ user }: { user: AccountUser }) {
  const { t, i18n } = useTranslation();
  if (user.status === 'active') return <Badge tone="success">{t('adminUsers.status.active')}</Badge>;
  const invitation = user.invitation;
  const date = invitation ? formatDate(invitation.expires_at, i18n.language) : null;
  return (
    <span className="invitation-status">
      <Badge tone={invitation?.expired ? 'warning' : 'info'}>
        {invitation?.expired ? t('adminUsers.status.expired') : t('adminUsers.status.invited')}
      </Badge>
      {date ? (
        <span className="invitation-status__expiry">
          {invitation?.expired ? t('adminUsers.expiredOn', { date }) : t('adminUsers.expiresOn', { date })}
        </span>
      ) : null}
    </span>
  );
}
