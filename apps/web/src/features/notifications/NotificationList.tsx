import type { NotificationResponse } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { markNotification, notificationKeys } from './api';

/** One notification in words, from i18n keys: "Ada mentioned you on Logo". */
export function useNotificationText() {
  const { t } = useTranslation();
  return (n: NotificationResponse) => {
    const answer = typeof n.data.decision === 'string' ? n.data.decision : typeof n.data.vote === 'string' ? n.data.vote : null;
    // Review notifications say more when they can: a reset asks again, a vote or a result names the answer.
    const key =
      n.type === 'review_request' && n.data.revision !== undefined
        ? 'review_again'
        : n.type === 'review_decision' && answer
          ? typeof n.data.decision === 'string'
            ? 'review_result'
            : 'review_vote'
          : n.type;
    return t(`notifications.text.${key}`, {
      actor: n.actor?.name || t('notifications.someone'),
      asset: n.asset?.title ?? t('notifications.anAsset'),
      answer: answer ? t(`notifications.answers.${answer}`, { defaultValue: answer }) : '',
    });
  };
}

/** Marks a notification read or unread and refreshes the count and lists. */
export function useMarkNotification() {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => markNotification(id, read),
    refreshes: () => [notificationKeys.all],
    failureMessage: () => t('notifications.markFailed'),
  });
}

/**
 * Notifications as a list: unread ones marked (a dot and the word for screen readers); each opens its asset and
 * is marked read on the way. `withToggle` adds a read/unread button to each (the full page).
 */
export function NotificationList({
  items,
  onOpen,
  withToggle = false,
}: {
  items: NotificationResponse[];
  onOpen?: () => void;
  withToggle?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = useNotificationText();
  const mark = useMarkNotification();
  return (
    <>
      {mark.failure ? <Alert>{mark.failure}</Alert> : null}
      <ul className="notification-list">
        {items.map((n) => {
          const unread = n.read_at === null;
          const body = (
            <>
              <span className="notification-item__text">{text(n)}</span>
              <span className="notification-item__meta">
                {n.project ? `${n.project.name} · ` : ''}
                <time dateTime={n.created_at}>{formatDate(n.created_at, i18n.language)}</time>
              </span>
            </>
          );
          return (
            <li key={n.id} className={unread ? 'notification-item notification-item--unread' : 'notification-item'}>
              <span className="notification-item__dot" aria-hidden="true" />
              {unread ? <span className="visually-hidden">{t('notifications.unread')}: </span> : null}
              {n.link ? (
                <Link
                  to={n.link}
                  className="notification-item__link"
                  onClick={() => {
                    if (unread) mark.mutate({ id: n.id, read: true });
                    onOpen?.();
                  }}
                >
                  {body}
                </Link>
              ) : (
                <span className="notification-item__link">{body}</span>
              )}
              {withToggle ? (
                <Button size="sm" variant="ghost" onPress={() => mark.mutate({ id: n.id, read: unread })} isDisabled={mark.busy}>
                  {unread ? t('notifications.markRead') : t('notifications.markUnread')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
