import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { Button, LinkButton } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, DismissableAlert, EmptyState, LoadFailedAlert, LoadingState, type Notice } from '../../ui/Feedback';
import { type Brand, brandQuery } from '../brands/api';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import type { ProjectContext } from '../projects/api';
import { type MetadataProperty, propertiesQuery } from './api';
import { useDeleteProperty, useMoveProperty } from './mutations';
import { PropertyFormDialog } from './PropertyFormDialog';
import { PropertyList } from './PropertyList';
import './metadata.css';

/** /brands/{brandId}/custom-metadata-property-management: every property of the brand. */
export function BrandPropertiesPage() {
  const { t } = useTranslation();
  const brandId = routeId(useParams().brandId);
  const brand = useQuery(brandQuery(brandId));
  if (brand.isError) return <ScreenFailure error={brand.error} title={t('metadata.loadFailed')} onRetry={() => void brand.refetch()} />;
  if (!brand.data) return <LoadingState label={t('metadata.loading')} />;
  return <PropertyManagement brand={brand.data} project={null} />;
}

/** /brands/{brandId}/projects/{projectId}/custom-metadata-property-management: the properties the library uses. */
export function ProjectPropertiesPage() {
  const { t } = useTranslation();
  const params = useParams();
  const brandId = routeId(params.brandId);
  const project = useAddressedProject(params.brandId, routeId(params.projectId));
  const brand = useQuery(brandQuery(brandId));
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (brand.isError) return <ScreenFailure error={brand.error} title={t('metadata.loadFailed')} onRetry={() => void brand.refetch()} />;
  if (project.status === 'pending' || !brand.data) return <LoadingState label={t('metadata.loading')} />;
  return <PropertyManagement brand={brand.data} project={project.data} />;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; property: MetadataProperty } | { kind: 'delete'; property: MetadataProperty } | null;

/**
 * The property management screen (routes-access-shell.md §2.2, §2.3): the list in order, "Add property" for those
 * who may change the brand, and per property (with can_admin) move, edit and delete.
 */
function PropertyManagement({ brand, project }: { brand: Brand; project: ProjectContext | null }) {
  const { t } = useTranslation();
  const listed = useQuery(propertiesQuery(brand.id, project?.id ?? null));
  // The brand's whole list: the order a move counts in, and the properties a dependency may name.
  const all = useQuery(propertiesQuery(brand.id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const move = useMoveProperty(brand.id);
  const canCreate = brand.permissions.canEdit;
  const title = project ? t('metadata.pageTitleProject', { project: project.name }) : t('metadata.pageTitleBrand', { brand: brand.name });
  const create = canCreate ? (
    <Button variant="primary" onPress={() => setDialog({ kind: 'create' })}>
      {t('metadata.add')}
    </Button>
  ) : null;

  const onMove = async (property: MetadataProperty, position: number) => {
    setNotice(null);
    try {
      await move.mutateAsync({ id: property.id, position });
      setNotice({ tone: 'success', text: t('metadata.moved', { name: property.name, position: position + 1 }) });
      return true;
    } catch {
      return false;
    }
  };

  let body: ReactNode;
  if (listed.isPending || all.isPending) body = <LoadingState label={t('metadata.loading')} />;
  else if (listed.isError || all.isError)
    body = (
      <LoadFailedAlert
        title={t('metadata.loadFailed')}
        error={listed.error ?? all.error}
        onRetry={() => {
          void listed.refetch();
          void all.refetch();
        }}
      />
    );
  else if (listed.data.length === 0)
    body = (
      <EmptyState title={t('metadata.emptyTitle')} action={create}>
        {project ? t('metadata.emptyProject') : canCreate ? t('metadata.emptyAdmin') : t('metadata.emptyViewer')}
      </EmptyState>
    );
  else
    body = (
      <PropertyList
        properties={listed.data}
        brandProperties={all.data}
        busy={move.busy}
        onMove={onMove}
        onEdit={(property) => setDialog({ kind: 'edit', property })}
        onDelete={(property) => setDialog({ kind: 'delete', property })}
      />
    );

  const base = `/brands/${brand.id}`;
  return (
    <div className="page metadata-page">
      <title>{t('page.title', { title })}</title>
      <header className="metadata-page__header">
        <nav aria-label={t('library.breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link to={base}>{brand.name}</Link>
            </li>
            {project ? (
              <li>
                <Link to={`${base}/projects/${project.id}`}>{project.name}</Link>
              </li>
            ) : null}
            <li>
              <span aria-current="page">{t('metadata.pageTitle')}</span>
            </li>
          </ol>
        </nav>
        <div className="metadata-page__title-row">
          <h1>{t('metadata.pageTitle')}</h1>
          <div className="metadata-page__actions">
            {project ? (
              <>
                <LinkButton href={`${base}/projects/${project.id}`}>{t('metadata.backToLibrary')}</LinkButton>
                <LinkButton href={`${base}/custom-metadata-property-management`}>{t('metadata.brandLink')}</LinkButton>
              </>
            ) : null}
            {listed.data && listed.data.length > 0 ? create : null}
          </div>
        </div>
        <p className="metadata-page__intro">
          {project ? t('metadata.introProject', { project: project.name }) : t('metadata.introBrand', { brand: brand.name })}
        </p>
      </header>
      {notice ? (
        <DismissableAlert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </DismissableAlert>
      ) : null}
      {move.failure ? <Alert>{move.failure}</Alert> : null}
      {body}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <PropertyFormDialog
          brandId={brand.id}
          property={dialog.kind === 'edit' ? dialog.property : undefined}
          brandProperties={all.data ?? []}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={(saved, created) =>
            setNotice({ tone: 'success', text: t(created ? 'metadata.created' : 'metadata.updated', { name: saved.name }) })
          }
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeletePropertyDialog
          brandId={brand.id}
          property={dialog.property}
          hasDependents={(all.data ?? []).some((p) => p.dependency?.property_id === dialog.property.id)}
          onClose={() => setDialog(null)}
          onDeleted={(count) => setNotice({ tone: 'success', text: t('metadata.deleted', { name: dialog.property.name, count }) })}
        />
      ) : null}
    </div>
  );
}

/** "12 assets have a value for “Usage”. Delete it and its values?" — then DELETE, which answers how many were removed. */
function DeletePropertyDialog({
  brandId,
  property,
  hasDependents,
  onClose,
  onDeleted,
}: {
  brandId: number;
  property: MetadataProperty;
  hasDependents: boolean;
  onClose: () => void;
  onDeleted: (count: number) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteProperty(brandId);
  return (
    <AppDialog
      title={t('metadata.deleteTitle', { name: property.name })}
      role="alertdialog"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!remove.busy}
      size="sm"
    >
      <p>
        {property.asset_count > 0
          ? t('metadata.deleteWithValues', { count: property.asset_count, name: property.name })
          : t('metadata.deleteNoValues', { name: property.name })}
      </p>
      {hasDependents ? <p>{t('metadata.deleteDependents')}</p> : null}
      {remove.failure ? <Alert>{remove.failure}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('metadata.cancel')}
        confirmLabel={t('metadata.deleteConfirm')}
        busy={remove.busy}
        onConfirm={() =>
          remove.mutate(property.id, {
            onSuccess: (result) => {
              onDeleted(result.removed_value_count);
              onClose();
            },
          })
        }
      />
    </AppDialog>
  );
}
