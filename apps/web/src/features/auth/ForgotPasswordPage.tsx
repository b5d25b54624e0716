import { passwordResetRequestBodySchema } from '@emblem/core';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { Button, LinkButton } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { useRequestPasswordReset } from './mutations';

/** What the sign-in page hands over: the address typed there, so it need not be typed again. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * /auth/password-reset ("Forgot password?"): asks for the address and says a link is on its way. The answer is the
 * same whether or not the address has an account, so the page never says which.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [email, setEmail] = useState(() => (location.state as ForgotPasswordState | null)?.email ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = passwordResetRequestBodySchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          const minutes = error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : 60;
          setFormError(t('passwordReset.rateLimited', { count: minutes }));
        } else if (Object.keys(apiFieldErrors(error)).length > 0) setErrors(apiFieldErrors(error), formRef.current);
        else setFormError(t('passwordReset.requestFailed'));
      },
    });
  };

  return (
    <div className="auth-page">
      <title>{t('page.title', { title: t('passwordReset.requestPageTitle') })}</title>
      <div className="auth-card">
        {sentTo ? (
          <>
            <h1 className="auth-card__title">{t('passwordReset.sentHeading')}</h1>
            <p className="auth-card__lead" role="status">
              {t('passwordReset.sentText', { email: sentTo })}
            </p>
            <p className="auth-card__note">{t('passwordReset.sentHint')}</p>
            <div className="auth-card__actions">
              <LinkButton href="/auth" variant="primary">
                {t('passwordReset.backToSignIn')}
              </LinkButton>
              <Button
                variant="ghost"
                onPress={() => {
                  setSentTo(null);
                  request.reset();
                }}
              >
                {t('passwordReset.tryAgain')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <h1 className="auth-card__title">{t('passwordReset.requestHeading')}</h1>
            <p className="auth-card__lead">{t('passwordReset.requestLead')}</p>
            {formError ? <Alert>{formError}</Alert> : null}
            <Form
              ref={formRef}
              className="form"
              onSubmit={onSubmit}
              validationBehavior="aria"
              aria-label={t('passwordReset.requestHeading')}
            >
              <TextField
                label={t('passwordReset.email')}
                {...fieldProps('email', email, setEmail)}
                type="email"
                autoComplete="username"
                isRequired
                autoFocus
              />
              <Button type="submit" variant="primary" className="form__submit" isPending={request.isPending}>
                {request.isPending ? t('passwordReset.sending') : t('passwordReset.send')}
              </Button>
            </Form>
            <p className="auth-card__footer">
              <Link to="/auth">{t('passwordReset.backToSignIn')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
