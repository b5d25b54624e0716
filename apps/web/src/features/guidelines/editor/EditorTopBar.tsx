import { updateDocumentBodySchema } from '@emblem/core';
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { Alert, Badge } from '../../../ui/Feedback';
import { type DocumentSummary, readerUrl, updateDocument, visitorUrl } from '../documents/api';
import { PortalTitleDialog } from '../PortalTitleDialog';
import { useEditor } from './EditorContext';
import { HistoryDrawer } from './HistoryDrawer';
import { useEditorWrite } from './mutations';
import { SaveStatus } from './SaveStatus';

/**
 * The document's bar: its title (renamed in a dialog), published or draft (ADMIN switches it), the saved state
 * with Undo, the reader as a visitor sees it and as the editor sees it, and the open page's history.
 */
export function EditorTopBar() {
  const { t } = useTranslation();
  const { document, brandId, pageId, canEdit, canAdmin } = useEditor();
  const [renaming, setRenaming] = useState(false);
  const [history, setHistory] = useState(false);
  const update = useEditorWrite(
    (body: { title?: string; published?: boolean }) => updateDocument(document.id, { version: document.version, ...body }),
    {
      portal: true,
    },
  );

  return (
    <div className="doc-editor__bar">
      <div className="doc-editor__heading">
        <Link className="guidelines-page__back" to={`/brands/${brandId}/guidelines`}>
          {t('guidelines.editor.back')}
        </Link>
        <div className="doc-editor__title-row">
          <h1 className="doc-editor__title">{document.title}</h1>
          <Badge tone={document.published ? 'success' : 'neutral'}>
            {document.published ? t('guidelines.documents.published') : t('guidelines.documents.draft')}
          </Badge>
          {canEdit ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('guidelines.editor.renameLabel', { title: document.title })}
              onPress={() => setRenaming(true)}
            >
              {t('guidelines.rename')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="doc-editor__tools">
        {canEdit ? <SaveStatus /> : null}
        {canAdmin ? (
          <Switch
            className="toggle doc-editor__publish"
            isSelected={document.published}
            isDisabled={update.busy}
            onChange={(published) => update.mutate({ published })}
          >
            <span className="toggle__track" aria-hidden="true">
              <span className="toggle__thumb" />
            </span>
            <span className="toggle__label">{t('guidelines.editor.published')}</span>
          </Switch>
        ) : null}
        <a className="button button--sm button--secondary" href={visitorUrl(document.id, pageId)} target="_blank" rel="noopener">
          {t('guidelines.editor.viewAsVisitor')}
          <span className="visually-hidden"> {t('guidelines.newTab')}</span>
        </a>
        <a className="button button--sm button--ghost" href={readerUrl(document.id, pageId)} target="_blank" rel="noopener">
          {t('guidelines.editor.openReader')}
          <span className="visually-hidden"> {t('guidelines.newTab')}</span>
        </a>
        <Button size="sm" variant="ghost" onPress={() => setHistory(true)}>
          {t('guidelines.history.open')}
        </Button>
      </div>
      {update.failure ? <Alert>{update.failure}</Alert> : null}
      {canEdit ? (
        <PortalTitleDialog<{ version: number; title?: string }, DocumentSummary>
          isOpen={renaming}
          onOpenChange={setRenaming}
          texts={{
            title: t('guidelines.editor.renameTitle'),
            hint: t('guidelines.editor.renameHint'),
            submit: t('guidelines.renameSubmit'),
            submitting: t('guidelines.renameSubmitting'),
            failed: t('guidelines.editor.writeFailed'),
          }}
          initialTitle={document.title}
          body={(title) => ({ version: document.version, title })}
          schema={updateDocumentBodySchema}
          send={(data) => update.mutateAsync({ title: data.title })}
        />
      ) : null}
      {history ? <HistoryDrawer onClose={() => setHistory(false)} /> : null}
    </div>
  );
}
