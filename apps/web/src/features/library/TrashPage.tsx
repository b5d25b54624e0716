import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { routeId } from '../../lib/guards';
import { FolderIcon } from '../../toolkit/FolderIcon';
import { Button, LinkButton } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import type { ProjectContext } from '../projects/api';
import { fileIconUrl, type LibraryTrashItem, trashQuery } from './api';
import { useEmptyTrash, useRestoreTrash } from './mutations';
import { ScreenFailure, useAddressedProject } from './screen';

const keyOf = (item: Pick<LibraryTrashItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;

/**
 * /brands/{brandId}/projects/{projectId}/trash: the library's deleted assets and folders (decision 0025). Editors
 * restore them, one by one or selected together; project admins empty the trash for good after a confirmation.
 */
export function TrashPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const project = useAddressedProject(params.brandId, projectId);
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (project.status === 'pending') return <LoadingState label={t('library.trash.loading')} />;
  return <TrashView brandId={brandId} project={project.data} />;
}

function TrashView({ brandId, project }: { brandId: number; project: ProjectContext }) {
  const { t, i18n } = useTranslation();
  const base = `/brands/${brandId}/projects/${project.id}`;
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  const canEdit = project.permissions.canEdit;
  const trash = useQuery({ ...trashQuery(project.id), enabled: canEdit });
  const restore = useRestoreTrash(project.id);
  const empty = useEmptyTrash(project.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [status, setStatus] = useState('');
  const items = useMemo(() => trash.data ?? [], [trash.data]);
  const chosen = items.filter((item) => selected.has(keyOf(item)));

  const toggle = (item: LibraryTrashItem, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(keyOf(item));
      else next.delete(keyOf(item));
      return next;
    });

  const restoreItems = (list: LibraryTrashItem[]) => {
    const body = {
      asset_ids: list.filter((i) => i.kind === 'asset').map((i) => i.id),
      set_ids: list.filter((i) => i.kind === 'folder').map((i) => i.id),
    };
    restore.mutate(body, {
      onSuccess: () => {
        setSelected((current) => new Set([...current].filter((key) => !list.some((i) => keyOf(i) === key))));
        setStatus(
          list.length === 1 && list[0]
            ? t('library.trash.restoredOne', { title: list[0].title })
            : t('library.trash.restoredMany', { count: list.length }),
        );
      },
    });
  };

  const describe = (item: LibraryTrashItem) => {
    const parts = [
      t('library.trash.deletedOn', {
        date: formatDate(item.deleted_at, i18n.language),
        name: item.deleted_by?.name || t('library.trash.someone'),
      }),
      t('library.trash.expiresOn', { date: formatDate(item.expires_at, i18n.language) }),
    ];
    return parts.join(' · ');
  };

  return (
    <div className="page library-trash">
      <title>{t('page.title', { title: t('library.trash.pageTitle', { project: project.name }) })}</title>
      <header className="library-trash__header">
        <nav aria-label={t('library.breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link to={`/brands/${brandId}`}>{brand.data?.name ?? t('library.brand')}</Link>
            </li>
            <li>
              <Link to={base}>{project.name}</Link>
            </li>
            <li>
              <span aria-current="page">{t('library.trash.title')}</span>
            </li>
          </ol>
        </nav>
        <div className="library-trash__title-row">
          <h1>{t('library.trash.title')}</h1>
          <div className="library-trash__actions">
            <LinkButton href={base}>{t('library.trash.back')}</LinkButton>
          </div>
        </div>
        <p className="library-trash__intro">{t('library.trash.intro')}</p>
      </header>

      {!canEdit ? (
        <Alert tone="info">{t('library.trash.editorsOnly')}</Alert>
      ) : trash.isPending ? (
        <LoadingState label={t('library.trash.loading')} />
      ) : trash.isError ? (
        <LoadFailedAlert title={t('library.trash.loadFailed')} error={trash.error} onRetry={() => void trash.refetch()} />
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {status}
          </p>
          {restore.failure ? <Alert>{restore.failure}</Alert> : null}
          {empty.failure ? <Alert>{empty.failure}</Alert> : null}
          {items.length === 0 ? (
            <EmptyState title={t('library.trash.emptyTitle')} action={<LinkButton href={base}>{t('library.trash.back')}</LinkButton>}>
              {t('library.trash.emptyText')}
            </EmptyState>
          ) : (
            <>
              <div className="library-trash__toolbar">
                <Checkbox
                  isSelected={chosen.length === items.length}
                  isIndeterminate={chosen.length > 0 && chosen.length < items.length}
                  onChange={(on) => setSelected(on ? new Set(items.map(keyOf)) : new Set())}
                >
                  {t('library.trash.selectAll')}
                </Checkbox>
                <Button variant="primary" isDisabled={chosen.length === 0 || restore.busy} onPress={() => restoreItems(chosen)}>
                  {chosen.length > 0 ? t('library.trash.restoreSelected', { count: chosen.length }) : t('library.trash.restoreNone')}
                </Button>
              </div>
              <ul className="library-trash__list" aria-label={t('library.trash.listLabel')}>
                {items.map((item) => (
                  <li key={keyOf(item)} className="library-trash__item">
                    <Checkbox isSelected={selected.has(keyOf(item))} onChange={(on) => toggle(item, on)}>
                      <span className="visually-hidden">{t('library.trash.select', { title: item.title })}</span>
                    </Checkbox>
                    <span className="library-trash__thumb" aria-hidden="true">
                      {item.kind === 'folder' ? (
                        <FolderIcon id={item.id} />
                      ) : (
                        <img src={item.thumbnail_url ?? fileIconUrl(item.extension)} alt="" loading="lazy" />
                      )}
                    </span>
                    <div className="library-trash__text">
                      <span className="library-trash__name">
                        <Badge>{t(`library.trash.kind.${item.kind}`)}</Badge> {item.title}
                      </span>
                      <span className="library-trash__meta">
                        {item.kind === 'folder'
                          ? [
                              t('library.trash.folderAssets', { count: item.asset_count }),
                              item.folder_count > 0 ? t('library.trash.folderFolders', { count: item.folder_count }) : null,
                            ]
                              .filter(Boolean)
                              .join(', ')
                          : null}
                        {item.kind === 'folder' ? ' · ' : null}
                        {item.path.length > 0
                          ? t('library.trash.wasIn', { path: item.path.join(' › ') })
                          : t('library.trash.wasAtTop', { project: project.name })}
                      </span>
                      <span className="library-trash__meta">{describe(item)}</span>
                    </div>
                    <Button
                      aria-label={t('library.trash.restoreLabel', { title: item.title })}
                      isDisabled={restore.busy}
                      onPress={() => restoreItems([item])}
                    >
                      {t('library.trash.restore')}
                    </Button>
                  </li>
                ))}
              </ul>
              {project.permissions.canAdmin ? (
                <div className="library-trash__danger">
                  <p>{t('library.trash.emptyHint')}</p>
                  <Button variant="danger" onPress={() => setConfirmEmpty(true)}>
                    {t('library.trash.empty')}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </>
      )}
      {confirmEmpty ? (
        <AppDialog
          title={t('library.trash.emptyConfirmTitle')}
          isOpen
          onOpenChange={(open) => !open && setConfirmEmpty(false)}
          role="alertdialog"
          isDismissable={!empty.busy}
          size="sm"
        >
          <p>{t('library.trash.emptyConfirmText', { count: items.length, project: project.name })}</p>
          {empty.failure ? <Alert>{empty.failure}</Alert> : null}
          <ConfirmDialogActions
            cancelLabel={t('common.cancel')}
            confirmLabel={empty.busy ? t('library.trash.emptying') : t('library.trash.emptyConfirm')}
            busy={empty.busy}
            onConfirm={() =>
              empty.mutate(undefined, {
                onSuccess: () => {
                  setConfirmEmpty(false);
                  setSelected(new Set());
                  setStatus(t('library.trash.emptied'));
                },
              })
            }
          />
        </AppDialog>
      ) : null}
    </div>
  );
}
