import type { AssignmentResponse } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { assetKeys } from '../library/api';
import {
  addChecklistItem,
  applyPreset,
  deleteChecklistItem,
  moveToStatus,
  updateAssignment,
  updateChecklistItem,
  workflowKeys,
} from './api';

/** Moves cards to a status; the board and the activity are refreshed. */
export function useMoveCards(projectId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: ({ statusId, assetIds }: { statusId: number; assetIds: number[] }) => moveToStatus(statusId, assetIds),
    invalidates: () => [workflowKeys.board(projectId)],
    refreshes: () => [workflowKeys.activity(projectId)],
    failureMessage: (error) => errorMessage(error, t('workflows.moveFailed')),
  });
}

/** Moves one asset to a status from its viewer: the asset, then the board, the activity and the listings refresh. */
export function useMoveAsset(projectId: number, assetId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (statusId: number) => moveToStatus(statusId, [assetId]),
    invalidates: () => [assetKeys.screen(assetId), assetKeys.detail(assetId)],
    refreshes: () => [workflowKeys.board(projectId), workflowKeys.activity(projectId), assetKeys.listsOfProject(projectId)],
    failureMessage: (error) => errorMessage(error, t('workflows.viewer.moveFailed')),
  });
}

/**
 * Every assignment write answers the asset's whole assignment: it replaces the panel's data at once, and the board
 * (counts, assignee, due date) is refreshed.
 */
function useAssignmentWrite<V>(projectId: number, assetId: number, write: (variables: V) => Promise<AssignmentResponse>) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: write,
    onSuccess: (answer, _v, _c, { client }) => client.setQueryData(workflowKeys.assignment(assetId), answer),
    refreshes: () => [workflowKeys.board(projectId), workflowKeys.activity(projectId)],
    failureMessage: (error) => errorMessage(error, t('workflows.saveFailed')),
  });
}

export function useUpdateAssignment(projectId: number, assetId: number) {
  return useAssignmentWrite(projectId, assetId, (body: { assignee_id?: number | null; due_at?: string | null }) =>
    updateAssignment(assetId, body),
  );
}

export function useAddChecklistItem(projectId: number, assetId: number) {
  return useAssignmentWrite(projectId, assetId, (content: string) => addChecklistItem(assetId, content));
}

export function useUpdateChecklistItem(projectId: number, assetId: number) {
  return useAssignmentWrite(projectId, assetId, ({ id, ...body }: { id: number; content?: string; done?: boolean }) =>
    updateChecklistItem(id, body),
  );
}

export function useDeleteChecklistItem(projectId: number, assetId: number) {
  return useAssignmentWrite(projectId, assetId, (id: number) => deleteChecklistItem(id));
}

/** Appends a preset's items to the asset's checklist; the panel and the board are refreshed. */
export function useApplyPreset(projectId: number, assetId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (presetId: number) => applyPreset(presetId, [assetId]),
    invalidates: () => [workflowKeys.assignment(assetId)],
    refreshes: () => [workflowKeys.board(projectId), workflowKeys.activity(projectId)],
    failureMessage: (error) => errorMessage(error, t('workflows.saveFailed')),
  });
}
