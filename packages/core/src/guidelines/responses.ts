import type { PortalVisibility } from './schemas.js';
import type { CoverSettings } from './structure.js';

/** What the portal endpoints answer (docs/api.md "Guideline portals"). */

export interface PortalPermissions {
  /** May change the portal, see and regenerate its token. */
  canEdit: boolean;
}

/** `Portal`: GET /api/portal, GET /api/portal/{id}, and the create and update answers. */
export interface PortalResponse {
  id: number;
  brand_id: number;
  title: string;
  visibility: PortalVisibility;
  blueprint_name: string | null;
  marketplace_app_id: null;
  i18n_enabled: boolean;
  i18n_settings: { languages: string[] };
  /** The hub's cover page (heading, subline, colours, key visual asset). */
  cover_page_settings: CoverSettings;
  created_at: string;
  modified_at: string;
  permissions: PortalPermissions;
}

export type PageType = 'COVERPAGE' | 'DEFAULT';

/** What the caller may do with a document (project levels: VIEW, COMMENT, TRANSLATE, EDIT, ADMIN). */
export interface DocumentPermissions {
  canEdit: boolean;
  canAdmin: boolean;
}

/** A guideline document in lists (GET /api/portal/{id}/documents). */
export interface DocumentSummary {
  id: number;
  portal_id: number;
  brand_id: number;
  title: string;
  slug: string;
  position: number;
  published: boolean;
  version: number;
  /** `/document/{id}`: the public reader's address of the document. */
  url: string;
  cover_page_id: number;
  page_count: number;
  modified_at: string;
  permissions: DocumentPermissions;
}

/** Guideline page heading (data-api.md §3): an entry of a page's navigation. */
export interface PageHeading {
  id: number;
  title: string;
  slug: string;
  /** The id of the section element it points at (`section-{id}`), or null for a heading without a section. */
  sectionElementId: string | null;
  url: string;
  version: number;
}

/** A page in the page tree of a document (without its content). */
export interface PageSummary {
  id: number;
  document_id: number;
  type: PageType;
  title: string;
  slug: string;
  position: number;
  hidden: boolean;
  version: number;
  /** `/document/{documentId}/{pageId}`. */
  url: string;
  headings: PageHeading[];
  modified_at: string;
}

/** GET /api/document/{id}: the document with its page tree. */
export interface DocumentDetail extends DocumentSummary {
  pages: PageSummary[];
}

export interface BlockResponse {
  id: number;
  section_id: number;
  column: number;
  position: number;
  type: string;
  settings: Record<string, unknown>;
  version: number;
  /** The element id of the block on its page (`block-{id}`); the hash `#/{section}/{block}` scrolls to it. */
  anchor: string;
  modified_at: string;
}

export interface SectionResponse {
  id: number;
  page_id: number;
  column_proportions: number[];
  group_id: string | null;
  tab_title: string | null;
  position: number;
  version: number;
  /** `section-{id}`. */
  anchor: string;
  blocks: BlockResponse[];
}

/** GET /api/page/{id}: a page with its sections and their blocks in order. */
export interface PageResponse extends PageSummary {
  sections: SectionResponse[];
}

/** GET /api/hub/pages/{portalId}: the portal's documents the caller may read, each with its page tree. */
export interface HubPagesResponse {
  portal: { id: number; title: string; brand_id: number };
  documents: (DocumentSummary & { pages: PageSummary[] })[];
}

/** 201 answer of the create calls. */
export interface CreatedItem {
  id: number;
  slug?: string;
}

/** A link to an item being deleted: where it is (url) and how to find it (path: "Document › Page › block"). */
export interface ItemReference {
  url: string;
  path: string;
}

/** An item in a document's trash (restorable for 30 days). */
export interface TrashItem {
  kind: 'page' | 'heading' | 'section' | 'block';
  id: number;
  title: string;
  page_id: number | null;
  deleted_at: string;
  /** When it is removed for good. */
  expires_at: string;
}

/** One saved state of a page (GET /api/page/{id}/revisions). */
export interface PageRevisionSummary {
  id: number;
  summary: string;
  created_at: string;
  created_by: { id: number; name: string } | null;
}

/** GET /api/page/{id}/revisions: a page of the history, newest first; `next_before` asks for older ones (null at the end). */
export interface PageRevisionList {
  items: PageRevisionSummary[];
  next_before: number | null;
  total: number;
}

/** The content a revision stored: the page's sections with their blocks, in order. */
export interface PageRevisionContent {
  sections: {
    id: number;
    column_proportions: number[];
    group_id: string | null;
    tab_title: string | null;
    position: number;
    blocks: { id: number; column: number; position: number; type: string; settings: Record<string, unknown> }[];
  }[];
}

/** GET /api/page/{id}/revisions/{revisionId}. */
export interface PageRevision extends PageRevisionSummary {
  page_id: number;
  content: PageRevisionContent;
}

/** DELETE of a document, page, heading, section or block: the item now in the trash, until `expires_at`. */
export interface DeletedItem {
  id: number;
  deleted_at: string;
  expires_at: string;
}

/** The 409 body of a delete refused because live blocks link to the item (data-api.md §4); `?force=true` deletes anyway. */
export interface StillReferencedError {
  success: false;
  error: 'Still referenced';
  errors: Record<string, string[]>;
  references: ItemReference[];
}

/** The 409 body of a save that started from an older version: `current` is the item as it is now. */
export interface StaleVersionError<T> {
  success: false;
  error: string;
  errors: Record<string, string[]>;
  current: T;
}

/** A colour of a palette as the toolkit's colour list offers it. */
export interface ColorLibraryColor {
  /** `{blockId}-{index}`: stable while the palette block keeps its order. */
  id: string;
  name: string;
  /** `#RRGGBB`. */
  css_value: string;
  /** Light enough that dark text reads on it. */
  light: boolean;
}

/** GET /api/color/library/{documentId}: the palettes of a guideline document (its palette blocks, in reading order). */
export interface ColorLibrary {
  palettes: { id: number; name: string; colors: ColorLibraryColor[] }[];
}
