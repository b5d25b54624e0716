import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useAppNavigate } from '../../lib/navigation';
import { FolderPicker } from '../../toolkit/FolderPicker';
import type { FolderNode } from '../../toolkit/folders';
import { Button } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert } from '../../ui/Feedback';
import { AddToCollectionDialog } from '../collections/AddToCollectionDialog';
import { consentAskedBy } from '../licences/api';
import { useConsentGate } from '../licences/useConsentGate';
import { BulkMetadataDialog } from '../metadata/LazyBulkMetadataDialog';
import type { ProjectContext } from '../projects/api';
import { ShareDialog } from '../shares/ShareDialog';
import { useCanShare } from '../shares/useCanShare';
import { useAcceptSubmissions } from '../submissions/SubmissionBadge';
import { BulkTagsDialog } from '../tags/BulkTagsDialog';
import { AssetGrid, type BrowserItem, type GridDragDrop } from './AssetGrid';
import { folderAssetsQuery } from './api';
import { DeleteAssetsDialog } from './DeleteAssetsDialog';
import { ExpiryEmptyState, ExpiryFilterField, useExpiryFilter } from './expiry';
import { LibraryToolbar, SelectionBar } from './FolderToolbar';
import { useFileDrop, useLiveAssetLists, useProcessingPoll, useSelectEverything, useViewMode } from './hooks';
import { ContentsSkeleton } from './LibrarySkeleton';
import { useBulkDownload } from './mutations';
import type { LibraryNotice, TrashUndo } from './notice';
import { useSelection } from './selection';
import { folderSortSearch, useFolderSort } from './sort';
import { SubmittedEmptyState, SubmittedFilterToggle, useSubmittedFilter } from './submitted';

/**
 * The folder's sub-folders and assets: toolbar, selection and its actions, the grid or list, file drops and moving
 * assets by dragging them onto a folder. A skeleton of the contents shows while they first load; another sort keeps
 * the shown contents until the new order arrives.
 */
