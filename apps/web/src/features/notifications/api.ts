import type { NotificationPage, NotificationResponse, NotificationSettings } from '@emblem/core';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { NotificationPage, NotificationResponse, NotificationSettings } from '@emblem/core';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'unread-count'] as const,
  list: (unread: boolean) => ['notifications', 'list', { unread }] as const,
  settings: ['user', 'notification-settings'] as const,
};

/** How often the unread count is asked again while no realtime message says it changed. */
export const UNREAD_REFRESH_MS = 60_000;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.count,
  queryFn: ({ signal }) => api<{ unread_count: number }>('/api/notifications/unread-count', { signal }),
  staleTime: 0,
  refetchInterval: UNREAD_REFRESH_MS,
  retry: false,
});

/** My notifications, newest first, page by page (`cursor` is the last id of the page before). */
export function notificationsQuery(unread: boolean, pageSize = 20) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(unread),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (unread) query.set('unread', 'true');
      if (pageParam) query.set('cursor', pageParam);
      return api<NotificationPage>(`/api/notifications?${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: ({ signal }) => api<NotificationSettings>('/api/user/notification-settings', { signal }),
});

export const NOTIFICATION_SETTINGS_API = '/api/user/notification-settings';

export function markNotification(id: number, read: boolean) {
  return api<NotificationResponse>(`/api/notification/${id}/read`, { method: 'PUT', body: { read } });
}

export function markAllNotificationsRead() {
  return api<{ marked: number; unread_count: number }>('/api/notifications/read-all', { method: 'POST' });
}

/**
 * Refetches the unread count and the lists: call it when something changed them, in this tab or elsewhere (the
 * realtime hook calls it when a `notification` message arrives on the user's channel).
 */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
