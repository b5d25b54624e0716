import { sameId } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { NotFoundPage } from '../../shell/NotFoundPage';
import { SelectField } from '../../ui/SelectField';
import { fileIconUrl } from '../library/api';
import { ScreenFailure } from '../library/screen';
import { type Revision, screenDataQuery } from '../viewer/api';
import { ViewerSkeleton } from '../viewer/ViewerSkeleton';
import { ZoomableImage } from '../viewer/ZoomableImage';
import type { Comment } from './api';
import { CommentsProvider, useComments } from './CommentsContext';
import { MarkingLabel } from './CommentsPanel';
import { ImageMarkers } from './MediaMarkers';
import { initialsOf } from './markings';

type Mode = 'side' | 'overlay';

/** The two revisions compared: from the address (?left=&right=), else the previous one against the current one. */
export function compareSelection(
  revisions: Revision[],
  params: URLSearchParams,
): { left: Revision | undefined; right: Revision | undefined } {
  const byId = (value: string | null) => (value ? revisions.find((r) => String(r.id) === value) : undefined);
  const sorted = [...revisions].sort((a, b) => b.number - a.number);
  const current = sorted.find((r) => r.current) ?? sorted[0];
  const previous = sorted.find((r) => r !== current);
  return { left: byId(params.get('left')) ?? previous ?? current, right: byId(params.get('right')) ?? current };
}

/**
 * …/assets/{assetId}/comparerevision: two revisions side by side or as an overlay with a divider (arrow keys move
 * it), each with its own comments and their markers.
 */
export function CompareRevisionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const assetId = routeId(params.assetId);
  const [search, setSearch] = useSearchParams();
  const [mode, setMode] = useState<Mode>('side');
  const screen = useQuery(screenDataQuery(assetId));
  if (screen.isError && !screen.data) {
    return <ScreenFailure error={screen.error} title={t('viewer.failed')} onRetry={() => void screen.refetch()} />;
  }
  if (!screen.data) return <ViewerSkeleton />;
  const { asset, revisions } = screen.data;
  // An asset of another project is not found (the address names the project), as in the viewer.
  if (!sameId(params.projectId, asset.project_id)) return <NotFoundPage />;
  const { left, right } = compareSelection(revisions, search);
  const options = [...revisions]
    .sort((a, b) => b.number - a.number)
    .map((r) => ({
      id: String(r.id),
      label: r.current
        ? `${t('viewer.revisions.number', { number: r.number })} (${t('viewer.revisions.current')})`
        : t('viewer.revisions.number', { number: r.number }),
    }));
  const choose = (side: 'left' | 'right', id: string) => {
    const next = new URLSearchParams(search);
    next.set(side, id);
    setSearch(next, { replace: true });
  };
  const title = asset.title || t('library.untitled');
  const canComment = asset.permissions?.canComment ?? false;
  const pane = (revision: Revision | undefined) =>
    revision ? (
      <CommentsProvider
        assetId={asset.id}
        currentRevisionId={asset.revision?.id ?? null}
        canComment={canComment}
        shownRevisionId={revision.id}
      >
        {mode === 'side' ? <RevisionPane revision={revision} title={title} /> : null}
        <RevisionComments revision={revision} />
      </CommentsProvider>
    ) : null;

  return (
    <div className="compare-page">
      <title>{t('page.title', { title: t('comments.compareTitle', { title }) })}</title>
      <header className="compare-page__bar">
        <Link className="viewer__back" to=".." relative="path">
          <span aria-hidden="true">←</span> {t('comments.backToAsset', { title })}
        </Link>
        <h1 className="compare-page__title">{t('comments.compareTitle', { title })}</h1>
        <div className="compare-page__tools">
          <SelectField
            label={t('viewer.revisions.left')}
            options={options}
            value={String(left?.id ?? '')}
            onChange={(id) => choose('left', id)}
          />
          <SelectField
            label={t('viewer.revisions.right')}
            options={options}
            value={String(right?.id ?? '')}
            onChange={(id) => choose('right', id)}
          />
          <ToggleButtonGroup
            className="comment-filter"
            aria-label={t('comments.compareMode')}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[mode]}
            onSelectionChange={(keys) => {
              const [key] = [...keys];
              if (key) setMode(key as Mode);
            }}
          >
            <ToggleButton id="side" className="comment-filter__button">
              {t('comments.sideBySide')}
            </ToggleButton>
            <ToggleButton id="overlay" className="comment-filter__button">
              {t('comments.overlay')}
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
      </header>
      {revisions.length < 2 ? <p className="compare-page__note">{t('comments.compareNeedsTwo')}</p> : null}
      {mode === 'overlay' && left && right ? (
        <OverlayCompare
          assetId={asset.id}
          currentRevisionId={asset.revision?.id ?? null}
          canComment={canComment}
          left={left}
          right={right}
          title={title}
        />
      ) : null}
      <div className="compare-page__panes">
        <section className="compare-page__pane" aria-label={left ? t('comments.revisionPane', { number: left.number }) : undefined}>
          {pane(left)}
        </section>
        <section className="compare-page__pane" aria-label={right ? t('comments.revisionPane', { number: right.number }) : undefined}>
          {pane(right)}
        </section>
      </div>
    </div>
  );
}

