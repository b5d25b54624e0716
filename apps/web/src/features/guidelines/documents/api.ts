import type {
  BlockResponse,
  BlockType,
  CreateBlockBody,
  CreatedItem,
  CreateHeadingBody,
  CreateSectionBody,
  DocumentDetail,
  DocumentSummary,
  ItemReference,
  MoveBlockBody,
  MoveSectionBody,
  PageHeading,
  PageResponse,
  PageRevision,
  PageRevisionContent,
  PageRevisionList,
  PageRevisionSummary,
  PageSummary,
  SectionResponse,
  TrashItem,
  UpdateDocumentBody,
  UpdateHeadingBody,
  UpdatePageBody,
  UpdateSectionBody,
} from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/**
 * Guideline documents, pages, headings, sections and blocks (docs/api.md "Guideline documents"). Every PATCH
 * carries the version it started from; a stale one answers 409 with the item as it is now (`current`).
 */

export type {
  BlockResponse,
  BlockType,
  CreatedItem,
  DocumentDetail,
  DocumentSummary,
  ItemReference,
  PageHeading,
  PageResponse,
  PageRevision,
  PageRevisionContent,
  PageRevisionSummary,
  PageSummary,
  SectionResponse,
  TrashItem,
};

export const documentKeys = {
  all: ['guideline-documents'] as const,
  portal: (portalId: number) => [...documentKeys.all, 'portal', portalId] as const,
  detail: (id: number) => [...documentKeys.all, 'detail', id] as const,
  page: (id: number) => [...documentKeys.all, 'page', id] as const,
  trash: (documentId: number) => [...documentKeys.all, 'trash', documentId] as const,
  revisions: (pageId: number) => [...documentKeys.all, 'revisions', pageId] as const,
  revision: (pageId: number, revisionId: number) => [...documentKeys.all, 'revision', pageId, revisionId] as const,
};

/** GET /api/portal/{id}/documents: the portal's documents the caller may see, in their order. */
export function portalDocumentsQuery(portalId: number) {
  return queryOptions({
    queryKey: documentKeys.portal(portalId),
    queryFn: ({ signal }) => api<DocumentSummary[]>(`/api/portal/${portalId}/documents`, { signal }),
  });
}

/** GET /api/document/{id}: the document and its page tree (with each page's headings). */
export function documentQuery(id: number) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => api<DocumentDetail>(`/api/document/${id}`, { signal }),
    // Others edit too: a document met again after a minute is asked again.
    staleTime: 60_000,
  });
}

/** GET /api/page/{id}: the page with its sections and their blocks. */
export function pageQuery(id: number) {
  return queryOptions({
    queryKey: documentKeys.page(id),
    queryFn: ({ signal }) => api<PageResponse>(`/api/page/${id}`, { signal }),
    staleTime: 60_000,
  });
}

