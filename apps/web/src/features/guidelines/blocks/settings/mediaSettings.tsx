import { DODONT_VERDICTS, EMBED_ASPECTS, EMBED_HOSTS, IMAGE_FITS } from '@emblem/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChooserSetting, DropdownSetting, FolderPicker, RatioSetting, TextSetting, ToggleSetting } from '../../../../toolkit';
import { Button } from '../../../../ui/Button';
import { SelectField } from '../../../../ui/SelectField';
import { TextField } from '../../../../ui/TextField';
import { useBrandLibraries, useLibraryFolder } from '../mediaBlocks';
import type { BlockSettingsProps } from '../types';
import { AssetsField, ItemList, OptionalTextSetting } from './shared';

export function ImageSettings({ settings, onChange, brandId }: BlockSettingsProps<'image'>) {
  const { t } = useTranslation();
  return (
    <>
      <AssetsField
        label={t('guidelines.blocks.fields.asset_ids')}
        ids={settings.asset_ids ?? []}
        onChange={(asset_ids) => onChange({ asset_ids })}
        brandId={brandId}
        multiple
        kind="image"
      />
      <OptionalTextSetting name="caption" value={settings.caption} maxLength={500} onSaved={(caption) => onChange({ caption })} />
      <ChooserSetting
        name="fit"
        label={t('guidelines.blocks.fields.fit')}
        layout="segments"
        value={settings.fit ?? 'FIT'}
        options={IMAGE_FITS.map((fit) => ({ value: fit, label: t(`guidelines.blocks.image.fits.${fit}`) }))}
        onSaved={(fit) => {
          if (fit) onChange({ fit });
        }}
      />
      <ToggleSetting
        name="download"
        label={t('guidelines.blocks.fields.download')}
        description={t('guidelines.blocks.image.downloadHint')}
        value={settings.download ?? false}
        onSaved={(download) => onChange({ download })}
      />
    </>
  );
}

export function VideoSettings({ settings, onChange, brandId }: BlockSettingsProps<'video'>) {
  const { t } = useTranslation();
  return (
    <>
      <AssetsField
        label={t('guidelines.blocks.fields.asset_id')}
        ids={settings.asset_id ? [settings.asset_id] : []}
        onChange={(ids) => onChange({ asset_id: ids[0] ?? null })}
        brandId={brandId}
        multiple={false}
        kind="video"
      />
      <OptionalTextSetting name="caption" value={settings.caption} maxLength={500} onSaved={(caption) => onChange({ caption })} />
    </>
  );
}

export function EmbedSettings({ settings, onChange }: BlockSettingsProps<'embed'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextSetting
        name="url"
        type="url"
        label={t('guidelines.blocks.fields.url')}
        description={t('guidelines.blocks.embed.hosts', { hosts: EMBED_HOSTS.join(', ') })}
        value={settings.url ?? ''}
        rules={{ required: true, maxlength: 2000 }}
        onSaved={(url) => onChange({ url })}
      />
      <TextSetting
        name="title"
        label={t('guidelines.blocks.fields.title')}
        description={t('guidelines.blocks.embed.titleHint')}
        value={settings.title ?? ''}
        rules={{ required: true, maxlength: 200 }}
        onSaved={(title) => onChange({ title })}
      />
      <RatioSetting
        name="aspect"
        label={t('guidelines.blocks.fields.aspect')}
        ratios={EMBED_ASPECTS}
        value={settings.aspect ?? '16:9'}
        onSaved={(aspect) => {
          const known = EMBED_ASPECTS.find((a) => a === aspect);
          if (known) onChange({ aspect: known });
        }}
      />
    </>
  );
}

type DoDontItem = NonNullable<BlockSettingsProps<'dodont'>['settings']['items']>[number];

export function DoDontSettings({ settings, onChange, brandId }: BlockSettingsProps<'dodont'>) {
  const { t } = useTranslation();
  return (
    <ItemList<DoDontItem>
      label={t('guidelines.blocks.fields.items')}
      items={settings.items ?? []}
      onChange={(items) => onChange({ items })}
      create={() => ({ asset_id: null, verdict: (settings.items ?? []).length % 2 === 0 ? 'DO' : 'DONT' })}
      itemLabel={(item, index) =>
        t('guidelines.blocks.dodont.itemLabel', { number: index + 1, verdict: t(`guidelines.blocks.dodont.verdicts.${item.verdict}`) })
      }
      max={24}
      addLabel={t('guidelines.blocks.dodont.add')}
      renderItem={(item, update, index) => (
        <>
          <AssetsField
            label={t('guidelines.blocks.dodont.image', { number: index + 1 })}
            ids={item.asset_id ? [item.asset_id] : []}
            onChange={(ids) => update({ asset_id: ids[0] ?? null })}
            brandId={brandId}
            multiple={false}
            kind="image"
          />
          <SelectField
            label={t('guidelines.blocks.fields.verdict')}
            options={DODONT_VERDICTS.map((v) => ({ id: v, label: t(`guidelines.blocks.dodont.verdicts.${v}`) }))}
            value={item.verdict}
            onChange={(verdict) => update({ verdict: verdict === 'DO' ? 'DO' : 'DONT' })}
          />
          <TextField
            label={t('guidelines.blocks.fields.note')}
            value={item.note ?? ''}
            maxLength={500}
            onChange={(note) => update({ note: note || undefined })}
          />
        </>
      )}
    />
  );
}

