import type { Collaborator, CommentFilter, CommentMarking, CommentResponse } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The comment calls of docs/api.md "Comments" (decision 0046). */

export type Comment = CommentResponse;

export const commentKeys = {
  all: ['comments'] as const,
  ofAsset: (assetId: number) => [...commentKeys.all, 'asset', assetId] as const,
  mentionable: (projectId: number) => [...commentKeys.all, 'mentionable', projectId] as const,
};

/** GET /api/asset/{id}/comments: all of them (the panel filters, so that marker numbers stay the same). */
export function commentsQuery(assetId: number) {
  return queryOptions({
    queryKey: commentKeys.ofAsset(assetId),
    queryFn: ({ signal }) => api<Comment[]>(`/api/asset/${assetId}/comments?filter=ALL`, { signal }),
    staleTime: 30_000,
  });
}

/** The people who may be mentioned: the project's collaborators (they all see its assets). */
export function mentionableQuery(projectId: number) {
  return queryOptions({
    queryKey: commentKeys.mentionable(projectId),
    queryFn: ({ signal }) => api<Collaborator[]>(`/api/project/${projectId}/users`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export interface NewComment {
  content: string;
  marking: CommentMarking | null;
  mentioned_user_ids: number[];
}

export function createComment(assetId: number, body: NewComment): Promise<Comment> {
  return api<Comment>(`/api/asset/${assetId}/comments`, { method: 'POST', body });
}

export function replyToComment(commentId: number, body: { content: string; mentioned_user_ids: number[] }): Promise<Comment> {
  return api<Comment>(`/api/comment/${commentId}/replies`, { method: 'POST', body });
}

export function editComment(commentId: number, content: string): Promise<Comment> {
  return api<Comment>(`/api/comment/${commentId}`, { method: 'PATCH', body: { content } });
}

export function deleteComment(commentId: number): Promise<unknown> {
  return api(`/api/comment/${commentId}`, { method: 'DELETE' });
}

export function resolveComment(commentId: number, isResolved: boolean): Promise<Comment> {
  return api<Comment>(`/api/comment/${commentId}/resolved`, { method: 'PUT', body: { is_resolved: isResolved } });
}

/** Whether a comment passes the panel's filter. */
export function passesFilter(comment: Comment, filter: CommentFilter): boolean {
  if (filter === 'OPEN') return !comment.is_resolved;
  if (filter === 'RESOLVED') return comment.is_resolved;
  return true;
}
