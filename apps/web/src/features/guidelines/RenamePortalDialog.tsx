import { updatePortalBodySchema } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import type { Portal } from './api';
import { useUpdatePortal } from './mutations';
import { PortalTitleDialog } from './PortalTitleDialog';

/** PATCH /api/portal/{id} with a new title. */
export function RenamePortalDialog({
  portal,
  isOpen,
  onOpenChange,
}: {
  portal: Portal;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePortal(portal);
  return (
    <PortalTitleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      texts={{
        title: t('guidelines.renameTitle'),
        hint: t('guidelines.portalTitleHint'),
        submit: t('guidelines.renameSubmit'),
        submitting: t('guidelines.renameSubmitting'),
        failed: t('guidelines.saveFailed'),
      }}
      initialTitle={portal.title}
      body={(title) => ({ title })}
      schema={updatePortalBodySchema}
      send={(data) => update.mutateAsync(data)}
    />
  );
}
