import type { ProjectContext } from '@emblem/core';
import { useSignedInSession } from '../../lib/session';
import type { Asset } from '../library/api';
import { ApprovalPanel } from './ApprovalPanel';

/** The viewer's mount point for approvals: only with the APPROVAL_REQUESTS flag and for assets of a workspace. */
export function ApprovalMount({
  asset,
  project,
  canEdit,
  base,
}: {
  asset: Pick<Asset, 'id'>;
  project: Pick<ProjectContext, 'id' | 'project_type'>;
  canEdit: boolean;
  base: string;
}) {
  const on = useSignedInSession().account.feature_flags.includes('APPROVAL_REQUESTS');
  if (!on || project.project_type !== 'WORKSPACE') return null;
  return (
    <ApprovalPanel
      key={`approval-${asset.id}`}
      assetId={asset.id}
      projectId={project.id}
      canEdit={canEdit}
      trailHref={`${base}/assets/${asset.id}/asset-audit-trail`}
    />
  );
}
