import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Badge } from '../../ui/Feedback';
import { serverMessage } from '../setting/messages';
import type { SaveMethod } from '../setting/save';
import { useToolkitWrite } from '../setting/useToolkitWrite';

export interface EmailChangeSettingProps {
  label: string;
  email: string;
  /** When the address was verified; null shows the verify button. */
  verifiedAt: string | null;
  /** Where the change goes ({email}); the server answers success. */
  api: string;
  method?: SaveMethod;
  /** Where a verification e-mail is requested, e.g. POST /api/user/{id}/email-verification. */
  verifyApi: string;
  onChanged?: (email: string) => void;
}

type EmailDialog = 'changed' | 'verify' | 'error' | null;

/**
 * E-mail change: submit is disabled while the value is unchanged; a verified badge or a verify button;
 * success opens the confirm-changed-email-address dialog, a verification request the verify-your-user-email
 * dialog; any failure the general-error dialog, and the form resets.
 */
export function EmailChangeSetting({ label, email, verifiedAt, api, method = 'POST', verifyApi, onChanged }: EmailChangeSettingProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState(email);
  const [value, setValue] = useState(email);
  const [dialog, setDialog] = useState<EmailDialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changeWrite = useToolkitWrite(setFailure);
  const verifyWrite = useToolkitWrite(setFailure);
  const unchanged = value.trim() === saved;

  /** Any failure resets the form and opens the general-error dialog with the server's message, if it sent one. */
  const fail = (error: unknown) => {
    setValue(saved);
    setDialog('error');
    return error instanceof ApiError && error.error ? serverMessage(t, i18n, error.error) : null;
  };

  const change = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    await changeWrite.run(async () => {
      const body = await request<{ success?: boolean; error?: string }>(api, {
        method,
        body: { email: value.trim(), i18n: i18n.language },
      });
      if (body && body.success === false) throw new ApiError(200, JSON.stringify(body));
      setSaved(value.trim());
      setDialog('changed');
      onChanged?.(value.trim());
    }, fail);
  };

  const verify = async () => {
    await verifyWrite.run(async () => {
      // The address shown is the one to verify (the current one, or a change waiting for its link).
      const body = await request<{ success?: boolean }>(verifyApi, { method: 'POST', body: { email: saved, i18n: i18n.language } });
      if (body && body.success === false) throw new ApiError(200, JSON.stringify(body));
      setDialog('verify');
    }, fail);
  };

  return (
    <section className="setting setting--email" data-label={label} aria-labelledby={`${id}-label`}>
      <div className="setting__header">
        <span id={`${id}-label`} className="setting__label">
          {label}
        </span>
        {verifiedAt && saved === email ? (
          <Badge tone="success">{t('toolkit.email.verified')}</Badge>
        ) : (
          <Button size="sm" onPress={() => void verify()} isPending={verifyWrite.busy}>
            {t('toolkit.email.verify')}
          </Button>
        )}
      </div>
      <form className="setting__row" onSubmit={(e) => void change(e)}>
        <input
          className="field__input"
          type="email"
          aria-labelledby={`${id}-label`}
          autoComplete="email"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="primary" isDisabled={unchanged} isPending={changeWrite.busy}>
          {t('toolkit.email.change')}
        </Button>
      </form>
      <AppDialog title={t('toolkit.email.changedTitle')} isOpen={dialog === 'changed'} onOpenChange={() => setDialog(null)} size="sm">
        <p>{t('toolkit.email.changedText', { email: saved })}</p>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
      <AppDialog title={t('toolkit.email.verifyTitle')} isOpen={dialog === 'verify'} onOpenChange={() => setDialog(null)} size="sm">
        <p>{t('toolkit.email.verifyText', { email: saved })}</p>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
      <AppDialog
        title={t('toolkit.email.errorTitle')}
        isOpen={dialog === 'error'}
        onOpenChange={() => setDialog(null)}
        size="sm"
        role="alertdialog"
      >
        <p>{failure ?? t('common.tryAgainLater')}</p>
        <DialogCloseActions>{t('common.dismiss')}</DialogCloseActions>
      </AppDialog>
    </section>
  );
}
