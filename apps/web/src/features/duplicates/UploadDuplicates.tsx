import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectQuery } from '../projects/api';
import { assetDuplicatesQuery } from './api';

/**
 * The upload tray's warning (issue 13 §4): the asset just made has the same file as assets already in its library,
 * each linked. Nothing shows while asking, when there are none, or when the question fails (the upload did succeed).
 */
export function UploadDuplicates({ assetId, projectId }: { assetId: number; projectId: number }) {
  const { t } = useTranslation();
  const found = useQuery(assetDuplicatesQuery(assetId));
  const project = useQuery({ ...projectQuery(projectId), enabled: Boolean(found.data?.assets.length) });
  const existing = found.data?.assets ?? [];
  if (existing.length === 0 || !project.data) return null;
  const base = `/brands/${project.data.brand_id}/projects/${projectId}/assets`;
  return (
    <p className="upload-row__duplicate" role="status">
      {t('duplicates.upload.existing')}{' '}
      {existing.map((asset, i) => (
        <span key={asset.id}>
          {i > 0 ? ', ' : null}
          <Link to={`${base}/${asset.id}`} aria-label={t('duplicates.upload.existingLabel', { title: asset.title })}>
            {asset.title}
          </Link>
        </span>
      ))}
    </p>
  );
}

/**
 * How many of these finished uploads made an asset whose file was already in its library. The tray stays open (or
 * opens again) while this grows, so the warning is seen instead of folding away with the finished batch.
 */
export function useUploadDuplicateCount(assetIds: readonly number[]): number {
  return useQueries({
    queries: assetIds.map((id) => ({ ...assetDuplicatesQuery(id), retry: false })),
    combine: (results) => results.filter((r) => (r.data?.assets.length ?? 0) > 0).length,
  });
}
