import { PASSWORD_MIN_LENGTH, passwordResetConfirmBodySchema } from '@emblem/core';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { useConfirmPasswordReset } from './mutations';

/** What /auth shows after a reset: the address to sign in with. */
export interface PasswordResetNotice {
  passwordReset: { email: string };
}

/**
 * /auth/password-reset/{token}: the link of the "forgot password" e-mail. The new password follows the rules of
 * sign-up; an unknown, used or expired link is explained with the server's message and a way to ask for a new one.
 * Afterwards every session of the user has ended, and the sign-in page takes over with the address filled in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const confirm = useConfirmPasswordReset();
  const submitting = confirm.isPending || confirm.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = passwordResetConfirmBodySchema.safeParse({ token, password });
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      if (errors.token) {
        setLinkDead(true);
        setFormError(t('passwordReset.invalidLink'));
      }
      setErrors(errors, formRef.current);
      return;
    }
    if (repeat !== password) {
      setErrors({ repeat: t('passwordReset.mismatch') }, formRef.current);
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data, {
      onSuccess: (done) => {
        const state: PasswordResetNotice = { passwordReset: { email: done.email } };
        void navigate('/auth', { replace: true, state });
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors, formRef.current);
        else if (error instanceof ApiError && error.status === 400) {
          // Unknown, used or expired: the server says which and what to do.
          setLinkDead(true);
          setFormError(error.error || t('passwordReset.invalidLink'));
        } else setFormError(t('passwordReset.confirmFailed'));
      },
    });
  };

  return (
    <div className="auth-page">
      <title>{t('page.title', { title: t('passwordReset.confirmPageTitle') })}</title>
      <div className="auth-card">
        <h1 className="auth-card__title">{t('passwordReset.confirmHeading')}</h1>
        <p className="auth-card__lead">{t('passwordReset.confirmLead')}</p>
        {formError ? <Alert>{formError}</Alert> : null}
        {linkDead ? (
          <p className="auth-card__footer">
            <Link to="/auth/password-reset">{t('passwordReset.requestNew')}</Link>
          </p>
        ) : (
          <Form ref={formRef} className="form" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('passwordReset.confirmHeading')}>
            <TextField
              label={t('passwordReset.newPassword')}
              {...fieldProps('password', password, setPassword)}
              type="password"
              autoComplete="new-password"
              isRequired
              autoFocus
              minLength={PASSWORD_MIN_LENGTH}
              description={t('invitation.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            />
            <TextField
              label={t('passwordReset.repeatPassword')}
              {...fieldProps('repeat', repeat, setRepeat)}
              type="password"
              autoComplete="new-password"
              isRequired
            />
            <Button type="submit" variant="primary" className="form__submit" isPending={submitting}>
              {submitting ? t('passwordReset.saving') : t('passwordReset.save')}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
