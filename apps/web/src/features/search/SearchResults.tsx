import type { AssetResponse } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { AssetGrid, type BrowserItem, type ViewMode } from '../library/AssetGrid';
import { SelectionBar, ViewToggle } from '../library/FolderToolbar';
import { useBulkDownload } from '../library/mutations';
import { useSelection } from '../library/selection';
import { consentAskedBy } from '../licences/api';
import { useConsentGate } from '../licences/useConsentGate';
import { BulkMetadataDialog } from '../metadata/LazyBulkMetadataDialog';
import { BulkTagsDialog } from '../tags/BulkTagsDialog';
import { searchKeys } from './api';
import { SORT_CHOICES, type SortChoice } from './url';

/** The results' toolbar: how many there are (a live region), the sort menu and the grid/list switch. */
export function ResultsToolbar({
  total,
  pending,
  sort,
  onSort,
  view,
  onView,
}: {
  total: number;
  pending: boolean;
  sort: SortChoice;
  onSort: (sort: SortChoice) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="library-toolbar search-toolbar">
      <p className="library-toolbar__count" role="status" aria-live="polite">
        {pending ? '' : t('search.results.count', { count: total, formatted: formatNumber(total) })}
      </p>
      <div className="library-toolbar__controls">
        <SelectField
          className="field--compact library-toolbar__sort"
          label={t('search.sort.label')}
          hideLabel
          options={SORT_CHOICES.map((id) => ({ id, label: t(`search.sort.${id}`) }))}
          value={sort}
          onChange={(value) => onSort(value as SortChoice)}
        />
        <ViewToggle view={view} onView={onView} />
      </div>
    </div>
  );
}

/**
 * The matching assets in the library's grid or list, with selection and the actions that make sense outside a
 * folder: a ZIP of the selection (with usage consent where asked), its tags (for people who may edit every
 * selected asset) and its custom metadata (the same, within one library). An asset opens in its library's viewer.
 */
export function SearchResults({
  brandId,
  assets,
  view,
  hasMore,
  loadingMore,
  onMore,
  busy,
}: {
  brandId: number;
  assets: AssetResponse[];
  view: ViewMode;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useMemo(() => assets.map((a) => a.id), [assets]);
  const selection = useSelection(order);
  const selected = useMemo(() => assets.filter((a) => selection.selected.has(a.id)), [assets, selection.selected]);
  const selectedIds = selected.map((a) => a.id);
  const items = useMemo<BrowserItem[]>(() => assets.map((asset) => ({ kind: 'asset' as const, asset })), [assets]);
  const [tagsOpen, setTagsOpen] = useState(false);
  const download = useBulkDownload();
  const consent = useConsentGate();
  const canTag = selected.length > 0 && selected.every((a) => a.permissions.canEdit);
  const [metadataOpen, setMetadataOpen] = useState(false);
  // Custom metadata applies per library: a selection from one library gets the bulk dialog.
  const canMetadata = canTag && selected.every((a) => a.project_id === selected[0]?.project_id);

  const downloadSelection = (token: string | null, offeredAgain: boolean) =>
    download.mutate(
      { asset_ids: selectedIds, ...(token ? { consent_token: token } : {}) },
      {
        onError: (error) => {
          const details = offeredAgain ? null : consentAskedBy(error);
          if (!details) return;
          download.clearFailure();
          consent.offer(details, (granted) => downloadSelection(granted, true));
        },
      },
    );

  return (
    <>
      {consent.dialog}
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          canEdit={false}
          downloading={download.busy}
          onMove={() => {}}
          onDelete={() => {}}
          onDownload={() => consent.gate(selected, (token) => downloadSelection(token, false))}
          onTags={canTag ? () => setTagsOpen(true) : undefined}
          onMetadata={canMetadata ? () => setMetadataOpen(true) : undefined}
          onClear={() => selection.clear()}
        />
      ) : null}
      {download.failure ? <Alert>{download.failure}</Alert> : null}
      <AssetGrid
        items={items}
        view={view}
        selected={selection.selected}
        label={t('search.results.gridLabel')}
        onSelect={selection.select}
        onOpen={(item) =>
          item.kind === 'asset' && void navigate(`/brands/${brandId}/projects/${item.asset.project_id}/assets/${item.asset.id}`)
        }
        onEndReached={onMore}
        hasMore={hasMore}
        loadingMore={loadingMore}
        busy={busy}
      />
      {hasMore && !loadingMore ? (
        <div className="search-results__more">
          <Button onPress={onMore}>{t('search.results.more')}</Button>
        </div>
      ) : null}
      {tagsOpen && selected[0] ? (
        <BulkTagsDialog
          projectId={selected[0].project_id}
          assetIds={selectedIds}
          isOpen
          onOpenChange={(open) => {
            if (open) return;
            setTagsOpen(false);
            // Tags are searched and faceted: the results follow the change.
            void queryClient.invalidateQueries({ queryKey: searchKeys.all });
          }}
        />
      ) : null}
      {metadataOpen && canMetadata && selected[0] ? (
        <BulkMetadataDialog
          brandId={brandId}
          projectId={selected[0].project_id}
          assetIds={selectedIds}
          isOpen
          onOpenChange={(open) => {
            if (open) return;
            setMetadataOpen(false);
            // Custom metadata is searched and faceted: the results follow the change.
            void queryClient.invalidateQueries({ queryKey: searchKeys.all });
          }}
        />
      ) : null}
    </>
  );
}
