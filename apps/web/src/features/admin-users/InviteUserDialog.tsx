import { ACCOUNT_ROLES, type AccountRole, inviteUserBodySchema } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useInviteUser } from './mutations';

interface Invited {
  email: string;
  url: string;
}

/**
 * POST /api/account/users/invite. No mail server is configured, so the answer's invitation link is shown with
 * a copy button for the admin to pass on.
 */
export function InviteUserDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [invited, setInvited] = useState<Invited | null>(null);
  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) setInvited(null);
  };
  return (
    <FormDialog title={invited ? t('invite.sentTitle') : t('invite.title')} isOpen={isOpen} onOpenChange={close}>
      {(onBusyChange) =>
        invited ? (
          <InvitationLink invited={invited} onAnother={() => setInvited(null)} />
        ) : (
          <InviteForm onInvited={setInvited} onBusyChange={onBusyChange} />
        )
      }
    </FormDialog>
  );
}

function InviteForm({ onInvited, onBusyChange }: { onInvited: (invited: Invited) => void; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const invite = useInviteUser();
  const { formRef, errors, clearError, fieldProps, formError, submitting, submit } = useFormSubmit(onBusyChange);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('MEMBER');

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: inviteUserBodySchema,
      values: { email, role },
      send: (data) => invite.mutateAsync(data),
      done: (answer) => onInvited({ email: answer.user.email, url: new URL(answer.invitation_url, window.location.origin).href }),
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) return fieldErrors;
        // 409: the address already belongs to someone in the account.
        if (error instanceof ApiError && error.status === 409 && error.error) return { email: error.error };
        return errorMessage(error, t('invite.failed'));
      },
    });

  const roleOptions = ACCOUNT_ROLES.map((r) => ({ id: r, label: t(`roles.${r}`) }));
  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      <p>{t('invite.text', { account: session.account.name })}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label={t('invite.email')} {...fieldProps('email', email, setEmail)} type="email" autoComplete="off" isRequired autoFocus />
      <SelectField
        label={t('invite.role')}
        name="role"
        options={roleOptions}
        value={role}
        onChange={(value) => {
          setRole(value as AccountRole);
          clearError('role');
        }}
        disabledKeys={session.account.role === 'OWNER' ? [] : ['OWNER']}
        description={t(`invite.roleHint.${role}`)}
        errorMessage={errors.role}
      />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('invite.submitting') : t('invite.submit')}
        submitting={submitting}
      />
    </Form>
  );
}

function InvitationLink({ invited, onAnother }: { invited: Invited; onAnother: () => void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(invited.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="form">
      <p>{t('invite.sentText', { email: invited.email })}</p>
      <div className="copy-row">
        <TextField label={t('invite.link')} value={invited.url} isReadOnly className="copy-row__field" />
        <Button variant="primary" onPress={() => void onCopy()} className="copy-row__button">
          {t('invite.copy')}
        </Button>
      </div>
      <p className="copy-row__status" role="status">
        {copy === 'copied' ? t('invite.copied') : copy === 'failed' ? t('invite.copyFailed') : ''}
      </p>
      <div className="dialog__actions">
        <Button onPress={onAnother}>{t('invite.another')}</Button>
        <Button slot="close" variant="primary">
          {t('common.done')}
        </Button>
      </div>
    </div>
  );
}
