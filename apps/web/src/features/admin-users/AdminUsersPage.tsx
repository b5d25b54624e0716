import { ACCOUNT_ROLES, type AccountRole } from '@emblem/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useSignedInSession } from '../../lib/session';
import { Avatar } from '../../toolkit';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, Badge, DismissableAlert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { type AccountUser, accountUsersQuery } from './api';
import { InviteUserDialog } from './InviteUserDialog';
import { useChangeUserRole, useRemoveUser } from './mutations';

export async function adminUsersPrefetch(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(accountUsersQuery);
}

/** /admin/users: the account's people, their roles and invitations. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const users = useQuery(accountUsersQuery);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);

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

      {failure ? <DismissableAlert onDismiss={() => setFailure(null)}>{failure}</DismissableAlert> : null}

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
              <UserRow key={user.id} user={user} onFailure={setFailure} onRemove={() => setRemoving(user)} />
            ))}
          </tbody>
        </table>
      ) : null}

      <InviteUserDialog isOpen={inviteOpen} onOpenChange={setInviteOpen} />
      {removing ? <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

function UserRow({ user, onFailure, onRemove }: { user: AccountUser; onFailure: (message: string | null) => void; onRemove: () => void }) {
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
        <Badge tone={user.status === 'active' ? 'success' : 'info'}>{t(`adminUsers.status.${user.status}`)}</Badge>
      </td>
      <td className="data-table__actions">
        {isSelf ? null : (
          <Button
            size="sm"
            variant="ghost"
            className="button--danger-text"
            aria-label={t('adminUsers.removeUser', { name })}
            onPress={onRemove}
          >
            {t('adminUsers.remove')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function RemoveUserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const name = user.name || user.email;
  const remove = useRemoveUser(user);

  return (
    <AppDialog
      title={t('adminUsers.removeTitle', { name })}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      isDismissable={!remove.isPending}
      size="sm"
    >
      <p>
        {user.status === 'invited'
          ? t('adminUsers.removeInvitedText', { email: user.email })
          : t('adminUsers.removeText', { account: session.account.name })}
      </p>
      {remove.isError ? <Alert>{errorMessage(remove.error, t('adminUsers.removeFailed'))}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.isPending ? t('adminUsers.removing') : t('adminUsers.removeConfirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      />
    </AppDialog>
  );
}
