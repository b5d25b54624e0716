import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FileTrigger, Menu, MenuItem, MenuTrigger, Popover, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import { downloader } from '../../lib/download';
import { routeId } from '../../lib/guards';
import { isShortcutBlocked } from '../../lib/keyboard';
import { useAppNavigate } from '../../lib/navigation';
import { NotFoundPage } from '../../shell/NotFoundPage';
import { FolderPicker } from '../../toolkit/FolderPicker';
import { type FolderNode, findFolder, folderKeys, folderPath, folderTreeQuery } from '../../toolkit/folders';
import { Button, LinkButton } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { brandQuery } from '../brands/api';
import { type ProjectContext, projectKeys, projectQuery } from '../projects/api';
import type { UploadTarget } from '../uploads/queue';
import { useUploadStarter } from '../uploads/useUploadStarter';
import { AssetGrid, type BrowserItem, type ViewMode } from './AssetGrid';
import {
  ASSET_PAGE_SIZE,
  type Asset,
  type AssetPage,
  type AssetSort,
  assetKeys,
  bulkDownload,
  createAsset,
  deleteAssets,
  folderAssetsQuery,
  isProcessing,
  LIST_PREVIEW_WIDTH,
  transferAssets,
} from './api';
import { DeleteFolderDialog, FolderFormDialog } from './FolderDialogs';
import { FolderSidebar } from './FolderSidebar';
import { scheduleInvalidate } from './refresh';
import { useSelection } from './selection';

export const PROCESSING_POLL_MS = 2000;
const VIEW_STORAGE_KEY = 'emblem.library.view';

/** /brands/{brandId}/projects/{projectId} and …/folders/{setId}: the library browser. */
export function LibraryPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const setId = params.setId ? routeId(params.setId) : 0;
  const project = useQuery(projectQuery(projectId));
  const tree = useQuery(folderTreeQuery(projectId));

  if (!project.data || project.data.id !== projectId) return <LoadingState label={t('library.loading')} />;
  if (tree.isError) {
    return (
      <div className="page">
        <LoadFailedAlert title={t('library.foldersFailed')} error={tree.error} onRetry={() => void tree.refetch()} />
      </div>
    );
  }
  if (!tree.data) return <LoadingState label={t('library.loading')} />;
  const folder = findFolder(tree.data, setId);
  // The folder was deleted meanwhile (elsewhere): the same page as the loader's 404.
  if (!folder) return <NotFoundPage />;
  return <LibraryView brandId={brandId} project={project.data} tree={tree.data} folder={folder} />;
}

