import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routeId } from '../../../lib/guards';
import { Button } from '../../../ui/Button';
import { LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { type DocumentDetail, documentQuery } from '../documents/api';
import { ConflictDialog } from './ConflictDialog';
import { EditorProvider, useEditor } from './EditorContext';
import { EditorTopBar } from './EditorTopBar';
import { PageCanvas } from './PageCanvas';
import { PageTree } from './PageTree';
import { useUndoShortcut } from './useUndoShortcut';

/** The document editor: the page tree beside the open page's sections and blocks, under the document's top bar. */
export function DocumentEditorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const documentId = routeId(params.documentId);
  const document = useQuery(documentQuery(documentId));

  if (document.isError && !document.data)
    return (
      <div className="page">
        <LoadFailedAlert title={t('guidelines.editor.loadFailed')} error={document.error} onRetry={() => void document.refetch()} />
      </div>
    );
  if (!document.data || document.data.id !== documentId) return <LoadingState label={t('guidelines.editor.loading')} />;
  const pageId = params.pageId ? routeId(params.pageId) : document.data.cover_page_id;
  return (
    <EditorProvider key={document.data.id} document={document.data} brandId={routeId(params.brandId)} pageId={pageId}>
      <EditorLayout document={document.data} />
    </EditorProvider>
  );
}

function EditorLayout({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const { pageId, canEdit } = useEditor();
  const [treeOpen, setTreeOpen] = useState(false);
  const page = document.pages.find((p) => p.id === pageId);
  const onKeyDown = useUndoShortcut();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z anywhere in the editor (outside text fields) undoes the last change.
    <div className="doc-editor" onKeyDown={onKeyDown}>
      <title>{t('page.title', { title: `${page?.title ?? document.title} · ${document.title}` })}</title>
      <EditorTopBar />
      {!canEdit ? (
        <p className="doc-editor__readonly" role="note">
          {t('guidelines.editor.readOnly')}
        </p>
      ) : null}
      <div className="doc-editor__body">
        <div className="doc-editor__tree-toggle">
          <Button size="sm" aria-expanded={treeOpen} aria-controls="doc-editor-tree" onPress={() => setTreeOpen((open) => !open)}>
            {treeOpen ? t('guidelines.tree.toggleHide') : t('guidelines.tree.toggleShow', { count: document.pages.length })}
          </Button>
        </div>
        <aside
          id="doc-editor-tree"
          className={treeOpen ? 'doc-editor__sidebar doc-editor__sidebar--open' : 'doc-editor__sidebar'}
          aria-label={t('guidelines.tree.label')}
        >
          <PageTree onNavigate={() => setTreeOpen(false)} />
        </aside>
        <div className="doc-editor__main">{page ? <PageCanvas key={page.id} page={page} /> : null}</div>
      </div>
      <ConflictDialog />
    </div>
  );
}
