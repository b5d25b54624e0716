import { acceptInvitationBodySchema, PASSWORD_MIN_LENGTH } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router';
import { ApiError, api, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { Button, LinkButton } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { useAcceptInvitation } from './mutations';

interface Invitation {
  email: string;
  account_name: string;
}

type InvitationLoaderData = { invitation: Invitation } | { invitation: null };

/** GET /api/auth/invitation/{token}: an unknown, used or expired token shows an explanation, not an error page. */
export function invitationLoader(_queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<InvitationLoaderData> => {
    try {
      const invitation = await api<Invitation>(`/api/auth/invitation/${encodeURIComponent(params.token ?? '')}`, {
        signal: request.signal,
      });
      return { invitation };
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { invitation: null };
      throw error;
    }
  };
}

export function InvitationPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as InvitationLoaderData;
  const { token = '' } = useParams();

  return (
    <div className="auth-page">
      <title>{t('page.title', { title: t('invitation.pageTitle') })}</title>
      <div className="auth-card">
        {data.invitation ? (
          <AcceptInvitationForm token={token} invitation={data.invitation} />
        ) : (
          <>
            <h1 className="auth-card__title">{t('invitation.invalidHeading')}</h1>
            <p className="auth-card__lead">{t('invitation.invalidText')}</p>
            <LinkButton href="/auth" variant="primary">
              {t('invitation.goToSignIn')}
            </LinkButton>
          </>
        )}
      </div>
    </div>
  );
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors, fieldProps } = useFormErrors();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const accept = useAcceptInvitation();
  // Still busy once signed in, until the next page replaces this one.
  const submitting = accept.isPending || accept.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = acceptInvitationBodySchema.safeParse({ token, name, password });
    if (!parsed.success) {
      const fieldErrors = zodFieldErrors(parsed.error);
      if (fieldErrors.token) setFormError(t('invitation.invalidText'));
      setErrors(fieldErrors, formRef.current);
      return;
    }
    setErrors({});
    accept.mutate(parsed.data, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors, formRef.current);
        if (fieldErrors.token || (error instanceof ApiError && (error.status === 404 || error.status === 410))) {
          setFormError(t('invitation.invalidText'));
        } else if (Object.keys(fieldErrors).length === 0) setFormError(errorMessage(error, t('invitation.failed')));
      },
    });
  };

  return (
    <>
      <h1 className="auth-card__title">{t('invitation.heading', { account: invitation.account_name })}</h1>
      <p className="auth-card__lead">{t('invitation.lead', { email: invitation.email })}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <Form ref={formRef} className="form" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('invitation.formLabel')}>
        <TextField label={t('invitation.email')} name="email" type="email" value={invitation.email} isReadOnly autoComplete="username" />
        <TextField label={t('invitation.name')} {...fieldProps('name', name, setName)} autoComplete="name" isRequired />
        <TextField
          label={t('invitation.password')}
          {...fieldProps('password', password, setPassword)}
          type="password"
          autoComplete="new-password"
          isRequired
          minLength={PASSWORD_MIN_LENGTH}
          description={t('invitation.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        />
        <Button type="submit" variant="primary" className="form__submit" isPending={submitting}>
          {submitting ? t('invitation.submitting') : t('invitation.submit')}
        </Button>
      </Form>
    </>
  );
}
