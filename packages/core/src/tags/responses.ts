import type { TagApply, TagSource } from './schemas.js';

/** An asset's tag (data-api.md §3 Asset: tags with value and source). */
export interface AssetTag {
  value: string;
  source: TagSource;
}

/** A tag offered by the tag search (settings-toolkit.md "Tags"): how it lies on the selection, and where it came from. */
export interface TagSuggestion {
  tag: string;
  apply: TagApply;
  source: TagSource;
  /** What found an AUTO tag (exif, iptc, xmp, pdf, orientation, colour, transparency, type); null for MANUAL. */
  engine: string | null;
  /** Live assets of the libraries searched that carry it. */
  count: number;
}

export interface TagSearchResponse {
  tags: TagSuggestion[];
  autoTags: TagSuggestion[];
  hasMoreResults: boolean;
}

export interface TagsChangeResponse {
  success: true;
  /** Assets the change reached (directly and through folders). */
  asset_count: number;
  /** Tag rows added, turned MANUAL or removed. */
  changed: number;
}

export interface TagRenameResponse {
  success: true;
  /** Assets whose tag was renamed, merged or removed. */
  asset_count: number;
}
