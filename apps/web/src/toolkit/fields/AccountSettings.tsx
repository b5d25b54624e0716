import { TOOLKIT_DELAYS } from '@emblem/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Alert, Badge } from '../../ui/Feedback';
import { serverMessage } from '../setting/messages';
import { FieldMessage, SettingFrame } from '../setting/Setting';
import type { SaveMethod, SaveReply } from '../setting/save';
import { useSetting } from '../setting/useSetting';
import { useToolkitWrite } from '../setting/useToolkitWrite';

// ---------------------------------------------------------------------------------------------------------
// Password

export interface PasswordValue {
  password: string;
  password_new: string;
}

export interface PasswordSettingProps {
  label: string;
  api?: string | null;
  method?: SaveMethod;
  minLength?: number;
  onSaved?: () => void;
}

/**
 * The errors of a refused password change: `error` goes under the current password (which is cleared),
 * error_types[0].message under the new one.
 */
export function passwordErrors(reply: SaveReply): Record<string, string> {
  const messages: Record<string, string> = { ...reply.errors };
  const body = (reply.body ?? {}) as { error_types?: { message?: string }[] };
  const typed = body.error_types?.[0]?.message;
  if (typed) messages.password_new = typed;
  if (reply.error && !messages.password) messages.password = reply.error;
  return messages;
}

/** The two inputs of the password form: the current password, then the new one. */
const PASSWORD_FIELDS = [
  { field: 'password', suffix: 'old', labelKey: 'toolkit.password.current', autoComplete: 'current-password' },
  { field: 'password_new', suffix: 'new', labelKey: 'toolkit.password.new', autoComplete: 'new-password' },
] as const;

/** Password: current and new password; sent as password and password_new. */
export function PasswordSetting({ label, api, method, minLength = 10, onSaved }: PasswordSettingProps) {
  const { t } = useTranslation();
  const id = useId();
  const empty: PasswordValue = { password: '', password_new: '' };
  const refusedRef = useRef(false);
  const setting = useSetting<PasswordValue>({
    name: 'password',
    value: empty,
    api,
    method,
    mode: 'direct',
    serialise: (v) => ({ password: v.password, password_new: v.password_new }),
    // A password change is always sent when submitted (the same pair may be entered again).
    equals: () => false,
    fieldRules: { password: { required: true }, password_new: { required: true, minlength: minLength } },
    readErrors: (reply) => {
      refusedRef.current = true;
      return passwordErrors(reply);
    },
    onSaved: () => onSaved?.(),
  });
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    refusedRef.current = false;
    const ok = await setting.commit('submit');
    if (ok) {
      setting.setDraft(empty);
      setDone(true);
    } else if (refusedRef.current) {
      // The server's error shows under the current password, which is cleared.
      setting.setDraft((current) => ({ ...current, password: '' }));
    }
  };
  return (
    <SettingFrame setting={setting} label={label} editorFields={['password', 'password_new']}>
      <form className="form composite composite--stack" onSubmit={(e) => void submit(e)} noValidate>
        {PASSWORD_FIELDS.map(({ field, suffix, labelKey, autoComplete }) => (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={`${id}-${suffix}`}>
              {t(labelKey)}
            </label>
            <input
              id={`${id}-${suffix}`}
              className="field__input"
              type="password"
              autoComplete={autoComplete}
              value={setting.draft[field]}
              onChange={(e) => setting.setDraft({ ...setting.draft, [field]: e.target.value })}
              {...setting.fieldProps(field)}
            />
            <FieldMessage setting={setting} field={field} />
          </div>
        ))}
        <div>
          <Button type="submit" variant="primary" isPending={setting.saving}>
            {t('toolkit.password.submit')}
          </Button>
        </div>
        {done ? <Alert tone="success">{t('toolkit.password.changed')}</Alert> : null}
      </form>
    </SettingFrame>
  );
}

