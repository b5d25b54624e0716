import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FileTrigger, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { routeId } from '../../lib/guards';
import { useAppNavigate } from '../../lib/navigation';
import { NotFoundPage } from '../../shell/NotFoundPage';
import { type FolderNode, findFolder, folderPath, folderTreeQuery } from '../../toolkit/folders';
import { Button, LinkButton } from '../../ui/Button';
import { Alert, Badge } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import { consentAskedBy } from '../licences/api';
import { useConsentGate } from '../licences/useConsentGate';
import type { ProjectContext } from '../projects/api';
import { ShareDialog } from '../shares/ShareDialog';
import { useCanShare } from '../shares/useCanShare';
import { useUploadStarter } from '../uploads/useUploadStarter';
import { FolderContents } from './FolderContents';
import { DeleteFolderDialog, FolderFormDialog } from './FolderDialogs';
import { FolderSidebar } from './FolderSidebar';
import { LibrarySkeleton } from './LibrarySkeleton';
import { assetUploadTarget, useBulkDownload, useMoveAssets, useRestoreTrash } from './mutations';
import type { LibraryNotice, TrashUndo } from './notice';
import { ScreenFailure, useAddressedProject } from './screen';
import { useSortSearch } from './sort';

/**
 * /brands/{brandId}/projects/{projectId} and …/folders/{setId}: the library browser. Its skeleton shows while the
 * project and its folder tree first load (the loaders do not wait for them on a first visit).
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const setId = params.setId ? routeId(params.setId) : 0;
  const project = useAddressedProject(params.brandId, projectId);
  const tree = useQuery(folderTreeQuery(projectId));

  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (tree.isError && !tree.data) {
    return <ScreenFailure error={tree.error} title={t('library.foldersFailed')} onRetry={() => void tree.refetch()} />;
  }
  if (project.status === 'pending' || !tree.data) return <LibrarySkeleton />;
  const folder = findFolder(tree.data, setId);
  // The folder was deleted meanwhile (elsewhere), or never was: the same page as the loader's 404.
  if (!folder) return <NotFoundPage />;
  return <LibraryView brandId={brandId} project={project.data} tree={tree.data} folder={folder} />;
}

function LibraryView({
  brandId,
  project,
  tree,
  folder,
}: {
  brandId: number;
  project: ProjectContext;
  tree: FolderNode;
  folder: FolderNode;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const brand = useQuery({ ...brandQuery(brandId), retry: false });
  const [foldersOpen, setFoldersOpen] = useState(false);
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | 'share' | null>(null);
  const folderDownload = useBulkDownload();
  // A folder holding assets that ask for usage consent is refused (409) with their terms (decision 0031): the dialog
  // shows them, Accept records the consent for those assets and asks again with the token.
  const folderConsent = useConsentGate();
  const downloadFolder = (folderId: number, token?: string) =>
    folderDownload.mutate(
      { project_id: project.id, set_id: folderId, ...(token ? { consent_token: token } : {}) },
      {
        onError: (error) => {
          const details = token ? null : consentAskedBy(error);
          if (!details) return;
          folderDownload.clearFailure();
          folderConsent.offer(details, (granted) => downloadFolder(folderId, granted));
        },
      },
    );
  const base = `/brands/${brandId}/projects/${project.id}`;
  const path = folderPath(tree, folder.id);
  const parent = path.length > 1 ? path[path.length - 2] : undefined;
  const canEdit = project.permissions.canEdit;
  const isRoot = folder.id === 0;
  const canShareFolder = useCanShare(project, canEdit) && !isRoot;
  const heading = isRoot ? project.name : folder.name;
  const upload = useUploadStarter(project.id);
  const search = useSortSearch();

  // A notice belongs to the folder it was given in.
  // A deleted folder's notice (with Undo) comes along to the parent folder in the navigation's state, since the
  // parent may be another route (the library's root) whose page starts afresh.
  const location = useLocation();
  const routerNavigate = useNavigate();
  const [notice, setNotice] = useState<(LibraryNotice & { folderId: number }) | null>(
    () => (location.state as { notice?: LibraryNotice & { folderId: number } } | null)?.notice ?? null,
  );
  const showNotice = useCallback((next: LibraryNotice | null) => setNotice(next ? { ...next, folderId: folder.id } : null), [folder.id]);
  // Undo of a delete: the items come back from the trash where they were (decision 0025).
  const restore = useRestoreTrash(project.id);
  const { mutateAsync: restoreMutation } = restore;
  const undo = useCallback(
    (what: TrashUndo) => {
      restoreMutation(what).then(
        () => showNotice({ tone: 'success', text: t('library.trash.undone') }),
        (error: unknown) => showNotice({ tone: 'error', text: errorMessage(error, t('library.trash.restoreFailed')) }),
      );
    },
    [restoreMutation, showNotice, t],
  );
  const move = useMoveAssets(project.id, (ids, folderId, folderName) =>
    showNotice({ tone: 'success', text: t('library.moved', { count: ids.length, folder: folderId === 0 ? project.name : folderName }) }),
  );
  const { mutateAsync: moveMutation } = move;
  const moveAssets = useCallback(
    async (ids: number[], target: { id: number; name: string }) => {
      await moveMutation({ ids, folderId: target.id, folderName: target.name });
    },
    [moveMutation],
  );
  // A drop says what happened where the contents are, like the Move… dialog's answer.
  const dropAssets = useCallback(
    (target: FolderNode, ids: number[]) => {
      moveAssets(ids, target).catch((error: unknown) =>
        showNotice({ tone: 'error', text: errorMessage(error, t('library.moveFailed', { count: ids.length })) }),
      );
    },
    [moveAssets, showNotice, t],
  );

  return (
    <div className="library">
      <title>{t('page.title', { title: heading })}</title>
      <aside className={`library__sidebar${foldersOpen ? ' library__sidebar--open' : ''}`} id="library-folders">
        <FolderSidebar
          key={project.id}
          projectId={project.id}
          tree={tree}
          currentId={folder.id}
          basePath={base}
          search={search}
          onNavigate={() => setFoldersOpen(false)}
          drop={canEdit ? { projectId: project.id, onDrop: dropAssets } : undefined}
          trashHref={canEdit ? `${base}/trash` : undefined}
          collectionsHref={`${base}/collections`}
          submissionsHref={canEdit ? `${base}/submission-requests` : undefined}
          metadataHref={`${base}/custom-metadata-property-management`}
        />
      </aside>
      <section className="library__main" aria-labelledby="library-heading">
        <header className="library__header">
          <nav aria-label={t('library.breadcrumbs')} className="breadcrumbs">
            <ol>
              <li>
                <Link to={`/brands/${brandId}`}>{brand.data?.name ?? t('library.brand')}</Link>
              </li>
              {path.map((node, index) => (
                <li key={node.id}>
                  {index === path.length - 1 ? (
                    <span aria-current="page">{node.id === 0 ? project.name : node.name}</span>
                  ) : (
                    <Link to={`${node.id === 0 ? base : `${base}/folders/${node.id}`}${search}`}>
                      {node.id === 0 ? project.name : node.name}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          <div className="library__title-row">
            <div className="library__title">
              <h1 id="library-heading">{heading}</h1>
              <Badge tone={project.project_type === 'WORKSPACE' ? 'info' : 'neutral'}>{t(`projectTypes.${project.project_type}`)}</Badge>
            </div>
            <div className="library__actions">
              <Button
                className="library__folders-toggle"
                aria-expanded={foldersOpen}
                aria-controls="library-folders"
                onPress={() => setFoldersOpen(!foldersOpen)}
              >
                {t('library.foldersToggle')}
              </Button>
              {project.project_type === 'WORKSPACE' ? (
                <>
                  <LinkButton href={`/brands/${brandId}/workflows/${project.id}`}>{t('workflows.open')}</LinkButton>
                  <LinkButton href={`/brands/${brandId}/activity/${project.id}`}>{t('workflows.activity.open')}</LinkButton>
                </>
              ) : null}
              {canEdit ? (
                <>
                  <FileTrigger
                    allowsMultiple
                    onSelect={(files) => {
                      if (files) void upload.start(Array.from(files), assetUploadTarget(queryClient, project.id, folder.id));
                    }}
                  >
                    <Button variant="primary" isPending={upload.checking}>
                      {t('library.upload')}
                    </Button>
                  </FileTrigger>
                  <Button onPress={() => setDialog('create')}>{t('library.newFolder')}</Button>
                </>
              ) : null}
              <MenuTrigger>
                <Button aria-label={t('library.folderActions')}>
                  {folderDownload.busy ? t('library.preparing') : t('library.more')}
                  <span aria-hidden="true">▾</span>
                </Button>
                <Popover className="menu-popover" placement="bottom end">
                  <Menu
                    className="menu"
                    onAction={(key) => {
                      if (key === 'download') downloadFolder(folder.id);
                      if (key === 'rename') setDialog('rename');
                      if (key === 'share') setDialog('share');
                      if (key === 'delete') setDialog('delete');
                      if (key === 'trash') navigate(`${base}/trash`);
                      if (key === 'duplicates') navigate(`${base}/duplicate-detection`);
                    }}
                  >
                    <MenuItem id="download" className="menu__item">
                      {isRoot ? t('library.downloadAll') : t('library.downloadFolder')}
                    </MenuItem>
                    {canShareFolder ? (
                      <MenuItem id="share" className="menu__item">
                        {t('shares.shareFolder')}
                      </MenuItem>
                    ) : null}
                    {canEdit && !isRoot ? (
                      <MenuItem id="rename" className="menu__item">
                        {t('library.renameFolder')}
                      </MenuItem>
                    ) : null}
                    {canEdit ? (
                      <MenuItem id="duplicates" className="menu__item">
                        {t('duplicates.open')}
                      </MenuItem>
                    ) : null}
                    {canEdit ? (
                      <MenuItem id="trash" className="menu__item">
                        {t('library.trash.open')}
                      </MenuItem>
                    ) : null}
                    {canEdit && !isRoot ? (
                      <MenuItem id="delete" className="menu__item menu__item--danger">
                        {t('library.deleteFolder')}
                      </MenuItem>
                    ) : null}
                  </Menu>
                </Popover>
              </MenuTrigger>
              <LinkButton href={`${base}/settings/general`}>{t('library.settings')}</LinkButton>
            </div>
          </div>
          {folderDownload.busy ? (
            <p className="library__notice" role="status">
              <span className="spinner spinner--sm" aria-hidden="true" /> {t('library.preparingDownload')}
            </p>
          ) : null}
          {folderDownload.failure ? <Alert>{folderDownload.failure}</Alert> : null}
          {folderConsent.dialog}
        </header>
        <FolderContents
          key={`${project.id}-${folder.id}`}
          project={project}
          folder={folder}
          base={base}
          canEdit={canEdit}
          onUpload={(files) => void upload.start(files, assetUploadTarget(queryClient, project.id, folder.id))}
          checking={upload.checking}
          notice={notice?.folderId === folder.id ? notice : null}
          onNotice={showNotice}
          onUndo={undo}
          undoing={restore.busy}
          moveAssets={moveAssets}
          onDropAssets={dropAssets}
        />
      </section>
      {upload.dialogs}
      {dialog === 'create' ? (
        <FolderFormDialog
          projectId={project.id}
          mode={{ kind: 'create', parentId: folder.id }}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === 'share' && canShareFolder ? (
        <ShareDialog
          target={{ type: 'folder', projectId: project.id, setId: folder.id }}
          name={folder.name}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === 'rename' && !isRoot ? (
        <FolderFormDialog
          projectId={project.id}
          mode={{ kind: 'rename', folder }}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' && !isRoot ? (
        <DeleteFolderDialog
          projectId={project.id}
          folder={folder}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
          onDeleted={(result) => {
            // The notice (with Undo) shows in the folder the page goes to.
            const next = {
              tone: 'success' as const,
              text: t('library.trash.folderTrashed', { name: folder.name, count: result.trashed_assets }),
              undo: { set_ids: [result.id] },
              folderId: result.target_set_id,
            };
            setNotice(next);
            void routerNavigate(parent && parent.id !== 0 ? `${base}/folders/${parent.id}` : base, {
              replace: true,
              state: { notice: next },
            });
          }}
        />
      ) : null}
    </div>
  );
}
