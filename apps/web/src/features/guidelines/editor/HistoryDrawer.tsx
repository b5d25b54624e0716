import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../../shell/Drawer';
import { Button } from '../../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { type PageRevisionSummary, restoreRevision, revisionQuery, revisionsQuery } from '../documents/api';
import { useEditor } from './EditorContext';
import { useEditorWrite } from './mutations';
import { ReadOnlySections } from './ReadOnlySections';

function formatTime(value: string, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The open page's saved versions, newest first: one is previewed, and restored after a confirmation. */
export function HistoryDrawer({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { pageId, canEdit, document } = useEditor();
  const page = document.pages.find((p) => p.id === pageId);
  const revisions = useInfiniteQuery(revisionsQuery(pageId));
  const items = revisions.data?.pages.flatMap((p) => p.items) ?? [];
  const [chosen, setChosen] = useState<PageRevisionSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restored, setRestored] = useState('');
  const restore = useEditorWrite((revision: PageRevisionSummary) => restoreRevision(pageId, revision.id), { pages: () => [pageId] });
  const title = t('guidelines.history.title', { title: page?.title ?? '' });

  return (
    <Drawer label={title} title={<span className="drawer__title-text">{title}</span>} onClose={onClose}>
      <div className="history">
        <p className="visually-hidden" role="status">
          {restored}
        </p>
        {chosen ? (
          <RevisionPreview
            pageId={pageId}
            revision={chosen}
            canRestore={canEdit}
            onRestore={() => setConfirming(true)}
            when={formatTime(chosen.created_at, i18n.language)}
          />
        ) : null}
        {revisions.isPending ? (
          <LoadingState label={t('guidelines.history.loading')} />
        ) : revisions.isError ? (
          <LoadFailedAlert title={t('guidelines.history.loadFailed')} error={revisions.error} onRetry={() => void revisions.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('guidelines.history.emptyTitle')}>{t('guidelines.history.emptyText')}</EmptyState>
        ) : (
          <ol className="history__list" aria-label={t('guidelines.history.listLabel')}>
            {items.map((revision) => (
              <li key={revision.id} className={chosen?.id === revision.id ? 'history__item history__item--chosen' : 'history__item'}>
                <button
                  type="button"
                  className="history__choose"
                  aria-pressed={chosen?.id === revision.id}
                  onClick={() => setChosen(revision)}
                >
                  <span className="history__summary">{revision.summary}</span>
                  <span className="history__meta">
                    {formatTime(revision.created_at, i18n.language)}
                    {revision.created_by ? ` · ${revision.created_by.name}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {revisions.hasNextPage ? (
          <Button size="sm" onPress={() => void revisions.fetchNextPage()} isPending={revisions.isFetchingNextPage}>
            {t('guidelines.history.older')}
          </Button>
        ) : null}
      </div>
      <AppDialog
        title={t('guidelines.history.restoreTitle')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        size="sm"
        isDismissable={!restore.busy}
      >
        <p>{t('guidelines.history.restoreText', { when: chosen ? formatTime(chosen.created_at, i18n.language) : '' })}</p>
        {restore.failure ? <Alert>{restore.failure}</Alert> : null}
        <ConfirmDialogActions
          cancelLabel={t('common.cancel')}
          confirmLabel={t('guidelines.history.restoreConfirm')}
          busy={restore.busy}
          onConfirm={() => {
            if (!chosen) return;
            restore.mutate(chosen, {
              onSuccess: () => {
                setConfirming(false);
                setRestored(t('guidelines.history.restored'));
                void revisions.refetch();
              },
            });
          }}
        />
      </AppDialog>
    </Drawer>
  );
}

function RevisionPreview({
  pageId,
  revision,
  canRestore,
  onRestore,
  when,
}: {
  pageId: number;
  revision: PageRevisionSummary;
  canRestore: boolean;
  onRestore: () => void;
  when: string;
}) {
  const { t } = useTranslation();
  const detail = useQuery(revisionQuery(pageId, revision.id));
  return (
    <section className="history__preview" aria-labelledby="history-preview-title">
      <div className="history__preview-header">
        <h3 id="history-preview-title" className="history__preview-title">
          {t('guidelines.history.previewTitle', { when })}
        </h3>
        {canRestore ? (
          <Button size="sm" variant="primary" onPress={onRestore}>
            {t('guidelines.history.restore')}
          </Button>
        ) : null}
      </div>
      {detail.isPending ? (
        <LoadingState label={t('guidelines.history.loadingVersion')} />
      ) : detail.isError ? (
        <LoadFailedAlert title={t('guidelines.history.versionFailed')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <ReadOnlySections sections={detail.data.content.sections} />
      )}
    </section>
  );
}
