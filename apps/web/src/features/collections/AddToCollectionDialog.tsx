import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AppDialog } from '../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandCollectionsQuery, type Collection } from './api';
import { CollectionFormDialog } from './CollectionDialogs';
import { useAddToCollection } from './mutations';

/**
 * "Add to collection" from a library's selection or the asset viewer: pick one of the brand's collections the user
 * may change, or make a new one in the current library, and add the assets to its end.
 */
export function AddToCollectionDialog({
  brandId,
  projectId,
  canCreate,
  assetIds,
  isOpen,
  onOpenChange,
  onAdded,
}: {
  brandId: number;
  /** Where a new collection goes. */
  projectId: number;
  canCreate: boolean;
  assetIds: number[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (collection: Collection, count: number) => void;
}) {
  const { t } = useTranslation();
  const collections = useQuery({ ...brandCollectionsQuery(brandId), enabled: isOpen });
  const editable = (collections.data ?? []).filter((c) => c.permissions.canEdit);
  const [chosen, setChosen] = useState<string>('');
  const [creating, setCreating] = useState(false);
  const add = useAddToCollection();
  const target = editable.find((c) => String(c.id) === chosen);

  const addTo = (collection: Collection) =>
    add.mutate(
      { collection, assetIds },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          onAdded(result.collection, assetIds.length);
        },
      },
    );

  return (
    <>
      <AppDialog
        title={t('collections.addTitle', { count: assetIds.length })}
        isOpen={isOpen && !creating}
        onOpenChange={(open) => {
          onOpenChange(open);
          if (!open) add.clearFailure();
        }}
        isDismissable={!add.busy}
        size="sm"
      >
        {collections.isPending ? (
          <LoadingState label={t('collections.loading')} />
        ) : collections.isError ? (
          <LoadFailedAlert title={t('collections.loadFailed')} error={collections.error} onRetry={() => void collections.refetch()} />
        ) : editable.length === 0 ? (
          <EmptyState title={t('collections.noneToAddTo')}>
            {canCreate ? t('collections.noneToAddToCreate') : t('collections.noneToAddToAsk')}
          </EmptyState>
        ) : (
          <RadioGroup className="collection-picker" value={chosen} onChange={setChosen} aria-describedby={undefined}>
            <Label className="field__label">{t('collections.pick')}</Label>
            {editable.map((c) => (
              <Radio key={c.id} value={String(c.id)} className="collection-picker__option">
                <span className="collection-picker__name">{c.name}</span>
                <span className="collection-picker__count">{t('collections.assetCount', { count: c.asset_count })}</span>
              </Radio>
            ))}
          </RadioGroup>
        )}
        {add.failure ? <Alert>{add.failure}</Alert> : null}
        <div className="dialog__actions">
          {canCreate ? (
            <Button className="dialog__action-start" onPress={() => setCreating(true)} isDisabled={add.busy}>
              {t('collections.newAndAdd')}
            </Button>
          ) : null}
          <Button slot="close" isDisabled={add.busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" isDisabled={!target} isPending={add.busy} onPress={() => target && addTo(target)}>
            {t('collections.add')}
          </Button>
        </div>
      </AppDialog>
      {creating ? (
        <CollectionFormDialog
          projectId={projectId}
          isOpen
          onOpenChange={(open) => {
            if (!open) setCreating(false);
          }}
          onSaved={(created) => {
            setCreating(false);
            addTo(created);
          }}
        />
      ) : null}
    </>
  );
}

/** A button that opens the dialog, and says in a live region what was added (the asset viewer's action). */
export function AddToCollectionButton(props: { brandId: number; projectId: number; canCreate: boolean; assetIds: number[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  return (
    <>
      <Button size="sm" onPress={() => setOpen(true)}>
        {t('collections.addToCollection')}
      </Button>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      {open ? (
        <AddToCollectionDialog
          {...props}
          isOpen
          onOpenChange={setOpen}
          onAdded={(collection, count) => setStatus(t('collections.added', { count, name: collection.name }))}
        />
      ) : null}
    </>
  );
}
