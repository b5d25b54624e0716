import type {
  ActivityKind,
  ActivityResponse,
  AssignmentResponse,
  BoardDueFilter,
  BoardResponse,
  ChecklistPresetApplyResponse,
  ChecklistPresetResponse,
  WorkflowMoveResponse,
  WorkflowStatusResponse,
} from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ActivityEntry, AssignmentResponse, BoardCard, BoardColumn, BoardResponse } from '@emblem/core';

/** The board's filters as the page keeps them in its address. */
export interface BoardFilters {
  assignee?: number;
  due?: BoardDueFilter;
  status?: number;
}

export const workflowKeys = {
  all: ['workflows'] as const,
  board: (projectId: number) => [...workflowKeys.all, 'board', projectId] as const,
  boardWith: (projectId: number, filters: BoardFilters) => [...workflowKeys.board(projectId), filters] as const,
  column: (projectId: number, statusId: number, filters: BoardFilters, offset: number) =>
    [...workflowKeys.board(projectId), 'column', statusId, filters, offset] as const,
  statuses: (projectId: number) => [...workflowKeys.all, 'statuses', projectId] as const,
  presets: (projectId: number) => [...workflowKeys.all, 'presets', projectId] as const,
  assignment: (assetId: number) => [...workflowKeys.all, 'assignment', assetId] as const,
  activity: (projectId: number) => [...workflowKeys.all, 'activity', projectId] as const,
  activityWith: (projectId: number, kind: ActivityKind | null) => [...workflowKeys.activity(projectId), kind] as const,
};

function boardSearch(filters: BoardFilters, extra: Record<string, number> = {}): string {
  const query = new URLSearchParams();
  if (filters.assignee !== undefined) query.set('assignee_id', String(filters.assignee));
  if (filters.due) query.set('due', filters.due);
  if (filters.status !== undefined) query.set('status_id', String(filters.status));
  for (const [key, value] of Object.entries(extra)) query.set(key, String(value));
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** GET /api/project/{id}/board: every column with its first page of cards. */
export function boardQuery(projectId: number, filters: BoardFilters) {
  return queryOptions({
    queryKey: workflowKeys.boardWith(projectId, filters),
    queryFn: ({ signal }) => api<BoardResponse>(`/api/project/${projectId}/board${boardSearch(filters)}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/project/status/{id}: the project's statuses in order. */
export function statusesQuery(projectId: number) {
  return queryOptions({
    queryKey: workflowKeys.statuses(projectId),
    queryFn: ({ signal }) => api<WorkflowStatusResponse[]>(`/api/project/status/${projectId}`, { signal }),
  });
}

/** One more page of one column ("load more"). */
export function loadColumnPage(projectId: number, statusId: number, filters: BoardFilters, offset: number) {
  return api<BoardResponse>(`/api/project/${projectId}/board${boardSearch({ ...filters, status: statusId }, { offset })}`);
}

export function assignmentQuery(assetId: number) {
  return queryOptions({
    queryKey: workflowKeys.assignment(assetId),
    queryFn: ({ signal }) => api<AssignmentResponse>(`/api/asset/${assetId}/assignment`, { signal }),
    staleTime: 0,
  });
}

export function activityQuery(projectId: number, kind: ActivityKind | null) {
  return infiniteQueryOptions({
    queryKey: workflowKeys.activityWith(projectId, kind),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (kind) query.set('type', kind);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.toString();
      return api<ActivityResponse>(`/api/project/${projectId}/activity${search ? `?${search}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function moveToStatus(statusId: number, assetIds: number[]) {
  return api<WorkflowMoveResponse>(`/api/workflows/status-item/status/${statusId}`, { method: 'PUT', body: { asset_ids: assetIds } });
}

export function updateAssignment(assetId: number, body: { assignee_id?: number | null; due_at?: string | null }) {
  return api<AssignmentResponse>(`/api/asset/${assetId}/assignment`, { method: 'PATCH', body });
}

export function addChecklistItem(assetId: number, content: string) {
  return api<AssignmentResponse>(`/api/asset/${assetId}/checklist`, { method: 'POST', body: { content } });
}

export function updateChecklistItem(itemId: number, body: { content?: string; done?: boolean }) {
  return api<AssignmentResponse>(`/api/checklist-item/${itemId}`, { method: 'PATCH', body });
}

export function deleteChecklistItem(itemId: number) {
  return api<AssignmentResponse>(`/api/checklist-item/${itemId}`, { method: 'DELETE' });
}

/** A workspace's checklist presets (a cached lookup: fresh for the default five minutes). */
export function presetsQuery(projectId: number) {
  return queryOptions({
    queryKey: workflowKeys.presets(projectId),
    queryFn: ({ signal }) => api<ChecklistPresetResponse[]>(`/api/project/${projectId}/checklist-presets`, { signal }),
  });
}

export function applyPreset(presetId: number, assetIds: number[]) {
  return api<ChecklistPresetApplyResponse>(`/api/checklist-preset/${presetId}/apply`, { method: 'POST', body: { asset_ids: assetIds } });
}
