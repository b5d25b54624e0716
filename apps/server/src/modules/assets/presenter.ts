import type { AssetCustomMetadataValue, AssetObjectType, AssetResponse, AssetStatus, AssetTag } from '@emblem/core';
import { assetTypeOf, fileTypeGroup, type ProjectLevel } from '@emblem/core';
import type { AssetRights } from '../licences/public.js';
import { DEFAULT_PREVIEW_WIDTH, SMALL_PREVIEW_WIDTH, signedMediaUrl } from '../media/public.js';
import { projectPolicy } from '../projects/public.js';
import type { AssetDetail } from './queries.js';

export interface PresentOptions {
  secret: string;
  includeUrls: boolean;
  previewWidth?: number;
  /** Folder breadcrumbs of the asset's folder, root first. */
  breadcrumbs: { id: number; name: string }[];
  level: ProjectLevel;
  /** The asset's copyright and licences (licences/public.ts rightsOf); none when left out. */
  rights?: AssetRights;
  /** The asset's tags (tags/public.ts tagsOf); none when left out. */
  tags?: AssetTag[];
  /** The asset's custom metadata values (metadata/public.ts customMetadataOf); none when left out. */
  customMetadata?: AssetCustomMetadataValue[];
  /** Required properties without a value (the asset list flag); the field is left out when undefined. */
  requiredWithoutValue?: number[];
}

const LIBRARY_TYPES = new Set(['MEDIALIBRARY', 'LOGOLIBRARY', 'ICONLIBRARY', 'DOCUMENTLIBRARY', 'TEXTLIBRARY', 'TEMPLATELIBRARY']);

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The one presenter of an asset. REST answers use these snake_case names; GraphQL maps them to the
 * camelCase forms of the same names.
 */
export function presentAsset(d: AssetDetail, o: PresentOptions): AssetResponse {
  const { asset, revision, file } = d;
  const meta = revision?.metadata ?? {};
  const ext = file?.extension ?? '';
  const isUrl = asset.objectType === 'URL';
  const finished = revision?.status === 'FINISHED';
  const hasPreview = finished && Boolean(revision?.previewKey);
  const urls = o.includeUrls && revision && !isUrl;
  const media = (width: number) => (revision ? signedMediaUrl(o.secret, asset.token, revision.id, { width }) : null);
  const icon = `/api/file-icon/file-${ext || 'file'}.svg`;
  const folder = o.breadcrumbs.at(-1) ?? null;
  const place = { id: asset.projectId, name: d.projectName, type: d.projectType };
  return {
    id: asset.id,
    project_id: asset.projectId,
    set_id: asset.setId,
    title: asset.title,
    description: asset.description,
    alternative_text: asset.alternativeText,
    computed_alternative_text: asset.alternativeText || asset.title,
    object_type: asset.objectType as AssetObjectType,
    external_url: asset.externalUrl,
    status: asset.status as AssetStatus,
    type: isUrl ? 'EmbeddedContent' : assetTypeOf(ext),
    file_type_group: isUrl ? 'other' : fileTypeGroup(ext),
    extension: ext || null,
    size: file?.size ?? null,
    width: num(meta.width),
    height: num(meta.height),
    duration: num(meta.duration),
    page_count: num(meta.page_count),
    has_alpha: meta.has_alpha === true,
    color_space: typeof meta.color_space === 'string' ? meta.color_space : null,
    file_created_at: typeof meta.file_created_at === 'string' ? meta.file_created_at : null,
    filename: file?.originalName ?? null,
    preview_background_color: revision?.previewBackgroundColor ?? null,
    position: asset.position,
    revision: revision ? { id: revision.id, number: revision.number, status: revision.status as AssetStatus } : null,
    processing_error: revision?.processingError ?? null,
    asset_token: asset.token,
    expires_at: asset.expiresAt?.toISOString() ?? null,
    is_expired: asset.expiresAt !== null && asset.expiresAt.getTime() <= Date.now(),
    workflow_status: d.workflowStatus ? { ...d.workflowStatus, trigger: d.workflowStatus.trigger === 'APPROVED' } : null,
    submission: asset.submissionStatus
      ? {
          status: asset.submissionStatus as 'SUBMITTED' | 'ACCEPTED',
          late: asset.submittedLate,
          request_id: asset.submissionRequestId,
          name: asset.submittedByName,
          email: asset.submittedByEmail,
        }
      : null,
    created_at: asset.createdAt.toISOString(),
    modified_at: asset.modifiedAt.toISOString(),
    creator: asset.createdBy ? { id: asset.createdBy, name: d.creatorName } : null,
    author: asset.author,
    copyright: o.rights?.copyright ?? {
      status: asset.copyrightStatus as AssetRights['copyright']['status'],
      notice: asset.copyrightNotice,
      is_download_consent_required: asset.downloadConsentRequired,
    },
    licenses: o.rights?.licenses ?? [],
    requires_consent: o.rights?.requires_consent ?? asset.downloadConsentRequired,
    preview_url: urls ? (hasPreview ? media(o.previewWidth ?? DEFAULT_PREVIEW_WIDTH) : finished ? icon : null) : null,
    thumbnail_url: urls ? (hasPreview ? media(SMALL_PREVIEW_WIDTH) : finished ? icon : null) : null,
    download_url: urls ? `/api/asset/${asset.id}/download` : null,
    cdn_download_url: null,
    location: {
      library: LIBRARY_TYPES.has(d.projectType) ? place : null,
      workspace_project: LIBRARY_TYPES.has(d.projectType) ? null : place,
      folder,
      breadcrumbs: o.breadcrumbs,
    },
    tags: o.tags ?? [],
    custom_metadata: o.customMetadata ?? [],
    ...(o.requiredWithoutValue ? { required_custom_metadata_property_ids_without_value: o.requiredWithoutValue } : {}),
    permissions: projectPolicy.permissions(o.level),
  };
}
export type Asset = ReturnType<typeof presentAsset>;
