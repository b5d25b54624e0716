import { userChannel } from '@emblem/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWrite } from '../../lib/mutation';
import { useChannel } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { invalidateNotifications, markAllNotificationsRead, notificationKeys, notificationsQuery, unreadCountQuery } from './api';
import { NotificationList } from './NotificationList';
import './notifications.css';

/** The most notifications the centre shows; the full page lists the rest. */
const CENTRE_SIZE = 10;

/** "Mark all as read", refreshing the count and the lists. */
export function useMarkAllRead() {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: markAllNotificationsRead,
    refreshes: () => [notificationKeys.all],
    failureMessage: () => t('notifications.markFailed'),
  });
}

/**
 * The bell in the header: the unread count (asked again every minute and after each change) and, on press, the
 * notification centre in a popover: the latest notifications, "Mark all as read" and a link to the full list.
 * A `notification` message on the user's own channel refreshes them at once.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useSession().data?.user?.id;
  useChannel(userId ? userChannel(userId) : null, () => void invalidateNotifications(queryClient));
  const [open, setOpen] = useState(false);
  const count = useQuery(unreadCountQuery);
  const unread = count.data?.unread_count ?? 0;
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        className="notification-bell"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      >
        <svg className="notification-bell__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 ? (
          <span className="notification-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <Popover className="popover notification-popover" placement="bottom end">
        <Dialog className="notification-centre" aria-labelledby="notification-centre-title">
          <NotificationCentre onClose={() => setOpen(false)} unread={unread} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function NotificationCentre({ onClose, unread }: { onClose: () => void; unread: number }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(notificationsQuery(false, CENTRE_SIZE));
  const markAll = useMarkAllRead();
  const items = list.data?.pages[0]?.notifications ?? [];
  return (
    <>
      <div className="notification-centre__header">
        <Heading slot="title" id="notification-centre-title" className="notification-centre__title">
          {t('notifications.centre')}
        </Heading>
        <Button size="sm" variant="ghost" onPress={() => markAll.mutate()} isDisabled={unread === 0} isPending={markAll.busy}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {markAll.failure ? <Alert>{markAll.failure}</Alert> : null}
      {list.isError ? (
        <LoadFailedAlert title={t('notifications.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isPending ? <LoadingState label={t('notifications.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? (
        <EmptyState title={t('notifications.emptyTitle')}>{t('notifications.emptyText')}</EmptyState>
      ) : null}
      {items.length > 0 ? <NotificationList items={items} onOpen={onClose} /> : null}
      <div className="notification-centre__footer">
        <Link to="/notifications" className="notification-centre__all" onClick={onClose}>
          {t('notifications.viewAll')}
        </Link>
      </div>
    </>
  );
}
