import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { InvitedUser } from './api';

/** The dialog title for an invitation's outcome. */
export function invitationResultTitle(t: TFunction, invited: InvitedUser): string {
  if (!invited.invitation_url) return t('invite.addedTitle');
  return invited.email_sent ? t('invite.sentTitle') : t('invite.notSentTitle');
}

/**
 * What happened to an invitation (new or resent): mailed until a date, or the e-mail failed; or the person already
 * had an Emblem account and was added at once. The link can be copied to pass it on by hand.
 */
export function InvitationResult({ invited, onAnother }: { invited: InvitedUser; onAnother?: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSignedInSession();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const email = invited.user.email;
  const url = invited.invitation_url;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '');
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="form">
      {!url ? (
        <p>{t('invite.addedText', { email, account: session.account.name })}</p>
      ) : invited.email_sent ? (
        <p>{t('invite.sentText', { email, date: formatDate(invited.expires_at, i18n.language, 'long') })}</p>
      ) : (
        <Alert tone="warning">{t('invite.notSentText', { email })}</Alert>
      )}
      {url ? (
        <>
          <div className="copy-row">
            <TextField label={t('invite.link')} value={url} isReadOnly className="copy-row__field" />
            <Button variant={invited.email_sent ? 'secondary' : 'primary'} onPress={() => void onCopy()} className="copy-row__button">
              {t('invite.copy')}
            </Button>
          </div>
          <p className="copy-row__status" role="status">
            {copy === 'copied' ? t('invite.copied') : copy === 'failed' ? t('invite.copyFailed') : ''}
          </p>
        </>
      ) : null}
      <div className="dialog__actions">
        {onAnother ? <Button onPress={onAnother}>{t('invite.another')}</Button> : null}
        <Button slot="close" variant="primary">
          {t('common.done')}
        </Button>
      </div>
    </div>
  );
}
