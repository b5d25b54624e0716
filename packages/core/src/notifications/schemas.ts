import { z } from 'zod';
import { booleanQuery } from '../shared/fields.js';
import { toolkitSaveShape } from '../toolkit/saves.js';

/** Request schemas of notifications (issue 15 §5; decision 0050). */

/** What a notification can be about; each type is switched on or off per user, in the app and by e-mail. */
export const NOTIFICATION_TYPES = ['mention', 'comment_reply', 'review_request', 'review_decision', 'assignment', 'due_date'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The most notifications one page lists. */
export const NOTIFICATION_PAGE_MAX = 100;
export const NOTIFICATION_PAGE_DEFAULT = 20;

/** GET /api/notifications?unread=true&cursor=&limit=: newest first; the cursor is the last id of the previous page. */
export const notificationsQuerySchema = z
  .object({
    unread: booleanQuery,
    cursor: z
      .string({ error: 'Must be a string' })
      .regex(/^[1-9][0-9]{0,9}$/, 'Is not a cursor of this list')
      .optional(),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'At least 1')
      .max(NOTIFICATION_PAGE_MAX, `At most ${NOTIFICATION_PAGE_MAX}`)
      .optional(),
  })
  .strict();
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** PUT /api/notification/{id}/read: marks one notification read (true) or unread (false). */
export const markNotificationBodySchema = z.object({ read: z.boolean({ error: 'Must be true or false' }) }).strict();
export type MarkNotificationBody = z.output<typeof markNotificationBodySchema>;

const channelSwitches = z
  .object({ in_app: z.boolean({ error: 'Must be true or false' }), email: z.boolean({ error: 'Must be true or false' }) })
  .strict();
export type NotificationSwitches = z.output<typeof channelSwitches>;

/** PUT /api/user/notification-settings: the switches of the types given (others keep theirs), plus the toolkit's `i18n`. */
export const notificationSettingsBodySchema = z
  .object({
    ...(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelSwitches.optional()])) as Record<
      NotificationType,
      z.ZodOptional<typeof channelSwitches>
    >),
    ...toolkitSaveShape,
  })
  .strict();
export type NotificationSettingsBody = z.output<typeof notificationSettingsBodySchema>;