export function DownloadsSettings({ settings, onChange, brandId }: BlockSettingsProps<'downloads'>) {
  const { t } = useTranslation();
  const [folderMode, setFolderMode] = useState(Boolean(settings.folder_id));
  const mode = folderMode || settings.folder_id ? 'folder' : 'assets';
  return (
    <>
      <OptionalTextSetting name="title" value={settings.title} maxLength={200} onSaved={(title) => onChange({ title })} />
      <ChooserSetting
        name="mode"
        label={t('guidelines.blocks.downloads.mode')}
        layout="segments"
        value={mode}
        options={[
          { value: 'assets', label: t('guidelines.blocks.downloads.modes.assets') },
          { value: 'folder', label: t('guidelines.blocks.downloads.modes.folder') },
        ]}
        onSaved={(next) => {
          // Switching to a folder keeps the picked assets until a folder is chosen (both are never sent).
          setFolderMode(next === 'folder');
          if (next === 'assets' && settings.folder_id) onChange({ folder_id: null });
        }}
      />
      {mode === 'assets' ? (
        <AssetsField
          label={t('guidelines.blocks.fields.asset_ids')}
          ids={settings.asset_ids ?? []}
          onChange={(asset_ids) => onChange({ asset_ids })}
          brandId={brandId}
          multiple
          kind="any"
        />
      ) : (
        <FolderField
          brandId={brandId}
          folderId={settings.folder_id ?? null}
          onChange={(folder_id) => onChange({ folder_id, asset_ids: [] })}
        />
      )}
    </>
  );
}

/** A folder of one of the brand's libraries: the library first, then the toolkit's folder picker. */
function FolderField({ brandId, folderId, onChange }: { brandId: number; folderId: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const { libraries } = useBrandLibraries(brandId);
  const current = useLibraryFolder(brandId, folderId);
  const [library, setLibrary] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const projectId = library ?? current?.projectId ?? libraries[0]?.id ?? null;
  return (
    <div className="folder-field">
      <p className="block-settings__note">
        {current
          ? t('guidelines.blocks.downloads.folderChosen', { name: current.folder.name, library: current.library })
          : t('guidelines.blocks.downloads.noFolder')}
      </p>
      {libraries.length > 0 && projectId !== null ? (
        <>
          <SelectField
            label={t('guidelines.assetPicker.library')}
            options={libraries.map((l) => ({ id: String(l.id), label: l.name }))}
            value={String(projectId)}
            onChange={(id) => setLibrary(Number(id))}
          />
          <Button size="sm" onPress={() => setPicking(true)}>
            {t('guidelines.blocks.downloads.chooseFolder')}
          </Button>
          <FolderPicker
            projectId={projectId}
            isOpen={picking}
            onOpenChange={setPicking}
            title={t('guidelines.blocks.downloads.chooseFolder')}
            actionLabel={t('guidelines.blocks.downloads.useFolder')}
            disabledIds={[0]}
            onPick={async (id) => onChange(id)}
          />
        </>
      ) : (
        <p className="item-list__empty">{t('guidelines.assetPicker.noLibrariesText')}</p>
      )}
    </div>
  );
}

export function LibrarySettings({ settings, onChange, brandId }: BlockSettingsProps<'library'>) {
  const { t } = useTranslation();
  const { libraries } = useBrandLibraries(brandId);
  return (
    <>
      <DropdownSetting<number>
        name="project_id"
        label={t('guidelines.blocks.fields.project_id')}
        value={settings.project_id ?? null}
        options={libraries.map((l) => ({ value: l.id, label: l.name }))}
        onSaved={(project_id) => onChange({ project_id })}
      />
      <OptionalTextSetting name="title" value={settings.title} maxLength={200} onSaved={(title) => onChange({ title })} />
    </>
  );
}
