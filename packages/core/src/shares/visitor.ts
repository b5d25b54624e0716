import { z } from 'zod';
import { consentTokenSchema } from '../licences/schemas.js';
import { refId } from '../shared/idSchemas.js';
import type { ShareDownload, ShareLinkType } from './schemas.js';

/** Request schemas and answers of what visitors of a share link do (decision 0030, docs/api.md "Share links"). */

export const SHARE_VISITOR_PAGE_MAX = 200;
export const SHARE_VISITOR_PAGE_DEFAULT = 60;

const positiveInt = (max: number, fallback: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
      z
        .number({ error: 'Must be a whole number' })
        .int('Must be a whole number')
        .min(1, 'Must be at least 1')
        .max(max, `Must be at most ${max}`),
    )
    .optional()
    .default(fallback);

/** `?page=&per_page=` of a visitor's listing. */
export const shareVisitorPageQuerySchema = z
  .object({ page: positiveInt(100_000, 1), per_page: positiveInt(SHARE_VISITOR_PAGE_MAX, SHARE_VISITOR_PAGE_DEFAULT) })
  .strict();

/** `/share-link/{token}/folders/{folderId}`. */
export const shareVisitorFolderParamsSchema = z.object({ token: z.string(), folderId: refId('folder') }).strict();

/** `/share-link/{token}/assets/{assetId}[/download]`. */
export const shareVisitorAssetParamsSchema = z.object({ token: z.string(), assetId: refId('asset') }).strict();

/** `?kind=original|preview` of a visitor's download. */
export const shareVisitorDownloadQuerySchema = z
  .object({
    kind: z.enum(['original', 'preview'], { error: 'Must be original or preview' }).optional().default('original'),
    /** The visitor's usage-consent token (POST /api/share-link/{token}/consent) for an asset that asks for one. */
    consent: consentTokenSchema.optional(),
  })
  .strict();

export type ShareVisitorPageQuery = z.infer<typeof shareVisitorPageQuerySchema>;

/** What a visitor may download of one asset. */
export interface ShareVisitorDownloads {
  original: boolean;
  preview: boolean;
}

export interface ShareVisitorAsset {
  id: number;
  title: string;
  description: string;
  extension: string | null;
  file_type_group: string;
  size: number | null;
  width: number | null;
  height: number | null;
  page_count: number | null;
  /** Media URLs scoped to the link: they stop working as soon as the link or the asset stops being shared. */
  thumbnail_url: string | null;
  preview_url: string | null;
  downloads: ShareVisitorDownloads;
  /** `/api/share-link/{token}/assets/{id}/download` (`?kind=preview` for the rendered preview), null when not allowed. */
  download_url: string | null;
  preview_download_url: string | null;
}

export interface ShareVisitorFolderRef {
  id: number;
  name: string;
}

export interface ShareVisitorPage {
  page: number;
  per_page: number;
  total: number;
}

/** GET /api/share-link/{token}/folders/{folderId}. */
export interface ShareVisitorFolder extends ShareVisitorPage {
  folder: ShareVisitorFolderRef;
  /** From the shared folder down to this one; never above the shared folder. */
  breadcrumbs: ShareVisitorFolderRef[];
  /** Sub-folders (all of them, by name), on the first page only. */
  folders: ShareVisitorFolderRef[];
  assets: ShareVisitorAsset[];
  download: ShareDownload;
  zip_url: string | null;
}

/** GET /api/share-link/{token}/assets: a collection's or an asset link's assets. */
export interface ShareVisitorAssets extends ShareVisitorPage {
  type: ShareLinkType;
  title: string;
  description: string;
  assets: ShareVisitorAsset[];
  download: ShareDownload;
  zip_url: string | null;
}

/** `?folder_id=` of a folder link's ZIP: one of its folders (default: the shared one). */
export const shareVisitorZipQuerySchema = z
  .object({ folder_id: refId('folder').optional(), consent: consentTokenSchema.optional() })
  .strict();
