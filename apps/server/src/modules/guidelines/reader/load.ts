import type { BlockSettings, BlockType } from '@emblem/core';
import { type CheckedDocumentReading, type ReaderAudience, readBlockSettings } from '../../../access/guideline-readers.js';
import type { Db } from '../../../db/client.js';
import {
  type BlockRow,
  folderAssets,
  type HeadingRow,
  libraryAssets,
  pageContent,
  pageHeadings,
  type ReaderAssetRow,
  type ReaderPageRef,
  readerAssets,
  readerLibrary,
  type SectionRow,
} from './queries.js';

/**
 * Everything one reader page shows, read in a handful of queries: the page's sections and blocks (settings parsed
 * with their type's schema; a block whose settings no longer parse is left out for readers), the navigation's
 * headings, and the assets, folders and libraries the blocks show.
 */

/** How many assets a downloads block of a folder, or a library block, lists. */
export const FOLDER_LIMIT = 200;
export const LIBRARY_LIMIT = 60;

export type ParsedBlock = { [T in BlockType]: { row: BlockRow; type: T; settings: BlockSettings<T> } }[BlockType];

export interface LibraryListing {
  library: { id: number; name: string; projectType: string } | null;
  assets: ReaderAssetRow[];
  /** More assets match than are listed. */
  more: boolean;
  search: string;
}

export interface PageModel {
  reading: CheckedDocumentReading;
  page: ReaderPageRef;
  sections: { row: SectionRow; blocks: ParsedBlock[] }[];
  /** Blocks whose stored settings fail their schema (shown to editors only). */
  invalidBlocks: BlockRow[];
  headings: Map<number, HeadingRow[]>;
  assets: Map<number, ReaderAssetRow>;
  folders: Map<number, ReaderAssetRow[]>;
  libraries: Map<number, LibraryListing>;
  /** The earliest expiry among the assets shown: a cached copy of the page is stale from then on. */
  expiresAt: number | null;
}

export function parseBlock(reading: CheckedDocumentReading, row: BlockRow): ParsedBlock | null {
  const read = readBlockSettings(reading, row);
  return read ? ({ row, ...read } as ParsedBlock) : null;
}

/** The asset ids a block's settings name directly. */
export function blockAssetIds(block: ParsedBlock): number[] {
  switch (block.type) {
    case 'image':
      return block.settings.asset_ids;
    case 'downloads':
      return block.settings.asset_ids;
    case 'dodont':
      return block.settings.items.flatMap((i) => (i.asset_id ? [i.asset_id] : []));
    case 'video':
      return block.settings.asset_id ? [block.settings.asset_id] : [];
    default:
      return [];
  }
}

export async function loadPage(
  db: Db,
  reading: CheckedDocumentReading,
  page: ReaderPageRef,
  opts: { librarySearch?: { blockId: number; search: string } },
): Promise<PageModel> {
  const { document } = reading;
  const [{ sections, blocks }, headingRows] = await Promise.all([
    pageContent(db, page.id),
    pageHeadings(
      db,
      reading.pages.map((p) => p.id),
    ),
  ]);
  const bySection = new Map<number, ParsedBlock[]>();
  const invalidBlocks: BlockRow[] = [];
  for (const row of blocks) {
    const parsed = parseBlock(reading, row);
    if (!parsed) {
      invalidBlocks.push(row);
      continue;
    }
    const list = bySection.get(row.sectionId) ?? [];
    list.push(parsed);
    bySection.set(row.sectionId, list);
  }
  const parsedBlocks = [...bySection.values()].flat();
  const ids = [...new Set(parsedBlocks.flatMap(blockAssetIds))];
  const folders = new Map<number, ReaderAssetRow[]>();
  const libraries = new Map<number, LibraryListing>();
  const [assetRows] = await Promise.all([
    readerAssets(db, document.accountId, ids),
    ...parsedBlocks.map(async (b) => {
      if (b.type === 'downloads' && b.settings.folder_id) {
        folders.set(b.row.id, await folderAssets(db, document.accountId, b.settings.folder_id, FOLDER_LIMIT));
      } else if (b.type === 'library' && b.settings.project_id) {
        const search = opts.librarySearch?.blockId === b.row.id ? opts.librarySearch.search : '';
        libraries.set(b.row.id, await loadLibrary(db, document.accountId, b.settings.project_id, search));
      }
    }),
  ]);
  const headings = new Map<number, HeadingRow[]>();
  for (const h of headingRows) headings.set(h.pageId, [...(headings.get(h.pageId) ?? []), h]);
  const assets = new Map(assetRows.map((a) => [a.id, a]));
  const shown = [...assets.values(), ...[...folders.values()].flat(), ...[...libraries.values()].flatMap((l) => l.assets)];
  const expiries = shown.flatMap((a) => (a.expiresAt ? [a.expiresAt.getTime()] : []));
  return {
    reading,
    page,
    sections: sections.map((row) => ({ row, blocks: bySection.get(row.id) ?? [] })),
    invalidBlocks,
    headings,
    assets,
    folders,
    libraries,
    expiresAt: expiries.length ? Math.min(...expiries) : null,
  };
}

/** A library block's listing: the first assets of the library, or those matching a search. */
export async function loadLibrary(db: Db, accountId: number, projectId: number, search: string): Promise<LibraryListing> {
  const library = await readerLibrary(db, accountId, projectId);
  if (!library) return { library: null, assets: [], more: false, search };
  const rows = await libraryAssets(db, accountId, projectId, { search, limit: LIBRARY_LIMIT + 1 });
  return { library, assets: rows.slice(0, LIBRARY_LIMIT), more: rows.length > LIBRARY_LIMIT, search };
}

export type { ReaderAudience };
