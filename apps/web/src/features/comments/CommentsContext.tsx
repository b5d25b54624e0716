import type { CommentFilter, CommentMarking } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, type RefObject, useContext, useMemo, useRef, useState } from 'react';
import { type Comment, commentsQuery, passesFilter } from './api';

/**
 * What the comments panel and the media share in the viewer: the comments (loaded once, all of them), the filter,
 * the comment tool and the marking being drawn, the selected comment, the revision shown, and the media's
 * position (the PDF page, the video element), so that a click on a comment can show its marking.
 */
export interface CommentsState {
  assetId: number;
  comments: Comment[] | undefined;
  /** Marker numbers: top-level comments in the order they were made, 1, 2, 3… (decision 0051). */
  numbers: ReadonlyMap<number, number>;
  filter: CommentFilter;
  setFilter: (filter: CommentFilter) => void;
  /** The caller may comment: the tool and the composer show. */
  canComment: boolean;
  tool: boolean;
  setTool: (on: boolean) => void;
  draft: CommentMarking | null;
  setDraft: (marking: CommentMarking | null) => void;
  selectedId: number | null;
  /** Selects a comment (null: none) and brings its marking into view (the PDF page, the video's time). */
  select: (comment: Comment | null) => void;
  /** The asset's current revision; null for assets without a file. */
  currentRevisionId: number | null;
  /** The revision the media shows: the current one unless an earlier one was asked for. */
  shownRevisionId: number | null;
  /** null: back to the current revision. */
  setShownRevisionId: (id: number | null) => void;
  /** The page of a multi-page document, from 1. */
  page: number;
  setPage: (page: number) => void;
  video: RefObject<HTMLVideoElement | null>;
}

const CommentsContext = createContext<CommentsState | null>(null);

export function useComments(): CommentsState {
  const state = useContext(CommentsContext);
  if (!state) throw new Error('useComments outside CommentsProvider');
  return state;
}

/** The comments state, or null outside a viewer (previews shown elsewhere). */
export function useOptionalComments(): CommentsState | null {
  return useContext(CommentsContext);
}

export function CommentsProvider({
  assetId,
  currentRevisionId,
  canComment,
  shownRevisionId: initialShown = null,
  children,
}: {
  assetId: number;
  currentRevisionId: number | null;
  canComment: boolean;
  /** The revision shown at first (comparerevision shows one per pane); the current one by default. */
  shownRevisionId?: number | null;
  children: ReactNode;
}) {
  const query = useQuery(commentsQuery(assetId));
  const [filter, setFilter] = useState<CommentFilter>('ALL');
  const [tool, setToolState] = useState(false);
  const [draft, setDraft] = useState<CommentMarking | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(initialShown);
  const [shownRevisionId, setShownRevisionId] = useState<number | null>(initialShown);
  const [page, setPage] = useState(1);
  const video = useRef<HTMLVideoElement | null>(null);
  const comments = query.data;

  const value = useMemo<CommentsState>(() => {
    const numbers = new Map<number, number>();
    for (const c of [...(comments ?? [])].sort((a, b) => a.id - b.id)) numbers.set(c.id, numbers.size + 1);
    return {
      assetId,
      comments,
      numbers,
      filter,
      setFilter,
      canComment,
      tool,
      setTool: (on) => {
        setToolState(on);
        if (!on) setDraft(null);
      },
      draft,
      setDraft,
      selectedId,
      select: (comment) => {
        setSelectedId(comment?.id ?? null);
        const marking = comment?.marking;
        if (!marking) return;
        if (marking.kind === 'PAGE') setPage(marking.page);
        if (marking.kind === 'TIMEFRAME' && video.current) video.current.currentTime = marking.start_ms / 1000;
      },
      currentRevisionId,
      shownRevisionId: shownRevisionId ?? currentRevisionId,
      setShownRevisionId,
      page,
      setPage,
      video,
    };
  }, [assetId, comments, filter, canComment, tool, draft, selectedId, currentRevisionId, shownRevisionId, page]);
  return <CommentsContext.Provider value={value}>{children}</CommentsContext.Provider>;
}

/** The top-level comments with a marking on the shown revision that pass the filter: the ones drawn on the media. */
export function visibleMarked(state: CommentsState): Comment[] {
  return (state.comments ?? []).filter(
    (c) => c.marking !== null && c.revision_id === state.shownRevisionId && passesFilter(c, state.filter),
  );
}

/** The asset as the media shows it: with an earlier revision's preview when one is shown (images and documents). */
export function withShownRevision<A extends { revision: { id: number; number: number; status: string } | null }>(
  asset: A & { preview_url?: string | null; width?: number | null; height?: number | null; extension?: string | null },
  revisions: readonly {
    id: number;
    number: number;
    status: string;
    preview_url: string | null;
    width: number | null;
    height: number | null;
    extension: string;
  }[],
  shownRevisionId: number | null | undefined,
): A {
  if (!shownRevisionId || asset.revision?.id === shownRevisionId) return asset;
  const revision = revisions.find((r) => r.id === shownRevisionId);
  if (!revision) return asset;
  return {
    ...asset,
    revision: { id: revision.id, number: revision.number, status: revision.status },
    preview_url: revision.preview_url,
    width: revision.width,
    height: revision.height,
    extension: revision.extension,
  };
}
