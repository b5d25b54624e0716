import { loginBodySchema, safeReferer } from '@emblem/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { isSignedIn, sessionQuery } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { loginPageQuery, readLoginPage } from '../login-page/api';
import { LoginPageView, useLoginTexts } from '../login-page/LoginPageView';
import type { ForgotPasswordState } from './ForgotPasswordPage';
import { leaveTo } from './leaveTo';
import { useSignIn } from './mutations';
import type { PasswordResetNotice } from './ResetPasswordPage';

/** /auth: a visitor who is already signed in goes straight on to the referer. */
export function signInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const referer = safeReferer(new URL(request.url).searchParams.get('referer'));
    // Always ask the server: a cached session may be the one that just expired. The page's own settings (login-page
    // builder) load alongside; without them the page shows its defaults.
    const [session] = await Promise.all([
      queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }),
      queryClient.prefetchQuery({ ...loginPageQuery, staleTime: 0 }),
    ]);
    if (isSignedIn(session)) return leaveTo(referer);
    return null;
  };
}

export function SignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const referer = safeReferer(searchParams.get('referer'));
  const navigate = useAppNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  // After "forgot password": the address the new password belongs to.
  const resetFor = (useLocation().state as Partial<PasswordResetNotice> | null)?.passwordReset?.email ?? null;
  const [email, setEmail] = useState(resetFor ?? '');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();
  // Still busy once signed in, until the next page replaces this one.
  const submitting = signIn.isPending || signIn.isSuccess;
  const settings = (useQuery(loginPageQuery).data ?? readLoginPage(null)).settings;
  const texts = useLoginTexts(settings);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onSuccess: () => navigate(referer, { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) setFormError(t('signIn.invalidCredentials'));
        else if (error instanceof ApiError && error.status === 429) {
          const minutes = error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : 15;
          setFormError(t('signIn.rateLimited', { count: minutes }));
        } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
          setErrors(apiFieldErrors(error), formRef.current);
        } else setFormError(t('signIn.failed'));
      },
    });
  };

  return (
    <LoginPageView settings={settings}>
      <title>{t('page.title', { title: t('signIn.pageTitle') })}</title>
      {formError ? <Alert>{formError}</Alert> : resetFor ? <Alert tone="success">{t('signIn.passwordReset')}</Alert> : null}
      <Form ref={formRef} className="form" onSubmit={onSubmit} validationBehavior="aria" aria-label={texts.title}>
        <TextField label={t('signIn.email')} {...fieldProps('email', email, setEmail)} type="email" autoComplete="username" isRequired />
        <TextField
          label={t('signIn.password')}
          {...fieldProps('password', password, setPassword)}
          type="password"
          autoComplete="current-password"
          isRequired
          autoFocus={resetFor !== null}
        />
        <Button type="submit" variant="primary" className="form__submit login-page__submit" isPending={submitting}>
          {submitting ? t('signIn.submitting') : texts.buttonLabel}
        </Button>
      </Form>
      <p className="auth-card__footer">
        <Link to="/auth/password-reset" state={{ email: email.trim() } satisfies ForgotPasswordState}>
          {t('signIn.forgotPassword')}
        </Link>
      </p>
    </LoginPageView>
  );
}
