import type { CommentMarking } from '@emblem/core';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalComments, visibleMarked } from './CommentsContext';
import { formatMs, fractionOf, markerStyle, markingFromDrag, type Point } from './markings';

/** Arrow keys move a pin placed with the keyboard by this much of the image. */
const KEY_STEP = 0.02;

/**
 * Numbered markers over an image (inside ZoomableImage's canvas, so percent of the image's box at every zoom) and,
 * with the comment tool, the layer that places a pin (click, or Enter then the arrow keys) or draws a rectangle (drag).
 */
export function ImageMarkers() {
  const { t } = useTranslation();
  const state = useOptionalComments();
  const layerRef = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  if (!state) return null;
  const { tool, draft, setDraft, selectedId, select, numbers } = state;
  const marked = visibleMarked(state).filter((c) => c.marking?.kind === 'PIN' || c.marking?.kind === 'RECTANGLE');
  const at = (event: PointerEvent) => {
    const box = layerRef.current?.getBoundingClientRect();
    return box ? fractionOf(event.clientX, event.clientY, box) : { x: 0, y: 0 };
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const pin = draft?.kind === 'PIN' ? draft : null;
    const move: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (event.key === 'Enter' || event.key === ' ') setDraft({ kind: 'PIN', x: pin?.x ?? 0.5, y: pin?.y ?? 0.5 });
    else if (pin && move[event.key]) {
      const [dx, dy] = move[event.key]!;
      const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
      setDraft({ kind: 'PIN', x: clamp(pin.x + dx * KEY_STEP), y: clamp(pin.y + dy * KEY_STEP) });
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div ref={layerRef} className={`comment-layer${tool ? ' comment-layer--tool' : ''}`}>
      {tool ? (
        <div
          className="comment-layer__draw"
          role="application"
          aria-label={t('comments.tool.area')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing area takes Enter and the arrow keys to place a pin.
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            const point = at(event);
            setStart(point);
            setDraft({ kind: 'PIN', ...point });
          }}
          onPointerMove={(event) => {
            if (start) setDraft(markingFromDrag(start, at(event)));
          }}
          onPointerUp={(event) => {
            if (!start) return;
            setDraft(markingFromDrag(start, at(event)));
            setStart(null);
          }}
        />
      ) : null}
      {marked.map((comment) => {
        const number = numbers.get(comment.id) ?? 0;
        return (
          <Marker
            key={comment.id}
            marking={comment.marking!}
            number={number}
            selected={selectedId === comment.id}
            resolved={comment.is_resolved}
            label={t('comments.marker', { number })}
            onPress={() => select(selectedId === comment.id ? null : comment)}
          />
        );
      })}
      {draft && (draft.kind === 'PIN' || draft.kind === 'RECTANGLE') ? <Marker marking={draft} number={null} selected label="" /> : null}
    </div>
  );
}

function Marker({
  marking,
  number,
  selected,
  resolved = false,
  label,
  onPress,
}: {
  marking: CommentMarking;
  number: number | null;
  selected: boolean;
  resolved?: boolean;
  label: string;
  onPress?: () => void;
}) {
  const style = markerStyle(marking);
  if (!style) return null;
  const classes = [
    'comment-marker',
    `comment-marker--${marking.kind.toLowerCase()}`,
    selected ? 'comment-marker--selected' : '',
    resolved ? 'comment-marker--resolved' : '',
    number === null ? 'comment-marker--draft' : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!onPress) return <span className={classes} style={style} aria-hidden="true" data-testid="draft-marker" />;
  return (
    <button
      type="button"
      className={classes}
      style={style}
      aria-label={label}
      aria-pressed={selected}
      data-comment-marker={number ?? undefined}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={onPress}
    >
      <span className="comment-marker__number">{number}</span>
    </button>
  );
}

/** Under a video: each comment's timeframe as a numbered marker on the timeline; a click seeks to it. */
export function VideoMarkers({ duration }: { duration: number }) {
  const { t } = useTranslation();
  const state = useOptionalComments();
  if (!state || !duration) return null;
  const marked = visibleMarked(state).filter((c) => c.marking?.kind === 'TIMEFRAME');
  if (marked.length === 0) return null;
  return (
    <ol className="comment-timeline" aria-label={t('comments.timeline')}>
      {marked.map((comment) => {
        const m = comment.marking;
        if (m?.kind !== 'TIMEFRAME') return null;
        const number = state.numbers.get(comment.id) ?? 0;
        const left = Math.min(100, (m.start_ms / 1000 / duration) * 100);
        const width = Math.max(0.5, Math.min(100 - left, ((m.end_ms - m.start_ms) / 1000 / duration) * 100));
        return (
          <li key={comment.id} className="comment-timeline__item" style={{ left: `${left}%`, width: `${width}%` }}>
            <button
              type="button"
              className={`comment-marker comment-marker--timeframe${state.selectedId === comment.id ? ' comment-marker--selected' : ''}`}
              aria-pressed={state.selectedId === comment.id}
              aria-label={t('comments.markerAt', { number, time: formatMs(m.start_ms) })}
              onClick={() => state.select(comment)}
            >
              <span className="comment-marker__number">{number}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** Beside a document's pager: the comments on the page shown, as numbered buttons. */
export function PageMarkers() {
  const { t } = useTranslation();
  const state = useOptionalComments();
  if (!state) return null;
  const onPage = visibleMarked(state).filter((c) => c.marking?.kind === 'PAGE' && c.marking.page === state.page);
  if (onPage.length === 0) return null;
  return (
    <ul className="comment-page-markers" aria-label={t('comments.onPage', { page: state.page })}>
      {onPage.map((comment) => {
        const number = state.numbers.get(comment.id) ?? 0;
        return (
          <li key={comment.id}>
            <button
              type="button"
              className={`comment-marker comment-marker--page${state.selectedId === comment.id ? ' comment-marker--selected' : ''}`}
              aria-pressed={state.selectedId === comment.id}
              aria-label={t('comments.marker', { number })}
              onClick={() => state.select(comment)}
            >
              <span className="comment-marker__number">{number}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Over the media while an earlier revision is shown for its comments: which one, and the way back. */
export function RevisionBanner({ revisions }: { revisions: readonly { id: number; number: number }[] }) {
  const { t } = useTranslation();
  const state = useOptionalComments();
  if (!state || state.shownRevisionId === state.currentRevisionId) return null;
  const number = revisions.find((r) => r.id === state.shownRevisionId)?.number ?? '';
  return (
    <div className="comment-revision-banner" role="status">
      <span>{t('comments.showingRevision', { number })}</span>
      <button type="button" className="button button--sm" onClick={() => state.setShownRevisionId(null)}>
        {t('comments.backToCurrent')}
      </button>
    </div>
  );
}
