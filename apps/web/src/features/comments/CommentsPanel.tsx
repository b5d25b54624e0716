import { COMMENT_FILTERS, type Collaborator, type CommentFilter, type CommentMarking } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import type { Revision } from '../viewer/api';
import { type Comment, commentsQuery, mentionableQuery, passesFilter } from './api';
import { useComments } from './CommentsContext';
import { Composer } from './Composer';
import { formatMs, frameAt, initialsOf, timeframeMarking } from './markings';
import { useCommentWrites } from './mutations';

/** What kind of media the viewer shows: how the comment tool marks it. */
export type MediaKind = 'image' | 'document' | 'video' | 'none';

/**
 * The comments of an asset beside the media: the filter, the comment tool, the threads (with replies, edit and
 * delete for their author, delete for a project admin, resolve and reopen), a composer for COMMENT, and the
 * comments made on earlier revisions.
 */
export function CommentsPanel({
  projectId,
  canAdmin,
  media,
  revisions,
}: {
  projectId: number;
  canAdmin: boolean;
  media: MediaKind;
  revisions: Revision[];
}) {
  const { t } = useTranslation();
  const state = useComments();
  const { assetId, comments, filter, setFilter, canComment, tool, setTool, draft, setDraft, currentRevisionId } = state;
  const query = useQuery(commentsQuery(assetId));
  const writes = useCommentWrites(assetId);
  const session = useSignedInSession();
  const mentionable = useQuery({ ...mentionableQuery(projectId), enabled: canComment }).data;
  const shown = (comments ?? []).filter((c) => passesFilter(c, filter));
  const current = shown.filter((c) => c.revision_id === currentRevisionId);
  const earlier = shown.filter((c) => c.revision_id !== currentRevisionId);
  const markable = media !== 'none';

  return (
    <section className="viewer-section comments" aria-labelledby="asset-comments-heading">
      <div className="viewer-section__head">
        <h2 id="asset-comments-heading" className="viewer-section__title">
          {t('comments.title')}
        </h2>
        {canComment && markable ? (
          <ToggleButton className="button button--sm comment-tool" isSelected={tool} onChange={setTool}>
            <span aria-hidden="true">✎</span> {t('comments.tool.label')}
          </ToggleButton>
        ) : null}
      </div>
      <ToggleButtonGroup
        className="comment-filter"
        aria-label={t('comments.filter.label')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[filter]}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          if (key) setFilter(key as CommentFilter);
        }}
      >
        {COMMENT_FILTERS.map((f) => (
          <ToggleButton key={f} id={f} className="comment-filter__button">
            {t(`comments.filter.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {tool ? <ToolHint media={media} /> : null}
      {query.isPending ? <LoadingState label={t('comments.loading')} /> : null}
      {query.isError && !comments ? (
        <LoadFailedAlert title={t('comments.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {comments && shown.length === 0 ? (
        <p className="comments__empty">
          {comments.length === 0 ? (canComment ? t('comments.empty') : t('comments.emptyView')) : t('comments.noneFiltered')}
        </p>
      ) : null}
      {current.length > 0 ? (
        <ol className="comments__list" aria-label={t('comments.listLabel')}>
          {current.map((c) => (
            <Thread key={c.id} comment={c} selfId={session.user.id} canAdmin={canAdmin} mentionable={mentionable} />
          ))}
        </ol>
      ) : null}
      {earlier.length > 0 ? (
        <EarlierRevisions
          comments={earlier}
          revisions={revisions}
          switchable={media === 'image'}
          selfId={session.user.id}
          canAdmin={canAdmin}
          mentionable={mentionable}
        />
      ) : null}
      {canComment ? (
        <Composer
          key={`new-${comments?.length ?? 0}`}
          label={t('comments.new')}
          submitLabel={t('comments.post')}
          mentionable={mentionable ?? []}
          selfId={session.user.id}
          extra={<DraftMarking media={media} draft={draft} onClear={() => setDraft(null)} />}
          onSubmit={async ({ content, mentionedUserIds }) => {
            await writes.create.mutateAsync({ content, marking: draft, mentioned_user_ids: mentionedUserIds });
            setDraft(null);
            setTool(false);
          }}
        />
      ) : null}
    </section>
  );
}

/** What the comment tool does on this media, with the buttons it needs for documents and videos. */
function ToolHint({ media }: { media: MediaKind }) {
  const { t } = useTranslation();
  const { setDraft, page, video, draft } = useComments();
  if (media === 'image') return <p className="comments__hint">{t('comments.tool.imageHint')}</p>;
  if (media === 'document') {
    return (
      <div className="comments__hint">
        <Button size="sm" onPress={() => setDraft({ kind: 'PAGE', page })}>
          {t('comments.tool.markPage', { page })}
        </Button>
      </div>
    );
  }
  if (media === 'video') {
    const now = () => video.current?.currentTime ?? 0;
    const start = draft?.kind === 'TIMEFRAME' ? draft.start_ms / 1000 : null;
    return (
      <div className="comments__hint">
        <Button size="sm" onPress={() => setDraft(timeframeMarking(now(), null))}>
          {t('comments.tool.markNow')}
        </Button>
        <Button size="sm" isDisabled={start === null} onPress={() => start !== null && setDraft(timeframeMarking(start, now()))}>
          {t('comments.tool.markEnd')}
        </Button>
      </div>
    );
  }
  return null;
}

/** The marking the next comment takes, said in words, with a button to drop it. */
function DraftMarking({ media, draft, onClear }: { media: MediaKind; draft: CommentMarking | null; onClear: () => void }) {
  const { t } = useTranslation();
  if (!draft || media === 'none') return null;
  return (
    <span className="comment-composer__marking">
      <MarkingLabel marking={draft} />
      <Button size="sm" variant="ghost" onPress={onClear}>
        {t('comments.dropMarking')}
      </Button>
    </span>
  );
}

/** A marking in words: "Pin", "Area", "Page 3", "0:01.500 (frame 37) – 0:03.000 (frame 75)". */
export function MarkingLabel({ marking }: { marking: CommentMarking }) {
  const { t } = useTranslation();
  if (marking.kind === 'PIN') return <span>{t('comments.marking.PIN')}</span>;
  if (marking.kind === 'RECTANGLE') return <span>{t('comments.marking.RECTANGLE')}</span>;
  if (marking.kind === 'PAGE') return <span>{t('comments.marking.PAGE', { page: marking.page })}</span>;
  const time = (ms: number, frame: number | undefined) => t('comments.marking.time', { time: formatMs(ms), frame: frame ?? frameAt(ms) });
  return (
    <span>
      {time(marking.start_ms, marking.start_frame)} – {time(marking.end_ms, marking.end_frame)}
    </span>
  );
}

/**
 * Comments made on earlier revisions, grouped by revision. On images, "Show revision N" shows that revision's
 * preview with its markers; other media only say which revision it was.
 */
function EarlierRevisions({
  comments,
  revisions,
  switchable,
  ...rest
}: {
  comments: Comment[];
  revisions: Revision[];
  switchable: boolean;
  selfId: number;
  canAdmin: boolean;
  mentionable: ThreadProps['mentionable'];
}) {
  const { t } = useTranslation();
  const { shownRevisionId, setShownRevisionId } = useComments();
  const numberOf = (id: number | null) => revisions.find((r) => r.id === id)?.number;
  const ids = [...new Set(comments.map((c) => c.revision_id))];
  return (
    <section className="comments__earlier" aria-labelledby="comments-earlier-heading">
      <h3 id="comments-earlier-heading" className="comments__subtitle">
        {t('comments.earlier')}
      </h3>
      {ids.map((revisionId) => {
        const number = numberOf(revisionId);
        const showing = shownRevisionId === revisionId;
        return (
          <div key={revisionId ?? 'none'} className="comments__revision">
            <div className="comments__revision-head">
              <span>{number ? t('comments.onRevision', { number }) : t('comments.onUnknownRevision')}</span>
              {switchable && revisionId !== null && number ? (
                <Button size="sm" onPress={() => setShownRevisionId(showing ? null : revisionId)}>
                  {showing ? t('comments.backToCurrent') : t('comments.showRevision', { number: number ?? '' })}
                </Button>
              ) : null}
            </div>
            <ol className="comments__list">
              {comments
                .filter((c) => c.revision_id === revisionId)
                .map((c) => (
                  <Thread key={c.id} comment={c} {...rest} />
                ))}
            </ol>
          </div>
        );
      })}
    </section>
  );
}

interface ThreadProps {
  comment: Comment;
  selfId: number;
  canAdmin: boolean;
  mentionable: Collaborator[] | undefined;
}

/** A comment with its replies; clicking it selects it (its marker lights up and the media shows its place). */
function Thread({ comment, selfId, canAdmin, mentionable }: ThreadProps) {
  const { t } = useTranslation();
  const { selectedId, select, numbers, canComment, assetId } = useComments();
  const writes = useCommentWrites(assetId);
  const [replying, setReplying] = useState(false);
  const selected = selectedId === comment.id;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const number = numbers.get(comment.id);
  return (
    <li
      ref={ref}
      className={`comment-thread${selected ? ' comment-thread--selected' : ''}${comment.is_resolved ? ' comment-thread--resolved' : ''}`}
    >
      <CommentBody comment={comment} selfId={selfId} canAdmin={canAdmin}>
        {comment.marking ? (
          <Button
            size="sm"
            variant="ghost"
            className="comment__marking"
            aria-pressed={selected}
            onPress={() => select(selected ? null : comment)}
          >
            <span className="comment-marker comment-marker--inline" aria-hidden="true">
              {number}
            </span>
            <MarkingLabel marking={comment.marking} />
            <span className="visually-hidden"> {t('comments.showMarking', { number })}</span>
          </Button>
        ) : null}
      </CommentBody>
      <div className="comment__actions">
        {canComment ? (
          <Button size="sm" variant="ghost" onPress={() => writes.resolve.mutate({ id: comment.id, isResolved: !comment.is_resolved })}>
            {comment.is_resolved ? t('comments.reopen') : t('comments.resolve')}
          </Button>
        ) : null}
        {canComment && !replying ? (
          <Button size="sm" variant="ghost" onPress={() => setReplying(true)}>
            {t('comments.reply')}
          </Button>
        ) : null}
      </div>
      {writes.resolve.failure ? <Alert>{writes.resolve.failure}</Alert> : null}
      {comment.replies.length > 0 ? (
        <ol className="comment-thread__replies" aria-label={t('comments.repliesLabel', { count: comment.replies.length })}>
          {comment.replies.map((reply) => (
            <li key={reply.id} className="comment-reply">
              <CommentBody comment={reply} selfId={selfId} canAdmin={canAdmin} />
            </li>
          ))}
        </ol>
      ) : null}
      {replying ? (
        <Composer
          label={t('comments.replyLabel', { name: comment.creator?.name ?? t('comments.deletedUser') })}
          submitLabel={t('comments.reply')}
          mentionable={mentionable ?? []}
          selfId={selfId}
          onCancel={() => setReplying(false)}
          onSubmit={async ({ content, mentionedUserIds }) => {
            await writes.reply.mutateAsync({ id: comment.id, content, mentioned_user_ids: mentionedUserIds });
            setReplying(false);
          }}
        />
      ) : null}
    </li>
  );
}

/** Author, time, text, and edit / delete for whoever may. */
function CommentBody({
  comment,
  selfId,
  canAdmin,
  children,
}: {
  comment: Comment;
  selfId: number;
  canAdmin: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { canComment, assetId } = useComments();
  const writes = useCommentWrites(assetId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const own = comment.creator?.id === selfId;
  const name = comment.creator?.name ?? t('comments.deletedUser');
  return (
    <article className="comment" aria-label={t('comments.by', { name })}>
      <header className="comment__head">
        <span className="avatar avatar--sm" aria-hidden="true">
          {initialsOf(comment.creator?.name)}
        </span>
        <span className="comment__author">{name}</span>
        <time className="comment__time" dateTime={comment.created_at}>
          {formatDate(comment.created_at, i18n.language)}
        </time>
        {comment.edited_at ? <span className="comment__edited">{t('comments.edited')}</span> : null}
        {comment.is_resolved ? <span className="comment__resolved">{t('comments.resolved')}</span> : null}
      </header>
      {children}
      {editing ? (
        <Composer
          label={t('comments.editLabel')}
          submitLabel={t('comments.save')}
          initial={comment.content}
          onCancel={() => setEditing(false)}
          onSubmit={async ({ content }) => {
            await writes.edit.mutateAsync({ id: comment.id, content });
            setEditing(false);
          }}
        />
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises comments to the rich-text allow-list (data-api §5).
        <div className="comment__content rte-output" dangerouslySetInnerHTML={{ __html: comment.content }} />
      )}
      {!editing ? (
        <div className="comment__owner-actions">
          {own && canComment ? (
            <Button size="sm" variant="ghost" onPress={() => setEditing(true)}>
              {t('comments.edit')}
            </Button>
          ) : null}
          {(own && canComment) || canAdmin ? (
            confirming ? (
              <>
                <span>{t('comments.confirmDelete')}</span>
                <Button size="sm" variant="danger" isPending={writes.remove.busy} onPress={() => writes.remove.mutate(comment.id)}>
                  {t('comments.delete')}
                </Button>
                <Button size="sm" variant="ghost" onPress={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
              </>
            ) : (
              <Button size="sm" variant="ghost" onPress={() => setConfirming(true)}>
                {t('comments.delete')}
              </Button>
            )
          ) : null}
        </div>
      ) : null}
      {writes.remove.failure ? <Alert>{writes.remove.failure}</Alert> : null}
    </article>
  );
}
