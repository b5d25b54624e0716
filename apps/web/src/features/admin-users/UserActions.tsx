import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import type { AccountUser, InvitedUser } from './api';
import { useRemoveUser, useResendInvitation, useRevokeInvitation } from './mutations';

/** What the page shows after an action: a notice above the table, or the outcome of a resend whose e-mail failed. */
export interface ActionOutcome {
  notice?: { tone: 'success' | 'error'; text: string };
  resent?: InvitedUser;
}

/**
 * The actions menu of a row: an invited person's invitation is resent or revoked and their groups chosen; an active
 * member is removed. Resend acts at once (it only renews the link); revoke and remove ask first, in their own dialog.
 */
export function UserActions({
  user,
  onOutcome,
  onRemove,
  onRevoke,
  onGroups,
}: {
  user: AccountUser;
  onOutcome: (outcome: ActionOutcome) => void;
  onRemove: () => void;
  onRevoke: () => void;
  /** With user groups on: choose the groups of an invited person. */
  onGroups?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = user.name || user.email;
  const resend = useResendInvitation(user);
  const invited = user.status === 'invited';

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer.email_sent) onOutcome({ resent: answer });
        else {
          const date = formatDate(answer.expires_at, i18n.language, 'long');
          onOutcome({ notice: { tone: 'success', text: t('adminUsers.resent', { email: user.email, date }) } });
        }
      },
      onError: (error) =>
        onOutcome({
          notice: {
            tone: 'error',
            text: t('adminUsers.resendFailed', { email: user.email, reason: errorMessage(error, t('common.tryAgainLater')) }),
          },
        }),
    });

  return (
    <MenuTrigger>
      <Button size="sm" variant="ghost" aria-label={t('adminUsers.actionsFor', { name })} isPending={resend.isPending}>
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === 'resend') onResend();
            if (key === 'revoke') onRevoke();
            if (key === 'remove') onRemove();
            if (key === 'groups') onGroups?.();
          }}
        >
          {invited ? (
            <>
              <MenuItem id="resend" className="menu__item">
                {t('adminUsers.resend')}
              </MenuItem>
              {onGroups ? (
                <MenuItem id="groups" className="menu__item">
                  {t('adminUsers.groups')}
                </MenuItem>
              ) : null}
              <MenuItem id="revoke" className="menu__item menu__item--danger">
                {t('adminUsers.revoke')}
              </MenuItem>
            </>
          ) : (
            <MenuItem id="remove" className="menu__item menu__item--danger">
              {t('adminUsers.remove')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Confirms DELETE /api/account/users/{id}/invitation. */
export function RevokeInvitationDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation(user);
  return (
    <AppDialog
      title={t('adminUsers.revokeTitle', { email: user.email })}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      isDismissable={!revoke.isPending}
      size="sm"
    >
      <p>{t('adminUsers.revokeText', { email: user.email })}</p>
      {revoke.isError ? <Alert>{errorMessage(revoke.error, t('adminUsers.revokeFailed'))}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={revoke.isPending ? t('adminUsers.revoking') : t('adminUsers.revokeConfirm')}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined, { onSuccess: onClose })}
      />
    </AppDialog>
  );
}

/** Confirms DELETE /api/account/users/{id}. */
export function RemoveUserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
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
      <p>{t('adminUsers.removeText', { account: session.account.name })}</p>
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
