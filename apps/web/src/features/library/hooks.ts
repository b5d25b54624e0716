import { type AssetExpiryFilter, type AssetSubmittedFilter, projectChannel } from '@emblem/core';
import { type InfiniteData, type QueryClient, type UseInfiniteQueryResult, useQuery } from '@tanstack/react-query';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { isShortcutBlocked } from '../../lib/keyboard';
import { useChannel } from '../../lib/realtime';
import { projectKeys } from '../projects/api';
import type { ViewMode } from './AssetGrid';
import { ASSET_PAGE_SIZE, type Asset, type AssetPage, assetKeys, folderAssetsQuery, isProcessing, LIST_PREVIEW_WIDTH } from './api';
import { scheduleInvalidate } from './refresh';
import type { useSelection } from './selection';
import type { FolderSort } from './sort';

export const PROCESSING_POLL_MS = 2000;
const VIEW_STORAGE_KEY = 'emblem.library.view';

/**
 * The project's asset lists refetch when its channel says assets were added, changed or moved by anyone (or after
 * a reconnection, when messages may have been missed); a burst of messages refetches once (decision 0047).
 */
export function useLiveAssetLists(queryClient: QueryClient, projectId: number) {
  useChannel(projectChannel(projectId), (message) => {
    if (message.event === 'asset' || message.event === 'workflow' || message.event === 'resync')
      scheduleInvalidate(queryClient, assetKeys.listsOfProject(projectId));
  });
}

/** Grid or list, remembered in this browser. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [view, setViewState] = useState<ViewMode>(() => (window.localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid'));
  const setView = useCallback((mode: ViewMode) => {
    setViewState(mode);
    window.localStorage.setItem(VIEW_STORAGE_KEY, mode);
  }, []);
  return [view, setView];
}

/**
 * Tiles still being processed are asked for again every 2 s, by id (POST /api/asset/list {ids}), and patched
 * into the folder's pages: a folder of 10,000 assets does not reload 50 pages for one new upload. `filters` are the
 * listing's (expiry, submitted), so the answers land in the query the folder shows, filtered or not.
 */
export function useProcessingPoll(
  queryClient: QueryClient,
  projectId: number,
  setId: number,
  sort: FolderSort,
  assets: Asset[],
  filters: { expiry?: AssetExpiryFilter | null; submitted?: AssetSubmittedFilter | null } = {},
) {
  const expiry = filters.expiry ?? null;
  const submitted = filters.submitted ?? null;
  // The listing's own key, filters included: a filtered listing is another query than the folder's plain one.
  const listingKey = folderAssetsQuery(projectId, setId, sort, expiry, submitted).queryKey;
  const processing = useMemo(() => assets.filter(isProcessing).map((a) => a.id), [assets]);
  const poll = useQuery({
    queryKey: [...listingKey, 'processing', processing] as const,
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
    queryClient.setQueryData<InfiniteData<AssetPage>>(folderAssetsQuery(projectId, setId, sort, expiry, submitted).queryKey, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((a) => updated.get(a.id) ?? a) })) } : data,
    );
    // Finished assets change counts and previews elsewhere too (the tree, the brand's project cards).
    if ([...updated.values()].some((a) => !isProcessing(a))) void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  }, [poll.data, queryClient, projectId, setId, sort, expiry, submitted]);
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Files dragged from the desktop onto the area: `dragging` while over it, `onFiles` on drop. Off when not `enabled`. */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const dropProps = enabled
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
          if (files.length > 0) onFiles(files);
        },
      }
    : {};
  return { dragging, dropProps };
}

/**
 * Selecting every asset of the folder loads its remaining pages first (`selectingAll` meanwhile). Ctrl/Cmd+A
 * does the same; Escape clears the selection.
 */
export function useSelectEverything(
  assetsQuery: UseInfiniteQueryResult<InfiniteData<AssetPage>>,
  selection: ReturnType<typeof useSelection>,
) {
  const [selectingAll, setSelectingAll] = useState(false);
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

  return { selectingAll, selectEverything };
}
