import { DEFAULT_BLOCK_SETTINGS } from '@emblem/core';
import { Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Alert } from '../../../ui/Feedback';
import { BlockIcon } from '../blocks/BlockIcon';
import { isBlockType, MENU_BLOCK_TYPES } from '../blocks/registry';
import { createBlock, type PageResponse, type SectionResponse } from '../documents/api';
import { blockHandle, focusWhenReady } from './focus';
import { useEditorWrite } from './mutations';

/** "Add block" in a column: every block type with its icon and what it is for; the new block takes the focus. */
export function AddBlockMenu({
  page,
  section,
  column,
  position,
}: {
  page: PageResponse;
  section: SectionResponse;
  column: number;
  position: number;
}) {
  const { t } = useTranslation();
  const add = useEditorWrite(
    (type: (typeof MENU_BLOCK_TYPES)[number]) =>
      createBlock(section.id, { type, column, position, settings: { ...DEFAULT_BLOCK_SETTINGS[type] } as Record<string, unknown> }),
    { pages: () => [page.id], skipTree: true },
  );
  const columns = section.column_proportions.length;
  return (
    <div className="add-block">
      <MenuTrigger>
        <Button size="sm" variant="ghost" className="add-block__button" isPending={add.busy}>
          <span aria-hidden="true">+ </span>
          {columns > 1 ? t('guidelines.blocks.addToColumn', { number: column + 1 }) : t('guidelines.blocks.add')}
        </Button>
        <Popover className="menu-popover add-block__popover" placement="bottom start">
          <Menu
            className="menu add-block__menu"
            aria-label={t('guidelines.blocks.chooseType')}
            onAction={(key) => {
              const type = String(key);
              if (isBlockType(type)) add.mutate(type, { onSuccess: (created) => focusWhenReady(blockHandle(created.id)) });
            }}
          >
            {MENU_BLOCK_TYPES.map((type) => (
              <MenuItem key={type} id={type} className="menu__item add-block__item" textValue={t(`guidelines.blocks.types.${type}`)}>
                <BlockIcon type={type} />
                <span className="add-block__text">
                  <Text slot="label">{t(`guidelines.blocks.types.${type}`)}</Text>
                  <Text slot="description" className="menu__detail">
                    {t(`guidelines.blocks.descriptions.${type}`)}
                  </Text>
                </span>
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {add.failure ? <Alert>{add.failure}</Alert> : null}
    </div>
  );
}
