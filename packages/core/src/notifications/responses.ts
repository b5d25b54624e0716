import type { NotificationSwitches, NotificationType } from './schemas.js';

/**
 * One notification as the API answers it. The web app writes its text from `type`, `actor.name`, `asset.title`
 * and `data` (i18n keys); `asset` and `project` are null when the recipient can no longer see them.
 */
export interface NotificationResponse {
  id: number;
  type: NotificationType;
  created_at: string;
  read_at: string | null;
  actor: { id: number; name: string | null } | null;
  project: { id: number; name: string; brand_id: number } | null;
  asset: { id: number; title: string } | null;
  comment_id: number | null;
  request_id: number | null;
  data: Record<string, unknown>;
  /** Where the web app opens it (the asset viewer), or null when there is nothing the recipient can open. */
  link: string | null;
}

/** GET /api/notifications: a page, newest first; `next_cursor` null after the last. */
export interface NotificationPage {
  notifications: NotificationResponse[];
  next_cursor: string | null;
  unread_count: number;
}

/** GET/PUT /api/user/notification-settings: every type with its two switches. */
export type NotificationSettings = Record<NotificationType, NotificationSwitches>;
