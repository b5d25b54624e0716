import type { NotificationResponse, NotificationType, ProjectLevel } from '@emblem/core';
import type { ListedNotification } from './queries.js';

/** The asset viewer's path of what a notification is about (prefixed with `base` for e-mails), or null. */
export function linkOf(n: { brandId: number | null; projectId: number | null; assetId: number | null }, base = ''): string | null {
  if (n.brandId === null || n.projectId === null || n.assetId === null) return null;
  return `${base}/brands/${n.brandId}/projects/${n.projectId}/assets/${n.assetId}`;
}

/**
 * A notification as the API answers it. `level` is the recipient's level on its project now: without one the
 * notification says who did what, but no longer names the project or the asset, nor links to them.
 */
export function presentNotification(n: ListedNotification, level: ProjectLevel | null): NotificationResponse {
  const { row } = n;
  const sees = level !== null && row.projectId !== null && n.projectName !== null && n.brandId !== null;
  return {
    id: row.id,
    type: row.type as NotificationType,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    actor: row.actorId === null ? null : { id: row.actorId, name: n.actorName },
    project: sees ? { id: row.projectId as number, name: n.projectName as string, brand_id: n.brandId as number } : null,
    asset: sees && row.assetId !== null && n.assetTitle !== null ? { id: row.assetId, title: n.assetTitle } : null,
    comment_id: row.commentId,
    request_id: row.requestId,
    data: row.data,
    link: sees ? linkOf({ brandId: n.brandId, projectId: row.projectId, assetId: row.assetId }) : null,
  };
}
