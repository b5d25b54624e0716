import type { BlockType } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../../shell/Drawer';
import { SettingsGroup } from '../../../toolkit';
import { BlockSettingsForm } from '../blocks/registry';
import { SettingsErrors } from '../blocks/settings/shared';
import type { BlockRef } from './autosave';
import { useAutosaveState, useEditor } from './EditorContext';
import { SaveStatus } from './SaveStatus';

/** A block's settings in the drawer, built from the toolkit; every change shows on the page and is autosaved. */
export function BlockSettingsDrawer({ blockRef, typeLabel, onClose }: { blockRef: BlockRef; typeLabel: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { autosave, brandId } = useEditor();
  const state = useAutosaveState();
  const settings = state.drafts.get(blockRef.id) ?? blockRef.settings;
  const title = t('guidelines.blocks.settingsTitle', { type: typeLabel });
  return (
    <Drawer label={title} title={<span className="drawer__title-text">{title}</span>} onClose={onClose}>
      <SettingsGroup>
        <div className="block-settings">
          <SaveStatus />
          <SettingsErrors errors={state.invalid.get(blockRef.id) ?? {}} />
          <BlockSettingsForm
            type={blockRef.type as BlockType}
            settings={settings}
            brandId={brandId}
            errors={state.invalid.get(blockRef.id) ?? {}}
            onChange={(patch) => autosave.edit(blockRef, patch, { undoLabel: t('guidelines.undo.edit', { type: typeLabel }) })}
          />
        </div>
      </SettingsGroup>
    </Drawer>
  );
}
