import type { BlockResponse, DocumentDetail, DocumentSummary, PageResponse, PageSummary, SectionResponse } from '@emblem/core';

/** Guideline documents as the server answers them, for the web tests (brand 4, portal 7 unless given). */

export function documentSummary(overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  const id = overrides.id ?? 30;
  return {
    id,
    portal_id: 7,
    brand_id: 4,
    title: `Document ${id}`,
    slug: `document-${id}`,
    position: 0,
    published: false,
    version: 1,
    url: `/document/${id}`,
    cover_page_id: 100,
    page_count: 1,
    modified_at: '2025-03-01T10:00:00.000Z',
    permissions: { canEdit: true, canAdmin: true },
    ...overrides,
  };
}

export function pageSummary(overrides: Partial<PageSummary> = {}): PageSummary {
  const id = overrides.id ?? 100;
  const documentId = overrides.document_id ?? 30;
  return {
    id,
    document_id: documentId,
    type: 'DEFAULT',
    title: `Page ${id}`,
    slug: `page-${id}`,
    position: 0,
    hidden: false,
    version: 1,
    url: `/document/${documentId}/${id}`,
    headings: [],
    modified_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function documentDetail(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  const pages = overrides.pages ?? [pageSummary({ id: 100, type: 'COVERPAGE', title: 'Cover' })];
  return { ...documentSummary(overrides), page_count: pages.length, pages, ...overrides };
}

export function block(overrides: Partial<BlockResponse> = {}): BlockResponse {
  const id = overrides.id ?? 500;
  return {
    id,
    section_id: 200,
    column: 0,
    position: 0,
    type: 'heading',
    settings: { text: 'Our logo', level: 2 },
    version: 1,
    anchor: `block-${id}`,
    modified_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function section(overrides: Partial<SectionResponse> = {}): SectionResponse {
  const id = overrides.id ?? 200;
  return {
    id,
    page_id: 100,
    column_proportions: [1],
    group_id: null,
    tab_title: null,
    position: 0,
    version: 1,
    anchor: `section-${id}`,
    blocks: [],
    ...overrides,
  };
}

export function pageResponse(page: PageSummary, sections: SectionResponse[] = []): PageResponse {
  return { ...page, sections };
}
