import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FolderIcon } from '../../toolkit/FolderIcon';
import { type FolderNode, folderPath } from '../../toolkit/folders';
import { useAssetDrop } from './dragDrop';

/**
 * The folders each library's tree has open, for as long as the page lives: leaving a library for an asset, another
 * library or the brand, and coming back, finds the tree as it was left.
 */
const openFolders = new Map<number, ReadonlySet<number>>();

/** `open` with the ancestors of `currentId` added (the same set when nothing changes). */
export function withAncestors(open: ReadonlySet<number>, tree: FolderNode, currentId: number): ReadonlySet<number> {
  const ancestors = folderPath(tree, currentId).slice(0, -1);
  if (ancestors.every((node) => open.has(node.id))) return open;
  return new Set([...open, ...ancestors.map((node) => node.id)]);
}

/** Forgets the remembered trees (tests start each page afresh). */
export function forgetOpenFolders() {
  openFolders.clear();
}

export interface SidebarDrop {
  projectId: number;
  onDrop: (folder: FolderNode, ids: number[]) => void;
}

/**
 * The folder tree beside the browser: navigation, so links in nested lists with expand buttons (a disclosure
 * pattern) rather than an ARIA tree. It opens the way to the current folder, which is aria-current, on the first
 * visit (a deep link too) and on every navigation, and otherwise keeps the folders as the person opened and closed
 * them. With `drop`, dragged assets can be dropped on any folder but the current one; resting on a closed folder
 * opens it.
 */
export function FolderSidebar({
  projectId,
  tree,
  currentId,
  basePath,
  search = '',
  onNavigate,
  drop,
  trashHref,
  collectionsHref,
  submissionsHref,
  metadataHref,
}: {
  projectId: number;
  tree: FolderNode;
  currentId: number;
  /** /brands/{brandId}/projects/{projectId} */
  basePath: string;
  /** The query the links keep (the sort). */
  search?: string;
  onNavigate?: () => void;
  drop?: SidebarDrop;
  /** The library's trash, for those who may restore (EDIT). */
  trashHref?: string;
  /** The library's collections. */
  collectionsHref?: string;
  /** The library's submission requests, for its editors (decision 0032). */
  submissionsHref?: string;
  /** The custom metadata the library uses (decision 0040). */
  metadataHref?: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() =>
    withAncestors(openFolders.get(projectId) ?? new Set(), tree, currentId),
  );
  // Another folder (a tile, a breadcrumb, the way back): open the way to it, keep the rest.
  useEffect(() => {
    setExpanded((open) => withAncestors(open, tree, currentId));
  }, [tree, currentId]);
  useEffect(() => {
    openFolders.set(projectId, expanded);
  }, [projectId, expanded]);

  const currentRef = useRef<HTMLAnchorElement>(null);
  // The current folder scrolls into view in a long tree (once per folder, not on every expand).
  // biome-ignore lint/correctness/useExhaustiveDependencies: currentId is the trigger; the ref reads the link.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);

  const setOpen = (id: number, open: boolean) =>
    setExpanded((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const renderNode = (node: FolderNode, depth: number) => {
    const open = expanded.has(node.id) || node.id === 0;
    return (
      <li key={node.id} className="folder-nav__item">
        <FolderNavRow
          node={node}
          depth={depth}
          open={open}
          current={node.id === currentId}
          href={`${node.id === 0 ? basePath : `${basePath}/folders/${node.id}`}${search}`}
          linkRef={node.id === currentId ? currentRef : undefined}
          onToggle={() => setOpen(node.id, !open)}
          onOpen={() => setOpen(node.id, true)}
          onNavigate={onNavigate}
          drop={drop && node.id !== currentId ? drop : undefined}
        />
        {open && node.child_sets.length > 0 ? (
          <ul className="folder-nav__list">{node.child_sets.map((child) => renderNode(child, depth + 1))}</ul>
        ) : null}
      </li>
    );
  };

  return (
    <nav className="folder-nav" aria-label={t('library.foldersNav')}>
      <ul className="folder-nav__list folder-nav__list--root">{renderNode(tree, 0)}</ul>
      <ul className="folder-nav__places">
        {collectionsHref ? (
          <li>
            <Link to={collectionsHref} className="folder-nav__place" onClick={onNavigate}>
              <svg className="folder-nav__place-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M2.5 5.5h11v8h-11zM4 3.5h8M5.5 1.5h5" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
              {t('collections.open')}
            </Link>
          </li>
        ) : null}
        {submissionsHref ? (
          <li>
            <Link to={submissionsHref} className="folder-nav__place" onClick={onNavigate}>
              <svg className="folder-nav__place-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M8 10.5V2.5M5 5.5l3-3 3 3M2.5 10v3.5h11V10" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
              {t('submissions.open')}
            </Link>
          </li>
        ) : null}
        {metadataHref ? (
          <li>
            <Link to={metadataHref} className="folder-nav__place" onClick={onNavigate}>
              <svg className="folder-nav__place-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M2.5 3.5h11M2.5 8h11M2.5 12.5h11M5 2v3M10 6.5v3M7 11v3" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
              {t('metadata.nav')}
            </Link>
          </li>
        ) : null}
        {trashHref ? (
          <li>
            <Link to={trashHref} className="folder-nav__place" onClick={onNavigate}>
              <svg className="folder-nav__place-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.8 6.5v4.5M9.2 6.5v4.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.2"
                />
              </svg>
              {t('library.trash.title')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function FolderNavRow({
  node,
  depth,
  open,
  current,
  href,
  linkRef,
  onToggle,
  onOpen,
  onNavigate,
  drop,
}: {
  node: FolderNode;
  depth: number;
  open: boolean;
  current: boolean;
  href: string;
  linkRef?: RefObject<HTMLAnchorElement | null>;
  onToggle: () => void;
  onOpen: () => void;
  onNavigate?: () => void;
  drop?: SidebarDrop;
}) {
  const { t } = useTranslation();
  const rowRef = useRef<HTMLDivElement>(null);
  const { dropProps, isDropTarget } = useAssetDrop({
    projectId: drop?.projectId ?? 0,
    ref: rowRef,
    enabled: Boolean(drop),
    onDrop: (ids) => drop?.onDrop(node, ids),
    onActivate: node.child_sets.length > 0 ? onOpen : undefined,
  });
  const classes = ['folder-nav__row', current ? 'folder-nav__row--current' : '', isDropTarget ? 'folder-nav__row--drop-target' : ''];
  return (
    <div
      ref={rowRef}
      className={classes.filter(Boolean).join(' ')}
      style={{ paddingInlineStart: `${depth * 0.875}rem` }}
      data-folder-id={node.id}
      {...dropProps}
    >
      {node.child_sets.length > 0 && node.id !== 0 ? (
        <button
          type="button"
          className="folder-nav__toggle"
          aria-expanded={open}
          aria-label={open ? t('library.collapseFolder', { name: node.name }) : t('library.expandFolder', { name: node.name })}
          onClick={onToggle}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      ) : (
        <span className="folder-nav__toggle folder-nav__toggle--none" aria-hidden="true" />
      )}
      <Link ref={linkRef} to={href} className="folder-nav__link" aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        <FolderIcon id={node.id} color={node.color} />
        <span className="folder-nav__name">{node.name}</span>
      </Link>
    </div>
  );
}
