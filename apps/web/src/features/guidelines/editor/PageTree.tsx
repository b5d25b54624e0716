import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import { createPage, editorPath, type PageSummary, updatePage } from '../documents/api';
import { useEditor } from './EditorContext';
import { useEditorWrite } from './mutations';
import { DeletePageDialog, RenamePageDialog } from './PageDialogs';
import { PageTreeItem } from './PageTreeItem';
import { TrashDrawer } from './TrashDrawer';

/** Where a page is moved to: its index in the tree, the cover page staying first. */
export interface PageMove {
  page: PageSummary;
  to: number;
}

/**
 * The page tree: the cover page first, then the pages in order with their headings. Editors add pages, rename,
 * hide (draft) and delete them, and reorder them by dragging, with Alt+Arrow Up/Down on a page, or from its menu;
 * the trash lists deleted items to restore.
 */
export function PageTree({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { document, brandId, pageId, canEdit } = useEditor();
  const pages = document.pages;
  const [announcement, setAnnouncement] = useState('');
  const [renaming, setRenaming] = useState<PageSummary | null>(null);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [trashOpen, setTrashOpen] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  const add = useEditorWrite((title: string) => createPage(document.id, title));
  const move = useEditorWrite(({ page, to }: PageMove) => updatePage(page.id, { version: page.version, position: to }), {
    pages: ({ page }) => [page.id],
  });
  const setHidden = useEditorWrite(({ page, hidden }: { page: PageSummary; hidden: boolean }) =>
    updatePage(page.id, { version: page.version, hidden }),
  );

  const moveTo = (page: PageSummary, to: number) => {
    const from = pages.findIndex((p) => p.id === page.id);
    // The cover page stays first.
    if (page.type === 'COVERPAGE' || to < 1 || to >= pages.length || to === from) return;
    move.mutate(
      { page, to },
      { onSuccess: () => setAnnouncement(t('guidelines.tree.moved', { title: page.title, position: to + 1, count: pages.length })) },
    );
  };

  const addPage = () => {
    const title = t('guidelines.tree.untitled', { number: pages.length });
    add.mutate(title, {
      onSuccess: (created) => {
        setAnnouncement(t('guidelines.tree.added', { title }));
        void navigate(editorPath(brandId, document.id, created.id));
      },
    });
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const page = pages.find((p) => p.id === dragged);
    setDragged(null);
    setDropIndex(null);
    if (page) moveTo(page, to);
  };

  const failure = add.failure ?? move.failure ?? setHidden.failure;
  return (
    <div className="page-tree">
      <h2 className="page-tree__title">{t('guidelines.tree.title')}</h2>
      {canEdit ? <p className="page-tree__hint">{t('guidelines.tree.keyboardHint')}</p> : null}
      <ol className="page-tree__list">
        {pages.map((page, index) => (
          <PageTreeItem
            key={page.id}
            page={page}
            index={index}
            count={pages.length}
            current={page.id === pageId}
            busy={move.busy}
            dragging={dragged === page.id}
            dropTarget={dropIndex === index && dragged !== null && dragged !== page.id}
            onOpen={onNavigate}
            onMove={(to) => moveTo(page, to)}
            onRename={() => setRenaming(page)}
            onToggleHidden={() =>
              setHidden.mutate(
                { page, hidden: !page.hidden },
                {
                  onSuccess: () =>
                    setAnnouncement(t(page.hidden ? 'guidelines.tree.shown' : 'guidelines.tree.hidden', { title: page.title })),
                },
              )
            }
            onDelete={() => setDeleting(page)}
            dragProps={
              canEdit && page.type !== 'COVERPAGE'
                ? {
                    draggable: true,
                    onDragStart: (event: DragEvent) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', String(page.id));
                      setDragged(page.id);
                    },
                    onDragEnd: () => {
                      setDragged(null);
                      setDropIndex(null);
                    },
                  }
                : {}
            }
            dropProps={
              canEdit && index > 0
                ? {
                    onDragOver: (event: DragEvent) => {
                      if (dragged === null) return;
                      event.preventDefault();
                      setDropIndex(index);
                    },
                    onDrop: (event: DragEvent) => onDrop(event, index),
                  }
                : {}
            }
          />
        ))}
      </ol>
      {failure ? <Alert>{failure}</Alert> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {canEdit ? (
        <div className="page-tree__actions">
          <Button size="sm" variant="primary" onPress={addPage} isPending={add.busy}>
            {t('guidelines.tree.add')}
          </Button>
          <Button size="sm" variant="ghost" onPress={() => setTrashOpen(true)}>
            {t('guidelines.trash.open')}
          </Button>
        </div>
      ) : null}
      {renaming ? <RenamePageDialog page={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? (
        <DeletePageDialog
          page={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setAnnouncement(t('guidelines.tree.deleted', { title: deleting.title }));
            if (deleting.id === pageId) void navigate(editorPath(brandId, document.id));
          }}
        />
      ) : null}
      {trashOpen ? <TrashDrawer onClose={() => setTrashOpen(false)} /> : null}
    </div>
  );
}
