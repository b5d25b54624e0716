import { createPortalBodySchema } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import type { Portal } from './api';
import { useCreatePortal } from './mutations';
import { PortalTitleDialog } from './PortalTitleDialog';

/** POST /api/portal with the brand and a title. */
export function CreatePortalDialog({
  brandId,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  brandId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (portal: Portal) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePortal();
  return (
    <PortalTitleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      texts={{
        title: t('guidelines.createTitle'),
        hint: t('guidelines.createHint'),
        submit: t('guidelines.createSubmit'),
        submitting: t('guidelines.createSubmitting'),
        failed: t('guidelines.createFailed'),
      }}
      initialTitle=""
      body={(title) => ({ brand_id: brandId, title })}
      schema={createPortalBodySchema}
      send={(data) => create.mutateAsync(data)}
      onDone={onCreated}
    />
  );
}
