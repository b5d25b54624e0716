import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import { createSection, type PageResponse } from '../documents/api';
import { focusWhenReady, sectionHandle } from './focus';
import { LayoutPicture, layoutKey, SECTION_LAYOUTS, useLayoutName } from './layouts';
import { useEditorWrite } from './mutations';

/** "Add section": a menu of column layouts; the new section takes the focus. */
export function AddSection({ page, position, primary }: { page: PageResponse; position: number; primary?: boolean }) {
  const { t } = useTranslation();
  const layoutName = useLayoutName();
  const add = useEditorWrite(
    (column_proportions: number[]) => createSection(page.id, { column_proportions: column_proportions, position }),
    {
      pages: () => [page.id],
      skipTree: true,
    },
  );
  return (
    <div className="add-section">
      <MenuTrigger>
        <Button variant={primary ? 'primary' : 'secondary'} isPending={add.busy}>
          {t('guidelines.sections.add')}
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <Menu
            className="menu"
            aria-label={t('guidelines.sections.chooseLayout')}
            onAction={(key) => {
              const layout = SECTION_LAYOUTS.find((l) => layoutKey(l) === key);
              if (layout) add.mutate([...layout], { onSuccess: (created) => focusWhenReady(sectionHandle(created.id)) });
            }}
          >
            {SECTION_LAYOUTS.map((layout) => (
              <MenuItem key={layoutKey(layout)} id={layoutKey(layout)} className="menu__item layout-option" textValue={layoutName(layout)}>
                <LayoutPicture proportions={layout} />
                <span>{layoutName(layout)}</span>
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {add.failure ? <Alert>{add.failure}</Alert> : null}
    </div>
  );
}
