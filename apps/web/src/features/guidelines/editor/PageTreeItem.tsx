import type { DragEvent, KeyboardEvent } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/Feedback';
import { editorPath, type PageSummary } from '../documents/api';
import { useEditor } from './EditorContext';
import { HeadingList } from './HeadingList';

interface DragProps {
  draggable?: boolean;
  onDragStart?: (event: DragEvent) => void;
  onDragEnd?: () => void;
}
interface DropProps {
  onDragOver?: (event: DragEvent) => void;
  onDrop?: (event: DragEvent) => void;
}

/** One page of the tree: its link (Alt+Arrow Up/Down moves it), draft and cover badges, its menu and headings. */
export function PageTreeItem({
  page,
  index,
  count,
  current,
  busy,
  dragging,
  dropTarget,
  onOpen,
  onMove,
  onRename,
  onToggleHidden,
  onDelete,
  dragProps,
  dropProps,
}: {
  page: PageSummary;
  index: number;
  count: number;
  current: boolean;
  busy: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onOpen: () => void;
  onMove: (to: number) => void;
  onRename: () => void;
  onToggleHidden: () => void;
  onDelete: () => void;
  dragProps: DragProps;
  dropProps: DropProps;
}) {
  const { t } = useTranslation();
  const { document, brandId, canEdit } = useEditor();
  const cover = page.type === 'COVERPAGE';
  const canMoveUp = canEdit && !cover && index > 1;
  const canMoveDown = canEdit && !cover && index < count - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || busy) return;
    if (event.key === 'ArrowUp' && canMoveUp) {
      event.preventDefault();
      onMove(index - 1);
    } else if (event.key === 'ArrowDown' && canMoveDown) {
      event.preventDefault();
      onMove(index + 1);
    }
  };

  const className = [
    'page-tree__item',
    current ? 'page-tree__item--current' : '',
    dragging ? 'page-tree__item--dragging' : '',
    dropTarget ? 'page-tree__item--drop' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} {...dragProps} {...dropProps}>
      <div className="page-tree__row">
        {dragProps.draggable ? (
          <span className="page-tree__grip" aria-hidden="true">
            ⠿
          </span>
        ) : (
          <span className="page-tree__grip" aria-hidden="true" />
        )}
        <Link
          className="page-tree__link"
          to={editorPath(brandId, document.id, page.id)}
          aria-current={current ? 'page' : undefined}
          aria-keyshortcuts={canMoveUp || canMoveDown ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
          onKeyDown={onKeyDown}
          onClick={onOpen}
        >
          {page.title}
        </Link>
        {cover ? <Badge tone="info">{t('guidelines.tree.cover')}</Badge> : null}
        {page.hidden ? <Badge tone="warning">{t('guidelines.tree.draft')}</Badge> : null}
        {canEdit ? (
          <MenuTrigger>
            <Button size="sm" variant="ghost" className="page-tree__menu" aria-label={t('guidelines.tree.actions', { title: page.title })}>
              <span aria-hidden="true">⋯</span>
            </Button>
            <Popover className="menu-popover" placement="bottom end">
              <Menu
                className="menu"
                disabledKeys={[...(canMoveUp ? [] : ['up']), ...(canMoveDown ? [] : ['down'])]}
                onAction={(key) => {
                  if (key === 'rename') onRename();
                  if (key === 'hide') onToggleHidden();
                  if (key === 'up') onMove(index - 1);
                  if (key === 'down') onMove(index + 1);
                  if (key === 'delete') onDelete();
                }}
              >
                <MenuItem id="rename" className="menu__item">
                  {t('guidelines.tree.rename')}
                </MenuItem>
                {cover ? null : (
                  <MenuItem id="hide" className="menu__item">
                    {page.hidden ? t('guidelines.tree.showPage') : t('guidelines.tree.hidePage')}
                  </MenuItem>
                )}
                {cover ? null : (
                  <MenuItem id="up" className="menu__item">
                    {t('guidelines.tree.moveUp')}
                  </MenuItem>
                )}
                {cover ? null : (
                  <MenuItem id="down" className="menu__item">
                    {t('guidelines.tree.moveDown')}
                  </MenuItem>
                )}
                {cover ? null : <Separator className="menu__separator" />}
                {cover ? null : (
                  <MenuItem id="delete" className="menu__item menu__item--danger">
                    {t('guidelines.tree.delete')}
                  </MenuItem>
                )}
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : null}
      </div>
      {page.headings.length > 0 ? <HeadingList page={page} /> : null}
    </li>
  );
}