/** One revision's preview, zoomable, with its comments' markers. */
function RevisionPane({ revision, title }: { revision: Revision; title: string }) {
  const { t } = useTranslation();
  const alt = t('viewer.revisions.previewOf', { number: revision.number, title });
  if (!revision.preview_url) {
    return (
      <div className="viewer__placeholder">
        <img className="viewer__icon" src={fileIconUrl(revision.extension)} alt="" />
        <p>{alt}</p>
      </div>
    );
  }
  return (
    <div className="compare-page__stage">
      <ZoomableImage
        src={revision.preview_url}
        alt={alt}
        intrinsic={revision.width && revision.height ? { width: revision.width, height: revision.height } : null}
        overlay={<ImageMarkers />}
      />
    </div>
  );
}

/** The comments made on one revision (read here; written in the viewer). */
function RevisionComments({ revision }: { revision: Revision }) {
  const { t } = useTranslation();
  const state = useComments();
  const comments = (state.comments ?? []).filter((c) => c.revision_id === revision.id);
  return (
    <div className="compare-page__comments">
      <h2 className="viewer-section__title">{t('comments.onRevisionTitle', { number: revision.number, count: comments.length })}</h2>
      {state.comments && comments.length === 0 ? <p className="comments__empty">{t('comments.noneOnRevision')}</p> : null}
      <ol className="comments__list">
        {comments.map((c) => (
          <CompactComment key={c.id} comment={c} />
        ))}
      </ol>
    </div>
  );
}

function CompactComment({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  const { numbers, selectedId, select } = useComments();
  const number = numbers.get(comment.id);
  const selected = selectedId === comment.id;
  return (
    <li className={`comment-thread${selected ? ' comment-thread--selected' : ''}`}>
      <article className="comment" aria-label={t('comments.by', { name: comment.creator?.name ?? t('comments.deletedUser') })}>
        <header className="comment__head">
          <span className="avatar avatar--sm" aria-hidden="true">
            {initialsOf(comment.creator?.name)}
          </span>
          <span className="comment__author">{comment.creator?.name ?? t('comments.deletedUser')}</span>
          {comment.is_resolved ? <span className="comment__resolved">{t('comments.resolved')}</span> : null}
        </header>
        {comment.marking ? (
          <button
            type="button"
            className="button button--ghost button--sm comment__marking"
            aria-pressed={selected}
            onClick={() => select(selected ? null : comment)}
          >
            <span className="comment-marker comment-marker--inline" aria-hidden="true">
              {number}
            </span>
            <MarkingLabel marking={comment.marking} />
            <span className="visually-hidden"> {t('comments.showMarking', { number })}</span>
          </button>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises comments to the rich-text allow-list (data-api §5). */}
        <div className="comment__content" dangerouslySetInnerHTML={{ __html: comment.content }} />
        {comment.replies.length > 0 ? (
          <p className="comments__empty">{t('comments.repliesLabel', { count: comment.replies.length })}</p>
        ) : null}
      </article>
    </li>
  );
}

/** Both revisions in one box: the right one over the left one, shown up to the divider; ←/→ move it by 1 %, Page keys by 10 %. */
function OverlayCompare({
  assetId,
  currentRevisionId,
  canComment,
  left,
  right,
  title,
}: {
  assetId: number;
  currentRevisionId: number | null;
  canComment: boolean;
  left: Revision;
  right: Revision;
  title: string;
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(50);
  const width = right.width ?? left.width ?? 4;
  const height = right.height ?? left.height ?? 3;
  const layer = (revision: Revision, clip: string | undefined) => (
    <CommentsProvider assetId={assetId} currentRevisionId={currentRevisionId} canComment={canComment} shownRevisionId={revision.id}>
      <div className="compare-overlay__layer" style={clip ? { clipPath: clip } : undefined}>
        {revision.preview_url ? (
          <img src={revision.preview_url} alt={t('viewer.revisions.previewOf', { number: revision.number, title })} draggable={false} />
        ) : null}
        <ImageMarkers />
      </div>
    </CommentsProvider>
  );
  return (
    <div className="compare-overlay">
      <div className="compare-overlay__box" style={{ aspectRatio: `${width} / ${height}` }}>
        {layer(left, undefined)}
        {layer(right, `inset(0 0 0 ${position}%)`)}
        <div className="compare-overlay__divider" style={{ left: `${position}%` }} aria-hidden="true" />
      </div>
      <label className="compare-overlay__slider">
        <span>{t('comments.divider', { left: left.number, right: right.number })}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          aria-valuetext={t('comments.dividerValue', { percent: position })}
          onChange={(event) => setPosition(Number(event.currentTarget.value))}
        />
      </label>
    </div>
  );
}
