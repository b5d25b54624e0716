import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { Button } from './Button';

/** An inline message. `error` is announced immediately (role=alert); the others politely (role=status). */
export function Alert({
  tone = 'error',
  children,
  title,
}: {
  tone?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  title?: ReactNode;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      <div className="alert__body">{children}</div>
    </div>
  );
}

/** A data load that failed: its title, the server's reason (or "try again later") and, with `onRetry`, a retry button. */
export function LoadFailedAlert({ title, error, onRetry }: { title: ReactNode; error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert title={title}>
      <p>{errorMessage(error, t('common.tryAgainLater'))}</p>
      {onRetry ? (
        <Button size="sm" onPress={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}

/** The outcome of an action on a page, shown until the next action or until it is dismissed. */
export type Notice = { tone: 'success' | 'error'; text: string };

/** An alert with a Dismiss button beside it. */
export function DismissableAlert({
  tone = 'error',
  children,
  onDismiss,
}: {
  tone?: 'error' | 'success';
  children: ReactNode;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="dismissable-alert">
      <Alert tone={tone}>{children}</Alert>
      <Button size="sm" variant="ghost" onPress={onDismiss}>
        {t('common.dismiss')}
      </Button>
    </div>
  );
}

/** What to do when a list is empty. */
export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children ? <p className="empty-state__text">{children}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}

/** A busy placeholder while data loads. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  children: ReactNode;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
