import { type ShareLinkLookup, unlockShareLinkBodySchema } from '@emblem/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { useFormErrors, zodFieldErrors } from '../../lib/forms';
import { ErrorPage } from '../../shell/ErrorPage';
import { Button } from '../../ui/Button';
import { Alert, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { shareLookupQuery, shareVisitorKeys, unlockShareLink } from './api';
import './share-visitor.css';

/** What the pages under /share/{token} know about their link. */
export interface ShareLinkContext {
  token: string;
  link: ShareLinkLookup;
}

export function useShareLink(): ShareLinkContext {
  return useOutletContext<ShareLinkContext>();
}

/** The not-found page with the reason of routes-access-shell.md §5 under it. */
export function ShareNotFound({ reason }: { reason?: string }) {
  return <ErrorPage code="404" notice={reason ? <p className="share-visitor__reason">{reason}</p> : undefined} />;
}

/** /share without a token (routes-access-shell.md §5). */
export function ShareMissingToken() {
  const { t } = useTranslation();
  return <ShareNotFound reason={t('shareVisitor.missingToken')} />;
}

/**
 * /share/{token}/…: looks the link up once (an unknown, disabled or expired link is the not-found page, §8), asks
 * for the password while this browser has not unlocked it, then shows the page under it.
 */
export function ShareLinkLayout() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const lookup = useQuery(shareLookupQuery(token));
  if (lookup.isPending) return <LoadingState label={t('shareVisitor.loading')} />;
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) return <ShareNotFound />;
    return (
      <div className="share-visitor">
        <LoadFailedAlert title={t('shareVisitor.loadFailed')} error={lookup.error} onRetry={() => void lookup.refetch()} />
      </div>
    );
  }
  const link = lookup.data;
  if (link.is_password_protected && !link.is_unlocked) return <SharePasswordPage token={token} />;
  return (
    <div className="share-visitor">
      <Outlet context={{ token, link } satisfies ShareLinkContext} />
    </div>
  );
}

/** /share/{token}: on to the link's folder, collection or asset(s) (routes-access-shell.md §2.6), replacing the entry. */
export function ShareRedirect() {
  const { t } = useTranslation();
  const { token, link } = useShareLink();
  const base = `/share/${encodeURIComponent(token)}`;
  const payload = link.token_payload as Partial<{ set_id: number; collection_id: number; asset_ids: number[] }>;
  if (link.type === 'folder' && payload.set_id) return <Navigate to={`${base}/folders/${payload.set_id}`} replace />;
  if (link.type === 'collection' && payload.collection_id) return <Navigate to={`${base}/collections/${payload.collection_id}`} replace />;
  if (link.type === 'asset' && payload.asset_ids && payload.asset_ids.length > 0) {
    // One asset: straight to it; several: their grid.
    const [only] = payload.asset_ids;
    return <Navigate to={payload.asset_ids.length === 1 ? `${base}/assets/${only}` : `${base}/assets`} replace />;
  }
  return <ShareNotFound reason={t('shareVisitor.unknownType')} />;
}

/** The password of a locked link; on success the link's pages load (the unlock cookie is set by the answer). */
export function SharePasswordPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [throttled, setThrottled] = useState<string | null>(null);
  const { errors, setErrors, fieldProps } = useFormErrors();
  /** Throttled: "in 30 seconds", "in 5 minutes". */
  const waitText = (seconds: number): string =>
    seconds < 90
      ? t('shareVisitor.password.waitSeconds', { count: seconds })
      : t('shareVisitor.password.waitMinutes', { count: Math.ceil(seconds / 60) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setThrottled(null);
    const parsed = unlockShareLinkBodySchema.safeParse({ password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), form);
      return;
    }
    setSending(true);
    try {
      await unlockShareLink(token, parsed.data.password);
      // Everything loaded while locked is stale now; the lookup says unlocked, which shows the pages.
      await queryClient.invalidateQueries({ queryKey: shareVisitorKeys.content(token) });
      queryClient.setQueryData(shareLookupQuery(token).queryKey, (old) => (old ? { ...old, is_unlocked: true } : old));
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 429) {
        setThrottled(
          error.retryAfter
            ? t('shareVisitor.password.tooMany', { wait: waitText(error.retryAfter) })
            : t('shareVisitor.password.tooManyLater'),
        );
        return;
      }
      if (error instanceof ApiError && error.status === 404) {
        // Disabled or expired meanwhile.
        void queryClient.invalidateQueries({ queryKey: shareVisitorKeys.lookup(token) });
        return;
      }
      setErrors({ password: errorMessage(error, t('shareVisitor.password.failed')) }, form);
    }
  };

  return (
    <div className="share-visitor share-visitor--narrow">
      <title>{t('page.title', { title: t('shareVisitor.password.title') })}</title>
      <h1 className="share-visitor__title">{t('shareVisitor.password.title')}</h1>
      <p className="share-visitor__intro">{t('shareVisitor.password.intro')}</p>
      <Form className="share-password" onSubmit={submit} validationBehavior="aria">
        <TextField
          label={t('shareVisitor.password.label')}
          type="password"
          autoComplete="current-password"
          isRequired
          autoFocus
          {...fieldProps('password', password, setPassword)}
          errorMessage={errors.password}
        />
        {throttled ? <Alert>{throttled}</Alert> : null}
        <div className="share-password__actions">
          <Button type="submit" variant="primary" isPending={sending}>
            {t('shareVisitor.password.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * A failed load of a link's content: 401 (this browser's unlock ran out or the password changed) asks for the
 * password again, 404 is the not-found page (§8), anything else explains and offers a retry.
 */
export function ShareLoadError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const { token } = useShareLink();
  const queryClient = useQueryClient();
  const locked = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (locked)
      queryClient.setQueryData(shareLookupQuery(token).queryKey, (old) =>
        old ? { ...old, is_password_protected: true, is_unlocked: false } : old,
      );
  }, [locked, queryClient, token]);
  if (locked) return <LoadingState label={t('shareVisitor.loading')} />;
  if (error instanceof ApiError && error.status === 404) return <ShareNotFound />;
  return <LoadFailedAlert title={title} error={error} onRetry={onRetry} />;
}
