import { useInfiniteQuery } from '@tanstack/react-query';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { notificationsQuery } from './api';
import { useMarkAllRead } from './NotificationBell';
import { NotificationList } from './NotificationList';
import './notifications.css';

/** /notifications: all my notifications (or the unread ones, `?unread=1`), newest first, "Load more" for earlier ones. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const list = useInfiniteQuery(notificationsQuery(unreadOnly));
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread_count ?? 0;
  const title = t('notifications.pageTitle');
  return (
    <div className="page notifications-page">
      <title>{t('page.title', { title })}</title>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-header__lead">{t('notifications.pageLead')}</p>
        </div>
      </div>
      <div className="notifications-page__toolbar">
        <RadioGroup
          className="notifications-page__filter"
          orientation="horizontal"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => setParams(value === 'unread' ? { unread: '1' } : {}, { replace: true })}
        >
          <Label className="notifications-page__filter-label">{t('notifications.filter')}</Label>
          <Radio value="all" className="segmented__option">
            {t('notifications.filterAll')}
          </Radio>
          <Radio value="unread" className="segmented__option">
            {t('notifications.filterUnread')}
          </Radio>
        </RadioGroup>
        <Button size="sm" onPress={() => markAll.mutate()} isDisabled={unread === 0} isPending={markAll.busy}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {markAll.failure ? <Alert>{markAll.failure}</Alert> : null}
      {list.isError ? (
        <LoadFailedAlert title={t('notifications.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isPending ? <LoadingState label={t('notifications.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? (
        <EmptyState title={t('notifications.emptyTitle')}>
          {unreadOnly ? t('notifications.emptyUnreadText') : t('notifications.emptyText')}
        </EmptyState>
      ) : null}
      {items.length > 0 ? <NotificationList items={items} withToggle /> : null}
      {list.hasNextPage ? (
        <div className="notifications-page__more">
          <Button onPress={() => void list.fetchNextPage()} isPending={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? t('notifications.loadingMore') : t('notifications.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