function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [view, setViewState] = useState<ViewMode>(() => (window.localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid'));
  const setView = useCallback((mode: ViewMode) => {
    setViewState(mode);
    window.localStorage.setItem(VIEW_STORAGE_KEY, mode);
  }, []);
  return [view, setView];
}

function LibraryView({
  brandId,
  project,
  tree,
  folder,
}: {
  brandId: number;
  project: ProjectContext;
  tree: FolderNode;
  folder: FolderNode;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  const [foldersOpen, setFoldersOpen] = useState(false);
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | null>(null);
  const [folderDownload, setFolderDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const base = `/brands/${brandId}/projects/${project.id}`;
  const path = folderPath(tree, folder.id);
  const parent = path.length > 1 ? path[path.length - 2] : undefined;
  const canEdit = project.permissions.canEdit;
  const isRoot = folder.id === 0;
  const heading = isRoot ? project.name : folder.name;
  const upload = useUploadStarter(project.id);

  const downloadFolder = async () => {
    setFolderDownload({ busy: true, error: null });
    try {
      const result = await bulkDownload({ project_id: project.id, set_id: folder.id });
      downloader.start(result.download_url);
      setFolderDownload({ busy: false, error: null });
    } catch (error) {
      setFolderDownload({ busy: false, error: errorMessage(error, t('library.downloadFailed')) });
    }
  };

  return (
    <div className="library">
      <title>{t('page.title', { title: heading })}</title>
      <aside className={`library__sidebar${foldersOpen ? ' library__sidebar--open' : ''}`} id="library-folders">
        <FolderSidebar key={project.id} tree={tree} currentId={folder.id} basePath={base} onNavigate={() => setFoldersOpen(false)} />
      </aside>
      <section className="library__main" aria-labelledby="library-heading">
        <header className="library__header">
          <nav aria-label={t('library.breadcrumbs')} className="breadcrumbs">
            <ol>
              <li>
                <Link to={`/brands/${brandId}`}>{brand.data?.name ?? t('library.brand')}</Link>
              </li>
              {path.map((node, index) => (
                <li key={node.id}>
                  {index === path.length - 1 ? (
                    <span aria-current="page">{node.id === 0 ? project.name : node.name}</span>
                  ) : (
                    <Link to={node.id === 0 ? base : `${base}/folders/${node.id}`}>{node.id === 0 ? project.name : node.name}</Link>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          <div className="library__title-row">
            <div className="library__title">
              <h1 id="library-heading">{heading}</h1>
              <Badge tone={project.project_type === 'WORKSPACE' ? 'info' : 'neutral'}>{t(`projectTypes.${project.project_type}`)}</Badge>
            </div>
            <div className="library__actions">
              <Button
                className="library__folders-toggle"
                aria-expanded={foldersOpen}
                aria-controls="library-folders"
                onPress={() => setFoldersOpen(!foldersOpen)}
              >
                {t('library.foldersToggle')}
              </Button>
              {canEdit ? (
                <>
                  <FileTrigger
                    allowsMultiple
                    onSelect={(files) => {
                      if (files) void upload.start(Array.from(files), assetUploadTarget(queryClient, project.id, folder.id));
                    }}
                  >
                    <Button variant="primary" isPending={upload.checking}>
                      {t('library.upload')}
                    </Button>
                  </FileTrigger>
                  <Button onPress={() => setDialog('create')}>{t('library.newFolder')}</Button>
                </>
              ) : null}
              <MenuTrigger>
                <Button aria-label={t('library.folderActions')}>
                  {folderDownload.busy ? t('library.preparing') : t('library.more')}
                  <span aria-hidden="true">▾</span>
                </Button>
                <Popover className="menu-popover" placement="bottom end">
                  <Menu
                    className="menu"
                    onAction={(key) => {
                      if (key === 'download') void downloadFolder();
                      if (key === 'rename') setDialog('rename');
                      if (key === 'delete') setDialog('delete');
                    }}
                  >
                    <MenuItem id="download" className="menu__item">
                      {isRoot ? t('library.downloadAll') : t('library.downloadFolder')}
                    </MenuItem>
                    {canEdit && !isRoot ? (
                      <MenuItem id="rename" className="menu__item">
                        {t('library.renameFolder')}
                      </MenuItem>
                    ) : null}
                    {canEdit && !isRoot ? (
                      <MenuItem id="delete" className="menu__item menu__item--danger">
                        {t('library.deleteFolder')}
                      </MenuItem>
                    ) : null}
                  </Menu>
                </Popover>
              </MenuTrigger>
              <LinkButton href={`${base}/settings/general`}>{t('library.settings')}</LinkButton>
            </div>
          </div>
          {folderDownload.busy ? (
            <p className="library__notice" role="status">
              <span className="spinner spinner--sm" aria-hidden="true" /> {t('library.preparingDownload')}
            </p>
          ) : null}
          {folderDownload.error ? <Alert>{folderDownload.error}</Alert> : null}
        </header>
        <FolderContents
          key={`${project.id}-${folder.id}`}
          project={project}
          folder={folder}
          base={base}
          canEdit={canEdit}
          onUpload={(files) => void upload.start(files, assetUploadTarget(queryClient, project.id, folder.id))}
          checking={upload.checking}
        />
      </section>
      {upload.dialogs}
      {dialog === 'create' ? (
        <FolderFormDialog
          projectId={project.id}
          mode={{ kind: 'create', parentId: folder.id }}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === 'rename' && !isRoot ? (
        <FolderFormDialog
          projectId={project.id}
          mode={{ kind: 'rename', folder }}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' && !isRoot ? (
        <DeleteFolderDialog
          projectId={project.id}
          folder={folder}
          parentName={parent ? (parent.id === 0 ? project.name : parent.name) : project.name}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
          onDeleted={() => navigate(parent && parent.id !== 0 ? `${base}/folders/${parent.id}` : base, { replace: true })}
        />
      ) : null}
    </div>
  );
}

/** Uploaded files become assets of the folder (POST /api/asset); the folder's listing is refreshed once per burst. */
export function assetUploadTarget(queryClient: QueryClient, projectId: number, setId: number): UploadTarget {
  return {
    projectId,
    finish: async (fileId) => {
      // The top level (0) is the absence of a folder.
      await createAsset({ file_id: fileId, project_id: projectId, ...(setId === 0 ? {} : { set_id: setId }) });
      scheduleInvalidate(queryClient, [...assetKeys.listsOfProject(projectId), setId]);
      scheduleInvalidate(queryClient, folderKeys.tree(projectId));
      scheduleInvalidate(queryClient, projectKeys.all);
    },
  };
}

const SORTS: AssetSort[] = ['position', 'title', 'created'];

function FolderContents({
  project,
  folder,
  base,
  canEdit,
  onUpload,
  checking,
}: {
  project: ProjectContext;
  folder: FolderNode;
  base: string;
  canEdit: boolean;
  onUpload: (files: File[]) => void;
  checking: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const [view, setView] = useViewMode();
  const [sort, setSort] = useState<AssetSort>('position');
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);

  const assetsQuery = useInfiniteQuery(folderAssetsQuery(project.id, folder.id, sort));
  const assets = useMemo(() => assetsQuery.data?.pages.flatMap((page) => page.items) ?? [], [assetsQuery.data]);
  useProcessingPoll(queryClient, project.id, folder.id, sort, assets);
  const total = assetsQuery.data?.pages[0]?.total ?? assets.length;
  const order = useMemo(() => assets.map((asset) => asset.id), [assets]);
  const selection = useSelection(order);
  const selectedIds = useMemo(() => order.filter((id) => selection.selected.has(id)), [order, selection.selected]);

  const subfolders = useMemo(() => [...folder.child_sets].sort((a, b) => a.name.localeCompare(b.name)), [folder.child_sets]);
  const items = useMemo<BrowserItem[]>(
    () => [
      ...subfolders.map((f) => ({ kind: 'folder' as const, folder: f })),
      ...assets.map((a) => ({ kind: 'asset' as const, asset: a })),
    ],
    [subfolders, assets],
  );

  const selectEverything = useCallback(async () => {
    let data = assetsQuery.data;
    let hasNext = assetsQuery.hasNextPage;
    if (hasNext) setSelectingAll(true);
    try {
      while (hasNext) {
        const result = await assetsQuery.fetchNextPage();
        if (result.isError) break;
        data = result.data;
        hasNext = result.hasNextPage;
      }
    } finally {
      setSelectingAll(false);
    }
    selection.selectAll(data?.pages.flatMap((page) => page.items.map((a) => a.id)) ?? []);
  }, [assetsQuery, selection]);

  // Ctrl/Cmd+A selects every asset of the folder; Escape clears the selection.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isShortcutBlocked(event)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        void selectEverything();
      } else if (event.key === 'Escape' && selection.selected.size > 0) {
        event.preventDefault();
        selection.clear();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selectEverything, selection]);

  const open = useCallback(
    (item: BrowserItem) => navigate(item.kind === 'folder' ? `${base}/folders/${item.folder.id}` : `${base}/assets/${item.asset.id}`),
    [navigate, base],
  );

  const refreshAfterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: assetKeys.listsOfProject(project.id) }),
      queryClient.invalidateQueries({ queryKey: folderKeys.tree(project.id) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    ]);
  };

  const moveTo = async (folderId: number, folderName: string) => {
    const ids = selectedIds;
    await transferAssets({
      source: { project: project.id },
      target: { project: project.id, folder: folderId },
      folders: [],
      assets: ids,
      metadata: true,
      mode: 'move',
    });
    selection.clear();
    setNotice(t('library.moved', { count: ids.length, folder: folderId === 0 ? project.name : folderName }));
    await refreshAfterChange();
  };

  const downloadSelection = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      const result = await bulkDownload({ asset_ids: selectedIds });
      downloader.start(result.download_url);
    } catch (error) {
      setFailure(errorMessage(error, t('library.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  };

  const dropProps = canEdit
    ? {
        onDragEnter: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          dragDepth.current += 1;
          setDragging(true);
        },
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          dragDepth.current = 0;
          setDragging(false);
          const files = Array.from(event.dataTransfer.files ?? []);
          if (files.length > 0) onUpload(files);
        },
      }
    : {};

  const folderLabel = folder.id === 0 ? project.name : folder.name;
  const allSelected = total > 0 && selectedIds.length === total;

  return (
    <div className={`library__content${dragging ? ' library__content--dragging' : ''}`} {...dropProps} data-testid="library-drop">
      <div className="library-toolbar">
        <p className="library-toolbar__count" aria-live="polite">
          {assetsQuery.isPending
            ? ''
            : [
                subfolders.length > 0 ? t('library.folderCount', { count: subfolders.length }) : null,
                t('library.contentCount', { count: total }),
              ]
                .filter(Boolean)
                .join(' · ')}
        </p>
        <div className="library-toolbar__controls">
          {total > 0 ? (
            <Checkbox
              isSelected={allSelected}
              isIndeterminate={selectedIds.length > 0 && !allSelected}
              isDisabled={selectingAll}
              onChange={(value) => (value ? void selectEverything() : selection.clear())}
            >
              {selectingAll ? t('library.selectingAll') : t('library.selectAll')}
            </Checkbox>
          ) : null}
          <SelectField
            className="field--compact library-toolbar__sort"
            label={t('library.sort')}
            hideLabel
            options={SORTS.map((id) => ({ id, label: t(`library.sorts.${id}`) }))}
            value={sort}
            onChange={(value) => setSort(value as AssetSort)}
          />
          <ToggleButtonGroup
            className="view-toggle"
            aria-label={t('library.view')}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[view]}
            onSelectionChange={(keys) => {
              const [key] = [...keys];
              if (key === 'grid' || key === 'list') setView(key);
            }}
          >
            <ToggleButton id="grid" className="view-toggle__button">
              <span aria-hidden="true">▦</span> <span className="view-toggle__label">{t('library.grid')}</span>
            </ToggleButton>
            <ToggleButton id="list" className="view-toggle__button">
              <span aria-hidden="true">☰</span> <span className="view-toggle__label">{t('library.list')}</span>
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
      </div>

      {selectedIds.length > 0 ? (
        <section className="selection-bar" aria-label={t('library.selectionBar')}>
          <p className="selection-bar__count">{t('library.selectedCount', { count: selectedIds.length })}</p>
          <div className="selection-bar__actions">
            {canEdit ? <Button onPress={() => setDialog('move')}>{t('library.move')}</Button> : null}
            <Button onPress={() => void downloadSelection()} isPending={downloading}>
              {downloading ? t('library.preparing') : t('library.downloadZip')}
            </Button>
            {canEdit ? (
              <Button variant="danger" onPress={() => setDialog('delete')}>
                {t('library.delete')}
              </Button>
            ) : null}
            <Button variant="ghost" onPress={() => selection.clear()}>
              {t('library.clearSelection')}
            </Button>
          </div>
        </section>
      ) : null}
      {notice ? (
        <div className="dismissable-alert">
          <Alert tone="success">{notice}</Alert>
          <Button variant="ghost" size="sm" onPress={() => setNotice(null)} aria-label={t('common.dismiss')}>
            ×
          </Button>
        </div>
      ) : null}
      {failure ? <Alert>{failure}</Alert> : null}

      {assetsQuery.isPending ? (
        <LoadingState label={t('library.loadingAssets')} />
      ) : assetsQuery.isError ? (
        <LoadFailedAlert title={t('library.assetsFailed')} error={assetsQuery.error} onRetry={() => void assetsQuery.refetch()} />
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
          onPick={moveTo}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteAssetsDialog
          ids={selectedIds}
          projectName={project.name}
          onClose={() => setDialog(null)}
          onDeleted={async (count) => {
            selection.clear();
            setNotice(t('library.deleted', { count }));
            await refreshAfterChange();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Tiles still being processed are asked for again every 2 s, by id (POST /api/asset/list {ids}), and patched
 * into the folder's pages: a folder of 10,000 assets does not reload 50 pages for one new upload.
 */
function useProcessingPoll(queryClient: QueryClient, projectId: number, setId: number, sort: AssetSort, assets: Asset[]) {
  const processing = useMemo(() => assets.filter(isProcessing).map((a) => a.id), [assets]);
  const poll = useQuery({
    queryKey: [...assetKeys.listsOfProject(projectId), setId, sort, 'processing', processing] as const,
    queryFn: ({ signal }) =>
      api<AssetPage>('/api/asset/list', {
        method: 'POST',
        signal,
        body: { ids: processing, include_preview_url: true, preview_width: LIST_PREVIEW_WIDTH, limit: ASSET_PAGE_SIZE },
      }),
    enabled: processing.length > 0,
    refetchInterval: PROCESSING_POLL_MS,
    // The first answer for these ids is the listing itself; the poll starts one interval later.
    initialData: { items: [], next_cursor: null, total: 0 },
    initialDataUpdatedAt: () => Date.now(),
    staleTime: PROCESSING_POLL_MS,
    gcTime: 0,
    meta: { background: true },
  });
  useEffect(() => {
    const updated = new Map(poll.data.items.map((a) => [a.id, a]));
    if (updated.size === 0) return;
    queryClient.setQueryData<InfiniteData<AssetPage>>(folderAssetsQuery(projectId, setId, sort).queryKey, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((a) => updated.get(a.id) ?? a) })) } : data,
    );
    // Finished assets change counts and previews elsewhere too (the tree, the brand's project cards).
    if ([...updated.values()].some((a) => !isProcessing(a))) void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  }, [poll.data, queryClient, projectId, setId, sort]);
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** POST /api/screen/delete after a confirmation. */
function DeleteAssetsDialog({
  ids,
  projectName,
  onClose,
  onDeleted,
}: {
  ids: number[];
  projectName: string;
  onClose: () => void;
  onDeleted: (count: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      const result = await deleteAssets(ids);
      onClose();
      await onDeleted(result?.deleted?.length ?? ids.length);
    } catch (error) {
      setDeleting(false);
      setFailure(errorMessage(error, t('library.deleteFailed')));
    }
  };
  return (
    <AppDialog
      title={t('library.deleteTitle', { count: ids.length })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!deleting}
      size="sm"
    >
      <p>{t('library.deleteText', { count: ids.length, project: projectName })}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={deleting ? t('library.deleting') : t('library.deleteConfirm', { count: ids.length })}
        busy={deleting}
        onConfirm={() => void confirm()}
      />
    </AppDialog>
  );
}