// ---------------------------------------------------------------------------------------------------------
// E-mail change

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
      <form className="form form--inline" onSubmit={(e) => void change(e)}>
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

// ---------------------------------------------------------------------------------------------------------
// Delete confirmation

export interface DeleteFailure {
  message: string;
  link?: { url: string; text: string };
}

export interface DeleteConfirmationProps {
  label: string;
  /** DELETE here. */
  api: string;
  /** What is deleted, for the confirmation text. */
  subject: string;
  onDeleted?: () => void;
  /** The server answered that the item is referenced by blocks (delete-with-block-references dialog). */
  onReferenced?: (reply: unknown) => void;
}

/** Reads error_message or error, with an optional link {url, text}, from a refused delete. */
export function deleteFailure(body: unknown, fallback: string): DeleteFailure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    error_message?: string;
    error?: string;
    link?: { url?: string; text?: string };
  };
  const message = b.error_message ?? b.error ?? fallback;
  const link = b.link?.url && b.link.text ? { url: b.link.url, text: b.link.text } : undefined;
  return link ? { message, link } : { message };
}

/**
 * Delete confirmation: a button, then a confirmation with delete and cancel; a failure shows an error
 * panel. After success the row fades out (200 ms after a 190 ms delay) before onDeleted.
 */
export function DeleteConfirmation({ label, api, subject, onDeleted, onReferenced }: DeleteConfirmationProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'button' | 'confirm' | 'deleted'>('button');
  const [failure, setFailure] = useState<DeleteFailure | null>(null);
  const deleteWrite = useToolkitWrite(setFailure);
  /** The confirmation shows "deleting" while the DELETE runs. */
  const shownStep = step === 'confirm' && deleteWrite.busy ? 'deleting' : step;
  const confirmRef = useRef<HTMLFieldSetElement>(null);
  const run = async () => {
    setFailure(null);
    await deleteWrite.run(
      async () => {
        const body = await request<unknown>(api, { method: 'DELETE' });
        const reply = (body ?? {}) as { success?: boolean; referenced?: unknown };
        if (reply.referenced) {
          setStep('button');
          onReferenced?.(body);
          return;
        }
        if (reply.success === false) throw new ApiError(200, JSON.stringify(body));
        setStep('deleted');
        setTimeout(() => onDeleted?.(), TOOLKIT_DELAYS.deleteAnimationDelay + TOOLKIT_DELAYS.deleteAnimation);
      },
      (error) => {
        let body: unknown = null;
        if (error instanceof ApiError) {
          try {
            body = JSON.parse(error.body);
          } catch {
            body = null;
          }
        }
        setStep('confirm');
        return deleteFailure(body, t('toolkit.delete.failed'));
      },
    );
  };
  return (
    <div className="delete-confirmation" data-step={shownStep}>
      {step === 'button' ? (
        <Button
          variant="danger"
          onPress={() => {
            setStep('confirm');
            requestAnimationFrame(() => confirmRef.current?.querySelector<HTMLElement>('button')?.focus());
          }}
        >
          {label}
        </Button>
      ) : step === 'deleted' ? (
        <p role="status">{t('toolkit.delete.done', { subject })}</p>
      ) : (
        <fieldset ref={confirmRef} className="delete-confirmation__confirm">
          <legend className="delete-confirmation__question">{t('toolkit.delete.question', { subject })}</legend>
          <div className="dialog__actions">
            <Button onPress={() => setStep('button')} isDisabled={shownStep === 'deleting'}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onPress={() => void run()} isPending={shownStep === 'deleting'}>
              {t('toolkit.delete.confirm')}
            </Button>
          </div>
        </fieldset>
      )}
      {failure ? (
        <Alert title={t('toolkit.delete.failedTitle')}>
          <p>{failure.message}</p>
          {failure.link ? <a href={failure.link.url}>{failure.link.text}</a> : null}
        </Alert>
      ) : null}
    </div>
  );
}
