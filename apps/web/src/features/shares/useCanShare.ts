import type { ProjectContext } from '@emblem/core';
import { useSignedInSession } from '../../lib/session';
import { canShare } from './api';

/** Whether to show "Share…" for a project's contents (the account switch, the project type, EDIT). */
export function useCanShare(project: Pick<ProjectContext, 'project_type' | 'personal'>, canEdit: boolean): boolean {
  return canShare(useSignedInSession().account.feature_flags, project, canEdit);
}
