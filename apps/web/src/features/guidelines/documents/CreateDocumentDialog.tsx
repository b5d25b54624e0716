import { type CreatedItem, createDocumentBodySchema } from '@emblem/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Portal } from '../api';
import { PortalTitleDialog } from '../PortalTitleDialog';
import { editorPath } from './api';
import { useCreateDocument } from './mutations';

/** POST /api/portal/{id}/documents with a title; the new document then opens in the editor. */
export function CreateDocumentDialog({
  portal,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  portal: Portal;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (title: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateDocument(portal.id);
  const navigate = useNavigate();
  const sentTitle = useRef('');
  return (
    <PortalTitleDialog<{ title: string }, CreatedItem>
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      texts={{
        title: t('guidelines.documents.createTitle', { portal: portal.title }),
        hint: t('guidelines.documents.createHint'),
        submit: t('guidelines.documents.createSubmit'),
        submitting: t('guidelines.documents.createSubmitting'),
        failed: t('guidelines.documents.createFailed'),
      }}
      initialTitle=""
      body={(title) => ({ title })}
      schema={createDocumentBodySchema}
      send={(data) => {
        sentTitle.current = data.title;
        return create.mutateAsync(data.title);
      }}
      onDone={(created) => {
        onCreated(sentTitle.current);
        void navigate(editorPath(portal.brand_id, created.id));
      }}
    />
  );
}
