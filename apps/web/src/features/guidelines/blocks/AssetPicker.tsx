import type { AssetResponse } from '@emblem/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { GridList, GridListItem, type Selection } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type FolderNode, folderTreeQuery } from '../../../toolkit/folders';
import { Button } from '../../../ui/Button';
import { AppDialog } from '../../../ui/Dialog';
import { EmptyState, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { SelectField } from '../../../ui/SelectField';
import { folderAssetsQuery } from '../../library/api';
import { useBlockAssets } from './assets';
import { AssetImage, useBrandLibraries } from './mediaBlocks';

/** Which assets a block accepts. */
export type AssetKind = 'image' | 'video' | 'any';

function accepts(kind: AssetKind, asset: AssetResponse): boolean {
  if (kind === 'any') return true;
  if (kind === 'video') return asset.file_type_group === 'video';
  return asset.file_type_group === 'images' || asset.preview_url !== null;
}

/** The folders of a tree as select options, indented by depth. */
function folderOptions(root: FolderNode, depth = 0): { id: string; label: string }[] {
  return [
    { id: String(root.id), label: `${'— '.repeat(depth)}${root.name}` },
    ...root.child_sets.flatMap((child) => folderOptions(child, depth + 1)),
  ];
}

/**
 * Picks assets from the brand's libraries for a block: a library and a folder, then the assets (several, or one),
 * each a tile with its preview. Assets the block cannot show are not offered.
 */
export function AssetPicker({
  brandId,
  isOpen,
  onOpenChange,
  multiple,
  kind,
  initial,
  onPick,
}: {
  brandId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  multiple: boolean;
  kind: AssetKind;
  initial: readonly number[];
  onPick: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={multiple ? t('guidelines.assetPicker.titleMany') : t('guidelines.assetPicker.titleOne')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
    >
      <PickerBody
        brandId={brandId}
        multiple={multiple}
        kind={kind}
        initial={initial}
        onPick={(ids) => {
          onPick(ids);
          onOpenChange(false);
        }}
      />
    </AppDialog>
  );
}

function PickerBody({
  brandId,
  multiple,
  kind,
  initial,
  onPick,
}: {
  brandId: number;
  multiple: boolean;
  kind: AssetKind;
  initial: readonly number[];
  onPick: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const { libraries, loading } = useBrandLibraries(brandId);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [folderChoice, setFolderId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([...initial]);
  // Start where the block's assets are, else in the first library of the kind the block shows.
  const { assets: chosen } = useBlockAssets(initial);
  const preferred =
    libraries.find((l) => l.id === chosen[0]?.project_id) ??
    libraries.find((l) => l.project_type === (kind === 'any' ? 'DOCUMENTLIBRARY' : 'MEDIALIBRARY')) ??
    libraries[0];
  const library = projectId ?? preferred?.id ?? null;
  const chosenHere = chosen.find((a) => a.project_id === library);
  const folderId = folderChoice ?? chosenHere?.set_id ?? 0;
  const tree = useQuery({ ...folderTreeQuery(library ?? 0), enabled: library !== null });
  const assets = useInfiniteQuery({ ...folderAssetsQuery(library ?? 0, folderId, 'position'), enabled: library !== null });
  const items = useMemo(
    () => (assets.data?.pages ?? []).flatMap((page) => page.items).filter((a) => accepts(kind, a)),
    [assets.data, kind],
  );

  if (loading) return <LoadingState label={t('guidelines.assetPicker.loading')} />;
  if (libraries.length === 0 || library === null)
    return (
      <>
        <EmptyState title={t('guidelines.assetPicker.noLibrariesTitle')}>{t('guidelines.assetPicker.noLibrariesText')}</EmptyState>
        <div className="dialog__actions">
          <Button slot="close">{t('common.cancel')}</Button>
        </div>
      </>
    );

  const onSelectionChange = (keys: Selection) => {
    const visible = new Set(items.map((a) => a.id));
    const chosen = keys === 'all' ? [...visible] : [...keys].map(Number);
    // Choices in other folders stay chosen.
    setSelected((current) => (multiple ? [...current.filter((id) => !visible.has(id)), ...chosen] : chosen.slice(-1)));
  };

  return (
    <div className="asset-picker">
      <div className="asset-picker__filters">
        <SelectField
          label={t('guidelines.assetPicker.library')}
          options={libraries.map((l) => ({ id: String(l.id), label: l.name }))}
          value={String(library)}
          onChange={(id) => {
            setProjectId(Number(id));
            setFolderId(0);
          }}
        />
        <SelectField
          label={t('guidelines.assetPicker.folder')}
          options={tree.data ? folderOptions(tree.data) : [{ id: '0', label: t('guidelines.assetPicker.topLevel') }]}
          value={String(folderId)}
          onChange={(id) => setFolderId(Number(id))}
        />
      </div>
      {assets.isPending ? (
        <LoadingState label={t('guidelines.assetPicker.loadingAssets')} />
      ) : assets.isError ? (
        <LoadFailedAlert title={t('guidelines.assetPicker.loadFailed')} error={assets.error} onRetry={() => void assets.refetch()} />
      ) : (
        <GridList
          className="asset-picker__grid"
          layout="grid"
          aria-label={t('guidelines.assetPicker.assets')}
          selectionMode={multiple ? 'multiple' : 'single'}
          selectedKeys={new Set(selected)}
          onSelectionChange={onSelectionChange}
          items={items}
          renderEmptyState={() => <p className="block-empty">{t(`guidelines.assetPicker.empty.${kind}`)}</p>}
        >
          {(asset) => (
            <GridListItem id={asset.id} textValue={asset.title} className="asset-picker__tile">
              {({ isSelected }) => (
                <>
                  <span className={isSelected ? 'asset-picker__check asset-picker__check--on' : 'asset-picker__check'} aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  <AssetImage asset={asset} />
                  <span className="asset-picker__name">{asset.title}</span>
                </>
              )}
            </GridListItem>
          )}
        </GridList>
      )}
      {assets.hasNextPage ? (
        <Button size="sm" onPress={() => void assets.fetchNextPage()} isPending={assets.isFetchingNextPage}>
          {t('guidelines.assetPicker.more')}
        </Button>
      ) : null}
      <div className="dialog__actions">
        <span className="asset-picker__count" role="status">
          {t('guidelines.assetPicker.selected', { count: selected.length })}
        </span>
        <Button slot="close">{t('common.cancel')}</Button>
        <Button variant="primary" onPress={() => onPick(selected)} isDisabled={selected.length === 0 && initial.length === 0}>
          {t('guidelines.assetPicker.use', { count: selected.length })}
        </Button>
      </div>
    </div>
  );
}
