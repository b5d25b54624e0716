import { type PageSummary as CorePageSummary, updateHeadingBodySchema, updatePageBodySchema } from '@emblem/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { AppDialog } from '../../../ui/Dialog';
import { Alert } from '../../../ui/Feedback';
import {
  deleteHeading,
  deletePage,
  type ItemReference,
  type PageHeading,
  type PageSummary,
  referencesOf,
  updateHeading,
  updatePage,
} from '../documents/api';
import { PortalTitleDialog } from '../PortalTitleDialog';
import { useEditorWrite } from './mutations';

/** PATCH /api/page/{id} {version, title}. */
export function RenamePageDialog({ page, onClose }: { page: PageSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useEditorWrite((body: { version: number; title?: string }) => updatePage(page.id, body), { pages: () => [page.id] });
  return (
    <PortalTitleDialog<{ version: number; title?: string }, CorePageSummary>
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      texts={{
        title: t('guidelines.tree.renameTitle'),
        hint: t('guidelines.tree.renameHint'),
        submit: t('guidelines.renameSubmit'),
        submitting: t('guidelines.renameSubmitting'),
        failed: t('guidelines.editor.writeFailed'),
      }}
      initialTitle={page.title}
      body={(title) => ({ version: page.version, title })}
      schema={updatePageBodySchema}
      send={(data) => rename.mutateAsync(data)}
    />
  );
}

/** PATCH /api/heading/{id} {version, title}. */
export function RenameHeadingDialog({ heading, pageId, onClose }: { heading: PageHeading; pageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useEditorWrite((body: { version: number; title?: string }) => updateHeading(heading.id, body), { pages: () => [pageId] });
  return (
    <PortalTitleDialog<{ version: number; title?: string }, PageHeading>
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      texts={{
        title: t('guidelines.headings.renameTitle'),
        hint: t('guidelines.headings.renameHint'),
        submit: t('guidelines.renameSubmit'),
        submitting: t('guidelines.renameSubmitting'),
        failed: t('guidelines.editor.writeFailed'),
      }}
      initialTitle={heading.title}
      body={(title) => ({ version: heading.version, title })}
      schema={updateHeadingBodySchema}
      send={(data) => rename.mutateAsync(data)}
    />
  );
}

export function DeletePageDialog({ page, onClose, onDeleted }: { page: PageSummary; onClose: () => void; onDeleted: () => void }) {
  return (
    <DeleteWithReferencesDialog
      kind="page"
      title={page.title}
      send={(force) => deletePage(page.id, force)}
      pages={[page.id]}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}

export function DeleteHeadingDialog({ heading, pageId, onClose }: { heading: PageHeading; pageId: number; onClose: () => void }) {
  return (
    <DeleteWithReferencesDialog
      kind="heading"
      title={heading.title}
      send={(force) => deleteHeading(heading.id, force)}
      pages={[pageId]}
      onClose={onClose}
      onDeleted={() => {}}
    />
  );
}

/**
 * A deletion to confirm. When blocks still link to the item the server refuses with their addresses (409 "Still
 * referenced"); the dialog then lists them, each a link to where it is, and offers to delete anyway (force).
 * Deleted items go to the trash for 30 days.
 */
export function DeleteWithReferencesDialog({
  kind,
  title,
  send,
  pages,
  onClose,
  onDeleted,
}: {
  kind: 'page' | 'heading' | 'section';
  title: string;
  send: (force: boolean) => Promise<unknown>;
  pages: number[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [references, setReferences] = useState<ItemReference[] | null>(null);
  const remove = useEditorWrite((force: boolean) => send(force), { pages: () => pages, trash: true });

  const confirm = (force: boolean) =>
    remove.mutate(force, {
      onSuccess: () => {
        onClose();
        onDeleted();
      },
      onError: (error) => {
        const found = referencesOf(error);
        if (found) {
          remove.clearFailure();
          setReferences(found);
        }
      },
    });

  return (
    <AppDialog
      title={references ? t('guidelines.delete.referencedTitle', { title }) : t(`guidelines.delete.title.${kind}`, { title })}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      isDismissable={!remove.busy}
      size={references ? 'md' : 'sm'}
    >
      {references ? (
        <>
          <p>{t('guidelines.delete.referencedText', { count: references.length })}</p>
          <ul className="references-list" aria-label={t('guidelines.delete.referencesLabel')}>
            {references.map((reference) => (
              <li key={`${reference.url}|${reference.path}`}>
                <a href={reference.url} target="_blank" rel="noopener">
                  {reference.path}
                  <span className="visually-hidden"> {t('guidelines.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('guidelines.delete.text')}</p>
      )}
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <div className="dialog__actions">
        <Button slot="close" isDisabled={remove.busy} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onPress={() => confirm(references !== null)} isPending={remove.busy}>
          {references ? t('guidelines.delete.anyway') : t('guidelines.delete.confirm')}
        </Button>
      </div>
    </AppDialog>
  );
}
