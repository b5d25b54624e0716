import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, LoadFailedAlert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { type Portal, portalAddress, portalTokenQuery } from './api';
import { useRegeneratePortalToken } from './mutations';

/**
 * A portal's public address (editors only). It is copied only while the portal is public, since the address opens
 * nothing otherwise; a new address can be made at any time, after a confirmation, and the old one stops working.
 */
export function PortalLink({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const isPublic = portal.visibility === 'PUBLIC';
  const token = useQuery({ ...portalTokenQuery(portal.id), enabled: isPublic });
  const regenerate = useRegeneratePortalToken(portal);
  const [confirming, setConfirming] = useState(false);
  // What the last action did, announced politely (copied, copy failed, new link).
  const [status, setStatus] = useState<{ text: string; failed?: boolean }>({ text: '' });
  const address = token.data ? portalAddress(token.data.token) : null;

  const copy = async () => {
    if (!address) return;
    setStatus({ text: '' });
    try {
      await navigator.clipboard.writeText(address);
      setStatus({ text: t('guidelines.copied') });
    } catch {
      setStatus({ text: t('guidelines.copyFailed'), failed: true });
    }
  };

  const confirmRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setStatus({ text: t('guidelines.regenerated') });
      },
    });

  return (
    <div className="portal-link">
      {!isPublic ? (
        <p className="portal-link__hint">{t('guidelines.publicLinkHint')}</p>
      ) : token.isError ? (
        <LoadFailedAlert title={t('guidelines.publicLinkFailed')} error={token.error} onRetry={() => void token.refetch()} />
      ) : !address ? (
        <p className="portal-link__hint">{t('guidelines.publicLinkLoading')}</p>
      ) : (
        <div className="portal-link__row">
          <TextField label={t('guidelines.publicLink')} value={address} isReadOnly className="portal-link__field" />
          <Button variant="primary" onPress={() => void copy()}>
            {t('guidelines.copy')}
          </Button>
        </div>
      )}
      <div className="portal-link__actions">
        <Button size="sm" onPress={() => setConfirming(true)}>
          {t('guidelines.regenerate')}
        </Button>
        <p className={status.failed ? 'portal-link__status portal-link__status--failed' : 'portal-link__status'} role="status">
          {status.text}
        </p>
      </div>
      <AppDialog
        title={t('guidelines.regenerateTitle', { title: portal.title })}
        isOpen={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) regenerate.clearFailure();
        }}
        role="alertdialog"
        isDismissable={!regenerate.busy}
        size="sm"
      >
        <p>{t('guidelines.regenerateText')}</p>
        {regenerate.failure ? <Alert>{regenerate.failure}</Alert> : null}
        <ConfirmDialogActions
          cancelLabel={t('common.cancel')}
          confirmLabel={regenerate.busy ? t('guidelines.regenerating') : t('guidelines.regenerateConfirm')}
          busy={regenerate.busy}
          onConfirm={confirmRegenerate}
        />
      </AppDialog>
    </div>
  );
}
