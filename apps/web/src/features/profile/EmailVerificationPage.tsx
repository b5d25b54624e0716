import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ApiError } from '../../lib/api';
import { isSignedIn, sessionQuery, sessionQueryKey } from '../../lib/session';
import { LinkButton } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { confirmEmailVerification, profileKeys } from './api';

export type EmailVerificationResult =
  | { outcome: 'verified'; email: string; signedIn: boolean }
  | { outcome: 'failed'; message: string | null; signedIn: boolean };

/**
 * /user-email-verification?token=…: the link of a verification e-mail. Public: the
 * token is the credential. The token is sent once, when the page loads (the loader does not run again).
 */
export function emailVerificationLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<EmailVerificationResult> => {
    const session = await queryClient.ensureQueryData(sessionQuery).catch(() => undefined);
    const signedIn = isSignedIn(session);
    const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
    if (!token) return { outcome: 'failed', message: null, signedIn };
    try {
      const verified = await confirmEmailVerification(token, request.signal);
      // The address in the header and on the profile changed.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: profileKeys.info });
      return { outcome: 'verified', email: verified.email, signedIn };
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        return { outcome: 'failed', message: error.error ?? null, signedIn };
      }
      throw error;
    }
  };
}

/** A used link must not be sent again when the page revalidates. */
export const emailVerificationShouldRevalidate = () => false;

export function EmailVerificationPage() {
  const { t } = useTranslation();
  const result = useLoaderData() as EmailVerificationResult;
  const onward = result.signedIn
    ? { href: '/profile', label: t('emailVerification.toProfile') }
    : { href: '/auth', label: t('emailVerification.toSignIn') };

  return (
    <div className="auth-page">
      <title>{t('page.title', { title: t('emailVerification.pageTitle') })}</title>
      <div className="auth-card">
        {result.outcome === 'verified' ? (
          <>
            <h1 className="auth-card__title">{t('emailVerification.verifiedHeading')}</h1>
            <p className="auth-card__lead" role="status">
              {t('emailVerification.verifiedText', { email: result.email })}
            </p>
          </>
        ) : (
          <>
            <h1 className="auth-card__title">{t('emailVerification.failedHeading')}</h1>
            <Alert>{result.message ?? t('emailVerification.missingToken')}</Alert>
            <p className="auth-card__lead">{t('emailVerification.failedText')}</p>
          </>
        )}
        <LinkButton href={onward.href} variant="primary">
          {onward.label}
        </LinkButton>
      </div>
    </div>
  );
}