export function FolderContents({
  project,
  folder,
  base,
  canEdit,
  onUpload,
  checking,
  notice,
  onNotice,
  onUndo,
  undoing,
  moveAssets,
  onDropAssets,
}: {
  project: ProjectContext;
  folder: FolderNode;
  base: string;
  canEdit: boolean;
  onUpload: (files: File[]) => void;
  checking: boolean;
  /** The outcome of the last action in this folder (a move, a delete with its Undo). */
  notice: LibraryNotice | null;
  onNotice: (notice: LibraryNotice | null) => void;
  /** Brings back what a delete put in the trash. */
  onUndo: (undo: TrashUndo) => void;
  undoing: boolean;
  /** Moves assets to a folder (rejects with the server's refusal). */
  moveAssets: (ids: number[], target: { id: number; name: string }) => Promise<void>;
  /** Assets dropped on a folder tile or row. */
  onDropAssets: (target: FolderNode, ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const [view, setView] = useViewMode();
  const [sort, setSort] = useFolderSort();
  const [expiry, setExpiry] = useExpiryFilter();
  const [submitted, setSubmitted] = useSubmittedFilter(canEdit);
  const [dialog, setDialog] = useState<'move' | 'delete' | 'collection' | 'tags' | 'metadata' | 'share' | null>(null);
  const shareable = useCanShare(project, canEdit);
  const { dragging, dropProps } = useFileDrop(canEdit, onUpload);

  const assetsQuery = useInfiniteQuery({
    ...folderAssetsQuery(project.id, folder.id, sort, expiry, submitted),
    placeholderData: keepPreviousData,
  });
  const assets = useMemo(() => assetsQuery.data?.pages.flatMap((page) => page.items) ?? [], [assetsQuery.data]);
  useProcessingPoll(queryClient, project.id, folder.id, sort, assets, { expiry, submitted });
  useLiveAssetLists(queryClient, project.id);
  const total = assetsQuery.data?.pages[0]?.total ?? assets.length;
  const order = useMemo(() => assets.map((asset) => asset.id), [assets]);
  const selection = useSelection(order);
  const selectedIds = useMemo(() => order.filter((id) => selection.selected.has(id)), [order, selection.selected]);
  const submittedIds = useMemo(
    () => assets.filter((a) => selection.selected.has(a.id) && a.submission?.status === 'SUBMITTED').map((a) => a.id),
    [assets, selection.selected],
  );
  const accept = useAcceptSubmissions(project.id);
  const { selectingAll, selectEverything } = useSelectEverything(assetsQuery, selection);

  // Folders come first, by name (turned round with a title sort Z–A); a filtered listing shows only assets.
  const subfolders = useMemo(() => {
    if (expiry || submitted) return [];
    const byName = [...folder.child_sets].sort((a, b) => a.name.localeCompare(b.name));
    return sort.sort === 'title' && sort.order === 'desc' ? byName.reverse() : byName;
  }, [folder.child_sets, sort, expiry, submitted]);
  const items = useMemo<BrowserItem[]>(
    () => [
      ...subfolders.map((f) => ({ kind: 'folder' as const, folder: f })),
      ...assets.map((a) => ({ kind: 'asset' as const, asset: a })),
    ],
    [subfolders, assets],
  );

  // Folders and assets open with the sort kept, so that the way back (the viewer's too) finds it.
  const search = folderSortSearch(sort);
  const open = useCallback(
    (item: BrowserItem) =>
      navigate(item.kind === 'folder' ? `${base}/folders/${item.folder.id}${search}` : `${base}/assets/${item.asset.id}${search}`),
    [navigate, base, search],
  );

  const download = useBulkDownload();
  // Usage consent (decision 0031) before a ZIP of assets that ask for it.
  const consent = useConsentGate();
  const dnd = useMemo<GridDragDrop | undefined>(
    () =>
      canEdit
        ? {
            projectId: project.id,
            dragIds: (assetId) => (selectedIds.includes(assetId) ? selectedIds : [assetId]),
            onDrop: onDropAssets,
          }
        : undefined,
    [canEdit, project.id, selectedIds, onDropAssets],
  );

  /**
   * The selection's ZIP, with the consent token the gate got for the loaded assets. Selected assets not loaded here
   * (select all) may ask for consent too, and a token only covers what its dialog showed: the server's 409 names
   * them, and the dialog is offered once more with its terms; a second refusal after that is shown as an error.
   */
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

  const folderLabel = folder.id === 0 ? project.name : folder.name;

  return (
    <div className={`library__content${dragging ? ' library__content--dragging' : ''}`} {...dropProps} data-testid="library-drop">
      <LibraryToolbar
        countLabel={
          assetsQuery.isPending
            ? ''
            : [
                subfolders.length > 0 ? t('library.folderCount', { count: subfolders.length }) : null,
                t('library.contentCount', { count: total }),
              ]
                .filter(Boolean)
                .join(' · ')
        }
        total={total}
        selectedCount={selectedIds.length}
        selectingAll={selectingAll}
        onSelectAll={(value) => (value ? void selectEverything() : selection.clear())}
        sort={sort}
        onSort={setSort}
        view={view}
        onView={setView}
        filters={
          <>
            {canEdit ? <SubmittedFilterToggle value={submitted} onChange={setSubmitted} /> : null}
            <ExpiryFilterField value={expiry} onChange={setExpiry} />
          </>
        }
      />

      {consent.dialog}
      {selectedIds.length > 0 ? (
        <SelectionBar
          count={selectedIds.length}
          canEdit={canEdit}
          downloading={download.busy}
          onMove={() => setDialog('move')}
          onDownload={() =>
            consent.gate(
              assets.filter((a) => selectedIds.includes(a.id)),
              (token) => downloadSelection(token, false),
            )
          }
          onDelete={() => setDialog('delete')}
          onAddToCollection={() => setDialog('collection')}
          onTags={canEdit ? () => setDialog('tags') : undefined}
          onMetadata={canEdit ? () => setDialog('metadata') : undefined}
          onShare={shareable ? () => setDialog('share') : undefined}
          onAcceptSubmissions={
            canEdit && submittedIds.length > 0
              ? () =>
                  accept.mutate(submittedIds, {
                    onError: (error) => onNotice({ tone: 'error', text: errorMessage(error, t('submissions.acceptFailed')) }),
                  })
              : undefined
          }
          accepting={accept.isPending}
          onClear={() => selection.clear()}
        />
      ) : null}
      {notice ? (
        <div className="dismissable-alert">
          <Alert tone={notice.tone}>{notice.text}</Alert>
          {notice.undo ? (
            <Button size="sm" onPress={() => notice.undo && onUndo(notice.undo)} isPending={undoing}>
              {t('library.trash.undo')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onPress={() => onNotice(null)} aria-label={t('common.dismiss')}>
            ×
          </Button>
        </div>
      ) : null}
      {download.failure ? <Alert>{download.failure}</Alert> : null}

      {assetsQuery.isPending ? (
        <ContentsSkeleton view={view} />
      ) : assetsQuery.isError ? (
        <LoadFailedAlert title={t('library.assetsFailed')} error={assetsQuery.error} onRetry={() => void assetsQuery.refetch()} />
      ) : items.length === 0 && submitted ? (
        <SubmittedEmptyState filter={submitted} requestsHref={`${base}/submission-requests`} onClear={() => setSubmitted(null)} />
      ) : items.length === 0 && expiry ? (
        <ExpiryEmptyState filter={expiry} onClear={() => setExpiry(null)} />
      ) : items.length === 0 ? (
        <div className="library__empty">
          <EmptyState
            title={t('library.emptyTitle')}
            action={
              canEdit ? (
                <FileTrigger allowsMultiple onSelect={(files) => files && onUpload(Array.from(files))}>
                  <Button variant="primary" isPending={checking}>
                    {t('library.upload')}
                  </Button>
                </FileTrigger>
              ) : undefined
            }
          >
            {canEdit ? t('library.emptyText') : t('library.emptyViewerText')}
          </EmptyState>
        </div>
      ) : (
        <AssetGrid
          items={items}
          view={view}
          selected={selection.selected}
          label={t('library.gridLabel', { folder: folderLabel })}
          onSelect={selection.select}
          onOpen={open}
          onEndReached={() => void assetsQuery.fetchNextPage()}
          hasMore={assetsQuery.hasNextPage}
          loadingMore={assetsQuery.isFetchingNextPage}
          sort={sort}
          onSort={setSort}
          dnd={dnd}
          busy={assetsQuery.isPlaceholderData}
        />
      )}

      {dragging ? (
        <div className="drop-overlay" aria-hidden="true">
          <p>{t('library.dropHere', { folder: folderLabel })}</p>
        </div>
      ) : null}

      {dialog === 'move' ? (
        <FolderPicker
          projectId={project.id}
          isOpen
          onOpenChange={(value) => !value && setDialog(null)}
          title={t('library.moveTitle', { count: selectedIds.length })}
          actionLabel={t('library.moveAction')}
          pendingLabel={t('library.moving')}
          disabledIds={[folder.id]}
          canCreate={canEdit}
          onPick={async (folderId, folderName) => {
            await moveAssets(selectedIds, { id: folderId, name: folderName });
            selection.clear();
          }}
        />
      ) : null}
      {dialog === 'collection' ? (
        <AddToCollectionDialog
          brandId={project.brand_id}
          projectId={project.id}
          canCreate={canEdit}
          assetIds={selectedIds}
          isOpen
          onOpenChange={(value) => !value && setDialog(null)}
          onAdded={(collection, count) => onNotice({ tone: 'success', text: t('collections.added', { count, name: collection.name }) })}
        />
      ) : null}
      {dialog === 'tags' ? (
        <BulkTagsDialog projectId={project.id} assetIds={selectedIds} isOpen onOpenChange={(value) => !value && setDialog(null)} />
      ) : null}
      {dialog === 'metadata' ? (
        <BulkMetadataDialog
          brandId={project.brand_id}
          projectId={project.id}
          assetIds={selectedIds}
          isOpen
          onOpenChange={(value) => !value && setDialog(null)}
        />
      ) : null}
      {dialog === 'share' && shareable ? (
        <ShareDialog
          target={{ type: 'asset', projectId: project.id, assetIds: selectedIds }}
          name={t('shares.selectionName', { count: selectedIds.length })}
          isOpen
          onOpenChange={(value) => !value && setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteAssetsDialog
          ids={selectedIds}
          projectId={project.id}
          projectName={project.name}
          onClose={() => setDialog(null)}
          onDeleted={(ids) => {
            selection.clear();
            onNotice({ tone: 'success', text: t('library.trash.assetsTrashed', { count: ids.length }), undo: { asset_ids: ids } });
          }}
        />
      ) : null}
    </div>
  );
}
