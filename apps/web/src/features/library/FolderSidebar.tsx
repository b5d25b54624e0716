import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FolderIcon } from '../../toolkit/FolderIcon';
import { type FolderNode, folderPath } from '../../toolkit/folders';

/**
 * The folder tree beside the browser: navigation, so links in nested lists with expand buttons (a disclosure
 * pattern) rather than an ARIA tree. The current folder is aria-current and its ancestors start open.
 */
export function FolderSidebar({
  tree,
  currentId,
  basePath,
  onNavigate,
}: {
  tree: FolderNode;
  currentId: number;
  /** /brands/{brandId}/projects/{projectId} */
  basePath: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(folderPath(tree, currentId).map((n) => n.id)));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderNode = (node: FolderNode, depth: number) => {
    const open = expanded.has(node.id) || node.id === 0;
    const href = node.id === 0 ? basePath : `${basePath}/folders/${node.id}`;
    const current = node.id === currentId;
    return (
      <li key={node.id} className="folder-nav__item">
        <div
          className={`folder-nav__row${current ? ' folder-nav__row--current' : ''}`}
          style={{ paddingInlineStart: `${depth * 0.875}rem` }}
        >
          {node.child_sets.length > 0 && node.id !== 0 ? (
            <button
              type="button"
              className="folder-nav__toggle"
              aria-expanded={open}
              aria-label={open ? t('library.collapseFolder', { name: node.name }) : t('library.expandFolder', { name: node.name })}
              onClick={() => toggle(node.id)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          ) : (
            <span className="folder-nav__toggle folder-nav__toggle--none" aria-hidden="true" />
          )}
          <Link to={href} className="folder-nav__link" aria-current={current ? 'page' : undefined} onClick={onNavigate}>
            <FolderIcon id={node.id} color={node.color} />
            <span className="folder-nav__name">{node.name}</span>
          </Link>
        </div>
        {open && node.child_sets.length > 0 ? (
          <ul className="folder-nav__list">{node.child_sets.map((child) => renderNode(child, depth + 1))}</ul>
        ) : null}
      </li>
    );
  };

  return (
    <nav className="folder-nav" aria-label={t('library.foldersNav')}>
      <ul className="folder-nav__list folder-nav__list--root">{renderNode(tree, 0)}</ul>
    </nav>
  );
}
