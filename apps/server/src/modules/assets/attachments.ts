import type { AttachmentResponse } from '@emblem/core';
import { claimUpload, requireAsset, requireAttachment, requireUpload } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { enqueuePurge } from '../media/public.js';
import * as q from './queries.js';

/** An asset's attachments: extra files (other formats, source files) shown and downloaded beside it. */

export async function listAttachments(db: Db, actor: Actor, assetId: number) {
  await requireAsset(db, actor, assetId, 'asset.view');
  return (await q.listAttachments(db, assetId)).map(presentAttachment);
}

function presentAttachment({ attachment: a, file }: { attachment: q.AttachmentRow; file: q.FileRow }): AttachmentResponse {
  return {
    id: a.id,
    asset_id: a.assetId,
    file_id: a.fileId,
    title: a.title,
    extension: file.extension,
    size: file.size,
    color_space: a.colorSpace,
    download_url: `/api/asset-attachment/${a.id}/download`,
    created_at: a.createdAt.toISOString(),
  };
}

export async function createAttachment(db: Db, actor: Actor, input: { asset_id: number; file_id: string; color_space?: string }) {
  return db.transaction(async (tx) => {
    await requireAsset(tx, actor, input.asset_id, 'asset.edit');
    const file = await claimUpload(tx, await requireUpload(tx, actor, input.file_id, 'file.use'));
    const attachment = await q.insertAttachment(tx, {
      assetId: input.asset_id,
      fileId: file.id,
      title: file.originalName.slice(0, 500) || 'Attachment',
      colorSpace: input.color_space ?? null,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'attachment:create', input.asset_id);
    return presentAttachment({ attachment, file });
  });
}

export async function renameAttachment(db: Db, actor: Actor, id: number, title: string) {
  return db.transaction(async (tx) => {
    const row = await requireAttachment(tx, actor, id, 'attachment.edit');
    await q.updateAttachment(tx, id, title);
    return presentAttachment({ attachment: { ...row.attachment, title }, file: row.file });
  });
}

export async function deleteAttachment(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await requireAttachment(tx, actor, id, 'attachment.edit');
    await q.deleteAttachment(tx, id);
    await enqueuePurge(tx, { revisions: [], files: [row.attachment.fileId] });
    await audit(tx, actor, 'attachment:delete', row.attachment.assetId);
  });
  return { id };
}