export function trashQuery(documentId: number) {
  return queryOptions({
    queryKey: documentKeys.trash(documentId),
    queryFn: ({ signal }) => api<TrashItem[]>(`/api/document/${documentId}/trash`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/page/{id}/revisions: newest first, 50 at a time (`before` the oldest one shown for more). */
export function revisionsQuery(pageId: number) {
  return infiniteQueryOptions({
    queryKey: documentKeys.revisions(pageId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api<PageRevisionList>(`/api/page/${pageId}/revisions?limit=50${pageParam ? `&before=${pageParam}` : ''}`, { signal }),
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 0,
  });
}

export function revisionQuery(pageId: number, revisionId: number) {
  return queryOptions({
    queryKey: documentKeys.revision(pageId, revisionId),
    queryFn: ({ signal }) => api<PageRevision>(`/api/page/${pageId}/revisions/${revisionId}`, { signal }),
  });
}

// Documents

export const createDocument = (portalId: number, title: string) =>
  api<CreatedItem>(`/api/portal/${portalId}/documents`, { method: 'POST', body: { title } });
export const updateDocument = (id: number, body: UpdateDocumentBody) =>
  api<DocumentSummary>(`/api/document/${id}`, { method: 'PATCH', body });

// Pages and headings

export const createPage = (documentId: number, title: string) =>
  api<CreatedItem>(`/api/document/${documentId}/pages`, { method: 'POST', body: { title } });
export const updatePage = (id: number, body: UpdatePageBody) => api<PageSummary>(`/api/page/${id}`, { method: 'PATCH', body });
export const deletePage = (id: number, force = false) => api<unknown>(`/api/page/${id}${force ? '?force=true' : ''}`, { method: 'DELETE' });
export const createHeading = (pageId: number, body: CreateHeadingBody) =>
  api<CreatedItem>(`/api/page/${pageId}/headings`, { method: 'POST', body });
export const updateHeading = (id: number, body: UpdateHeadingBody) => api<PageHeading>(`/api/heading/${id}`, { method: 'PATCH', body });
export const deleteHeading = (id: number, force = false) =>
  api<unknown>(`/api/heading/${id}${force ? '?force=true' : ''}`, { method: 'DELETE' });

// Sections

export const createSection = (pageId: number, body: CreateSectionBody) =>
  api<CreatedItem>(`/api/page/${pageId}/sections`, { method: 'POST', body });
export const updateSection = (id: number, body: UpdateSectionBody) => api<SectionResponse>(`/api/section/${id}`, { method: 'PATCH', body });
export const deleteSection = (id: number, force = false) =>
  api<unknown>(`/api/section/${id}${force ? '?force=true' : ''}`, { method: 'DELETE' });
export const moveSection = (id: number, body: MoveSectionBody) => api<unknown>(`/api/section/${id}/move`, { method: 'POST', body });
export const deleteTabGroup = (pageId: number, groupId: string) =>
  api<unknown>(`/api/page/${pageId}/tab-group/${encodeURIComponent(groupId)}`, { method: 'DELETE' });

// Blocks

export const createBlock = (sectionId: number, body: CreateBlockBody) =>
  api<CreatedItem>(`/api/section/${sectionId}/blocks`, { method: 'POST', body });
export const updateBlock = (id: number, body: { version: number; settings: Record<string, unknown> }) =>
  api<BlockResponse>(`/api/document/block/${id}`, { method: 'PATCH', body });
export const deleteBlock = (id: number) => api<unknown>(`/api/document/block/${id}`, { method: 'DELETE' });
export const moveBlock = (id: number, body: MoveBlockBody) => api<unknown>(`/api/document/block/${id}/move`, { method: 'POST', body });

// Trash and history

/** The restore address of a deleted item of each kind. */
export function restorePath(kind: TrashItem['kind'] | 'document', id: number): string {
  return kind === 'block' ? `/api/document/block/${id}/restore` : `/api/${kind}/${id}/restore`;
}
export const restoreItem = (kind: TrashItem['kind'], id: number) => api<unknown>(restorePath(kind, id), { method: 'POST' });
export const restoreRevision = (pageId: number, revisionId: number) =>
  api<unknown>(`/api/page/${pageId}/revisions/${revisionId}/restore`, { method: 'POST' });

// Refusals that carry data

function envelopeOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A 409 over a stale version: the item as it is now. */
export function conflictOf<T>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = envelopeOf(error)?.current;
  return current && typeof current === 'object' ? (current as T) : null;
}

/** A 409 "Still referenced": where the item is linked from. */
export function referencesOf(error: unknown): ItemReference[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const references = envelopeOf(error)?.references;
  return Array.isArray(references) ? (references as ItemReference[]) : null;
}

/** The reader's address of a page, and of the page as a visitor sees it. */
export const readerUrl = (documentId: number, pageId?: number) => `/document/${documentId}${pageId ? `/${pageId}` : ''}`;
export const visitorUrl = (documentId: number, pageId?: number) => `${readerUrl(documentId, pageId)}?view=visitor`;
/** The editor's address inside the app. */
export const editorPath = (brandId: number, documentId: number, pageId?: number) =>
  `/brands/${brandId}/guidelines/documents/${documentId}${pageId ? `/${pageId}` : ''}`;
