import type {
  BlockResponse,
  DocumentSummary,
  PageHeading,
  PageResponse,
  PageSummary,
  PageType,
  ProjectLevel,
  SectionResponse,
} from '@emblem/core';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { BlockRow, SectionRow } from './content-queries.js';
import type { DocumentWithProject, HeadingRow, PageRow } from './document-queries.js';
import { documentPolicy } from './policy.js';

/* The JSON of guideline documents and their content (packages/core/src/guidelines/responses.ts). */

export const documentUrl = (documentId: number) => `/document/${documentId}`;
export const pageUrl = (documentId: number, pageId: number) => `/document/${documentId}/${pageId}`;
/** A block's address: `/document/{d}/{p}#/{section}/{block}` (routes-access-shell.md §2.8). */
export const blockUrl = (documentId: number, pageId: number, sectionId: number, blockId: number) =>
  `${pageUrl(documentId, pageId)}#/${sectionId}/${blockId}`;
/** A section's address: the hash names the section and no block. */
export const sectionUrl = (documentId: number, pageId: number, sectionId: number) => `${pageUrl(documentId, pageId)}#/${sectionId}`;

/** How a block is named to people (references, trash, page history). */
export const BLOCK_LABELS: Record<string, string> = {
  text: 'Text block',
  heading: 'Heading block',
  quote: 'Quote block',
  callout: 'Callout block',
  divider: 'Divider',
  image: 'Image block',
  palette: 'Colour palette',
  typography: 'Typography block',
  dodont: "Do and don't block",
  downloads: 'Downloads block',
  library: 'Library block',
  video: 'Video block',
  embed: 'Embed block',
  code: 'Code block',
};
export const blockLabel = (type: string) => BLOCK_LABELS[type] ?? 'Block';
export const sectionLabel = (s: Pick<SectionRow, 'tabTitle'>) => (s.tabTitle ? `Tab "${s.tabTitle}"` : 'Section');

export function presentDocumentSummary(found: DocumentWithProject, level: ProjectLevel | null, pages: PageRow[]): DocumentSummary {
  const { document: d, project } = found;
  const cover = pages.find((p) => p.type === 'COVERPAGE');
  return {
    id: d.projectId,
    portal_id: d.portalId,
    brand_id: project.brandId,
    title: project.name,
    slug: d.slug,
    position: d.position,
    published: d.published,
    version: d.version,
    url: documentUrl(d.projectId),
    cover_page_id: cover?.id ?? 0,
    page_count: pages.length,
    modified_at: d.modifiedAt.toISOString(),
    permissions: documentPolicy.permissions(level),
  };
}

export function presentHeading(documentId: number, h: HeadingRow): PageHeading {
  return {
    id: h.id,
    title: h.title,
    slug: h.slug,
    sectionElementId: h.sectionId === null ? null : `section-${h.sectionId}`,
    url: h.sectionId === null ? pageUrl(documentId, h.pageId) : sectionUrl(documentId, h.pageId, h.sectionId),
    version: h.version,
  };
}

export function presentPageSummary(p: PageRow, headings: HeadingRow[]): PageSummary {
  return {
    id: p.id,
    document_id: p.documentId,
    type: p.type as PageType,
    title: p.title,
    slug: p.slug,
    position: p.position,
    hidden: p.hidden,
    version: p.version,
    url: pageUrl(p.documentId, p.id),
    headings: headings.filter((h) => h.pageId === p.id).map((h) => presentHeading(p.documentId, h)),
    modified_at: p.modifiedAt.toISOString(),
  };
}

/** A block's settings as answered: rich text is sanitised again on the way out (data-api.md §5). */
export function outgoingSettings(type: string, settings: Record<string, unknown>): Record<string, unknown> {
  if (type === 'text' && typeof settings.html === 'string') return { ...settings, html: sanitizeRichText(settings.html) };
  return settings;
}

export function presentBlock(b: BlockRow): BlockResponse {
  return {
    id: b.id,
    section_id: b.sectionId,
    column: b.column,
    position: b.position,
    type: b.type,
    settings: outgoingSettings(b.type, b.settings),
    version: b.version,
    anchor: `block-${b.id}`,
    modified_at: b.modifiedAt.toISOString(),
  };
}

export function presentSection(s: SectionRow, blocks: BlockRow[]): SectionResponse {
  return {
    id: s.id,
    page_id: s.pageId,
    column_proportions: s.columnProportions,
    group_id: s.groupId,
    tab_title: s.tabTitle,
    position: s.position,
    version: s.version,
    anchor: `section-${s.id}`,
    blocks: blocks.filter((b) => b.sectionId === s.id).map(presentBlock),
  };
}

export function presentPage(p: PageRow, headings: HeadingRow[], sections: SectionRow[], blocks: BlockRow[]): PageResponse {
  return { ...presentPageSummary(p, headings), sections: sections.map((s) => presentSection(s, blocks)) };
}
