import type { SubmissionPage, SubmissionRequestResponse, SubmissionTokenResponse, SubmissionUploadResult } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export type SubmissionRequest = SubmissionRequestResponse;

export const submissionKeys = {
  all: ['submission-requests'] as const,
  ofProject: (projectId: number) => [...submissionKeys.all, 'project', projectId] as const,
  page: (token: string) => ['submission-page', token] as const,
};

/** GET /api/project/{id}/submission-requests (editors). */
export function projectSubmissionRequestsQuery(projectId: number) {
  return queryOptions({
    queryKey: submissionKeys.ofProject(projectId),
    queryFn: ({ signal }) => api<SubmissionRequest[]>(`/api/project/${projectId}/submission-requests`, { signal }),
  });
}

/** GET /api/submission/{token}: the public page's request (no account). */
export function submissionPageQuery(token: string) {
  return queryOptions({
    queryKey: submissionKeys.page(token),
    queryFn: ({ signal }) => api<SubmissionPage>(`/api/submission/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export const createSubmissionRequest = (
  projectId: number,
  body: { title: string; instructions: string; set_id: number | null; deadline_at: string | null; grace_hours: number },
) => api<SubmissionRequest>(`/api/project/${projectId}/submission-requests`, { method: 'POST', body });
export const deleteSubmissionRequest = (id: number) => api<{ id: number }>(`/api/submission-request/${id}`, { method: 'DELETE' });
export const issueSubmissionToken = (id: number, expiresAt: string) =>
  api<SubmissionTokenResponse>(`/api/submission-request/${id}/tokens`, { method: 'POST', body: { expires_at: expiresAt } });
export const revokeSubmissionToken = (id: number) => api<SubmissionTokenResponse>(`/api/submission-token/${id}`, { method: 'DELETE' });
export const acceptSubmissions = (assetIds: number[]) =>
  api<{ accepted: number[] }>('/api/asset/submissions/accept', { method: 'POST', body: { asset_ids: assetIds } });

/**
 * POST /api/submission/{token}/upload with progress (fetch reports none): name and e-mail before the file, as the
 * server wants them. Resolves with the result, rejects with an ApiError carrying the server's envelope.
 */
export function uploadSubmission(
  token: string,
  submitter: { name: string; email: string },
  file: File,
  onProgress: (fraction: number) => void,
): { promise: Promise<SubmissionUploadResult>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<SubmissionUploadResult>((resolve, reject) => {
    const form = new FormData();
    form.append('name', submitter.name);
    form.append('email', submitter.email);
    form.append('file', file, file.name);
    xhr.open('POST', `/api/submission/${encodeURIComponent(token)}/upload`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((JSON.parse(xhr.responseText) as { data: SubmissionUploadResult }).data);
        return;
      }
      const retryAfter = Number(xhr.getResponseHeader('Retry-After'));
      reject(new ApiError(xhr.status, xhr.responseText, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
