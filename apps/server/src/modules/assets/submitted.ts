import { assetTypeOf, projectChannel } from '@emblem/core';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { enqueueJob } from '../../jobs/define.js';
import { randomToken } from '../../lib/secrets.js';
import { processRevisionJob } from '../media/public.js';
import { publish } from '../realtime/public.js';
import * as q from './queries.js';

/** Who sent a file through a submission request's public page, and for which request and token (decision 0032). */
export interface Submission {
  accountId: number;
  projectId: number;
  setId: number | null;
  requestId: number;
  tokenId: number;
  name: string;
  email: string;
  late: boolean;
}

function titleOf(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').trim();
  return (base || name || 'Untitled').slice(0, 500);
}

/**
 * Makes the asset of a file that arrived through a submission request, at the end of the request's folder, marked
 * SUBMITTED (and late when after the deadline) for an editor to accept or delete; the previews are made by a job
 * after commit, as for every upload. The file was stored and checked by the files module (`ingestPublicFile`).
 */
export async function insertSubmittedAsset(
  tx: Db,
  file: { id: number; originalName: string; extension: string },
  s: Submission,
): Promise<number> {
  const position = await q.endPosition(tx, s.projectId, s.setId);
  const asset = await q.insertAsset(tx, {
    accountId: s.accountId,
    projectId: s.projectId,
    setId: s.setId,
    position,
    token: randomToken(24),
    createdBy: null,
    title: titleOf(file.originalName),
    status: 'PROCESSING',
    submissionStatus: 'SUBMITTED',
    submissionRequestId: s.requestId,
    submittedByName: s.name,
    submittedByEmail: s.email,
    submittedLate: s.late,
  });
  const revision = await q.insertRevision(tx, {
    assetId: asset.id,
    fileId: file.id,
    number: 1,
    kind: assetTypeOf(file.extension),
    status: 'PROCESSING',
    createdBy: null,
  });
  await q.updateAsset(tx, asset.id, { currentRevisionId: revision.id });
  await enqueueJob(tx, processRevisionJob, { revisionId: revision.id });
  const who = { accountId: s.accountId, userId: null };
  await audit(tx, who, 'asset:create', asset.id);
  await audit(tx, who, 'asset:submit', asset.id, { request_id: s.requestId, token_id: s.tokenId, late: s.late });
  await publish(tx, projectChannel(s.projectId), 'asset', { asset_ids: [asset.id] });
  return asset.id;
}
