import type {
  ExtensionRules,
  ProjectCollaborators,
  ProjectContext,
  ProjectDownloadSize,
  ProjectLevel,
  ProjectSummary,
  ProjectType,
  StorageUsage,
} from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Permission levels on a project, lowest first (docs/api.md "Asset libraries"). */
export type PermissionLevel = ProjectLevel;

export type {
  Collaborator,
  ExtensionRules,
  ProjectCollaborators,
  ProjectContext,
  ProjectGroup,
  ProjectPermissions,
  ProjectSummary,
  StorageUsage,
} from '@emblem/core';

export type DownloadCustomSize = ProjectDownloadSize;

export const projectKeys = {
  all: ['projects'] as const,
  ofBrand: (brandId: number) => [...projectKeys.all, 'brand', brandId] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  customSizes: (id: number) => [...projectKeys.all, 'custom-sizes', id] as const,
  extensions: (id: number) => [...projectKeys.all, 'extensions', id] as const,
};

export function brandProjectsQuery(brandId: number) {
  return queryOptions({
    queryKey: projectKeys.ofBrand(brandId),
    queryFn: ({ signal }) => api<ProjectSummary[]>(`/api/brand/${brandId}/projects`, { signal }),
  });
}

export function projectQuery(id: number) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api<ProjectContext>(`/api/project/${id}`, { signal }),
  });
}

export function customSizesQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.customSizes(projectId),
    queryFn: ({ signal }) => api<DownloadCustomSize[]>(`/api/project/${projectId}/download-custom-sizes`, { signal }),
  });
}

export function extensionRulesQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.extensions(projectId),
    queryFn: ({ signal }) => api<ExtensionRules>(`/api/project/${projectId}/asset-extension`, { signal }),
  });
}

/** Always asked fresh before an upload: others may have used storage meanwhile. */
export const storageUsageQuery = queryOptions({
  queryKey: ['account', 'usage', 'storage'] as const,
  queryFn: ({ signal }) => api<StorageUsage>('/api/account/usage/storage', { signal }),
  staleTime: 0,
});

export interface CreateProjectBody {
  name: string;
  brand: number;
  project_type: ProjectType;
}

export function createProject(body: CreateProjectBody): Promise<ProjectContext> {
  return api<ProjectContext>('/api/project/add/', { method: 'POST', body });
}

export const PERMISSION_LEVELS: readonly PermissionLevel[] = ['VIEW', 'COMMENT', 'EDIT', 'ADMIN'];

export const collaboratorKeys = {
  ofProject: (projectId: number) => [...projectKeys.all, 'collaborators', projectId] as const,
};

export function collaboratorsQuery(projectId: number) {
  return queryOptions({
    queryKey: collaboratorKeys.ofProject(projectId),
    queryFn: ({ signal }) => api<ProjectCollaborators>(`/api/project/${projectId}/users?groups=true`, { signal }),
    staleTime: 0,
  });
}

/** PUT /api/project/{id}/user/{userId}: adds a collaborator or changes their level (project ADMIN). */
export function setCollaborator(
  projectId: number,
  userId: number,
  level: PermissionLevel,
): Promise<{ user_id: number; level: PermissionLevel }> {
  return api(`/api/project/${projectId}/user/${userId}`, { method: 'PUT', body: { level } });
}

/** DELETE /api/project/{id}/user/{userId} (project ADMIN). */
export function removeCollaborator(projectId: number, userId: number): Promise<{ user_id: number }> {
  return api(`/api/project/${projectId}/user/${userId}`, { method: 'DELETE' });
}

/** PUT /api/project/{id}/group/{groupId}: adds a group of the account or changes its level (project ADMIN, USER_GROUPS). */
export function setProjectGroup(
  projectId: number,
  groupId: number,
  level: PermissionLevel,
): Promise<{ group_id: number; level: PermissionLevel }> {
  return api(`/api/project/${projectId}/group/${groupId}`, { method: 'PUT', body: { level } });
}

/** DELETE /api/project/{id}/group/{groupId} (project ADMIN). */
export function removeProjectGroup(projectId: number, groupId: number): Promise<{ group_id: number }> {
  return api(`/api/project/${projectId}/group/${groupId}`, { method: 'DELETE' });
}
