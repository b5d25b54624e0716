import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../../ui/Button';
import { Alert, Badge, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import type { Portal } from '../api';
import { type DocumentSummary, editorPath, portalDocumentsQuery, readerUrl } from './api';
import { CreateDocumentDialog } from './CreateDocumentDialog';
import { useMoveDocument } from './mutations';

/**
 * The documents of a portal, in their order: title, published or draft, page count, the editor and the reader.
 * Those who may edit the portal create documents and move them up and down.
 */
export function PortalDocuments({ portal, onNotice }: { portal: Portal; onNotice: (text: string) => void }) {
  const { t } = useTranslation();
  const documents = useQuery(portalDocumentsQuery(portal.id));
  const move = useMoveDocument(portal.id);
  const [creating, setCreating] = useState(false);
  const canEdit = portal.permissions.canEdit;
  const headingId = `portal-${portal.id}-documents`;

  const moveBy = (document: DocumentSummary, index: number, delta: -1 | 1) => {
    const position = index + delta;
    move.mutate(
      { document, position },
      {
        onSuccess: () =>
          onNotice(t(delta < 0 ? 'guidelines.documents.movedUp' : 'guidelines.documents.movedDown', { title: document.title })),
      },
    );
  };

  return (
    <section className="portal-documents" aria-labelledby={headingId}>
      <div className="portal-documents__header">
        <h3 id={headingId} className="portal-documents__title">
          {t('guidelines.documents.title')}
        </h3>
        {canEdit ? (
          <Button size="sm" onPress={() => setCreating(true)}>
            {t('guidelines.documents.new')}
          </Button>
        ) : null}
      </div>
      {move.failure ? <Alert>{move.failure}</Alert> : null}
      {documents.isPending ? (
        <LoadingState label={t('guidelines.documents.loading')} />
      ) : documents.isError ? (
        <LoadFailedAlert title={t('guidelines.documents.loadFailed')} error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <p className="portal-documents__empty">{canEdit ? t('guidelines.documents.emptyEditor') : t('guidelines.documents.emptyMember')}</p>
      ) : (
        <ol className="document-list" aria-label={t('guidelines.documents.listLabel', { portal: portal.title })}>
          {documents.data.map((document, index) => (
            <li key={document.id} className="document-row">
              <div className="document-row__main">
                <span className="document-row__title">{document.title}</span>
                <Badge tone={document.published ? 'success' : 'neutral'}>
                  {document.published ? t('guidelines.documents.published') : t('guidelines.documents.draft')}
                </Badge>
                <span className="document-row__meta">{t('guidelines.documents.pageCount', { count: document.page_count })}</span>
              </div>
              <div className="document-row__actions">
                <LinkButton
                  size="sm"
                  variant={document.permissions.canEdit ? 'primary' : 'secondary'}
                  href={editorPath(portal.brand_id, document.id)}
                  aria-label={t(document.permissions.canEdit ? 'guidelines.documents.editLabel' : 'guidelines.documents.previewLabel', {
                    title: document.title,
                  })}
                >
                  {document.permissions.canEdit ? t('guidelines.documents.edit') : t('guidelines.documents.preview')}
                </LinkButton>
                <a
                  className="button button--ghost button--sm"
                  href={readerUrl(document.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('guidelines.documents.readerLabel', { title: document.title })}
                >
                  {t('guidelines.documents.reader')}
                </a>
                {canEdit && documents.data.length > 1 ? (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={index === 0 || move.busy}
                      aria-label={t('guidelines.documents.moveUpLabel', { title: document.title })}
                      onPress={() => moveBy(document, index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={index === documents.data.length - 1 || move.busy}
                      aria-label={t('guidelines.documents.moveDownLabel', { title: document.title })}
                      onPress={() => moveBy(document, index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {canEdit ? (
        <CreateDocumentDialog
          portal={portal}
          isOpen={creating}
          onOpenChange={setCreating}
          onCreated={(title) => onNotice(t('guidelines.documents.created', { title }))}
        />
      ) : null}
    </section>
  );
}
