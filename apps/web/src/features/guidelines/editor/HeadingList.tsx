import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { editorPath, type PageHeading, type PageSummary } from '../documents/api';
import { useEditor } from './EditorContext';
import { DeleteHeadingDialog, RenameHeadingDialog } from './PageDialogs';

/** A page's headings (its navigation in the reader): each links to its section; editors rename and delete them. */
export function HeadingList({ page }: { page: PageSummary }) {
  const { t } = useTranslation();
  const { document, brandId, canEdit } = useEditor();
  const [renaming, setRenaming] = useState<PageHeading | null>(null);
  const [deleting, setDeleting] = useState<PageHeading | null>(null);
  return (
    <>
      <ul className="heading-list" aria-label={t('guidelines.headings.label', { title: page.title })}>
        {page.headings.map((heading) => (
          <li key={heading.id} className="heading-list__item">
            <Link
              className="heading-list__link"
              to={`${editorPath(brandId, document.id, page.id)}${heading.sectionElementId ? `#${heading.sectionElementId}` : ''}`}
            >
              {heading.title}
            </Link>
            {canEdit ? (
              <MenuTrigger>
                <Button
                  size="sm"
                  variant="ghost"
                  className="heading-list__menu"
                  aria-label={t('guidelines.headings.actions', { title: heading.title })}
                >
                  <span aria-hidden="true">⋯</span>
                </Button>
                <Popover className="menu-popover" placement="bottom end">
                  <Menu
                    className="menu"
                    onAction={(key) => {
                      if (key === 'rename') setRenaming(heading);
                      if (key === 'delete') setDeleting(heading);
                    }}
                  >
                    <MenuItem id="rename" className="menu__item">
                      {t('guidelines.headings.rename')}
                    </MenuItem>
                    <MenuItem id="delete" className="menu__item menu__item--danger">
                      {t('guidelines.headings.delete')}
                    </MenuItem>
                  </Menu>
                </Popover>
              </MenuTrigger>
            ) : null}
          </li>
        ))}
      </ul>
      {renaming ? <RenameHeadingDialog heading={renaming} pageId={page.id} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteHeadingDialog heading={deleting} pageId={page.id} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
