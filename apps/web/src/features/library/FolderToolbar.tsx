import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import type { ViewMode } from './AssetGrid';
import type { AssetSort } from './api';

const SORTS: AssetSort[] = ['position', 'title', 'created'];

/** Above the folder's contents: the counts, "Select all", the sort order and the grid/list switch. */
export function LibraryToolbar({
  countLabel,
  total,
  selectedCount,
  selectingAll,
  onSelectAll,
  sort,
  onSort,
  view,
  onView,
}: {
  countLabel: string;
  total: number;
  selectedCount: number;
  selectingAll: boolean;
  onSelectAll: (value: boolean) => void;
  sort: AssetSort;
  onSort: (sort: AssetSort) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
}) {
  const { t } = useTranslation();
  const allSelected = total > 0 && selectedCount === total;
  return (
    <div className="library-toolbar">
      <p className="library-toolbar__count" aria-live="polite">
        {countLabel}
      </p>
      <div className="library-toolbar__controls">
        {total > 0 ? (
          <Checkbox
            isSelected={allSelected}
            isIndeterminate={selectedCount > 0 && !allSelected}
            isDisabled={selectingAll}
            onChange={onSelectAll}
          >
            {selectingAll ? t('library.selectingAll') : t('library.selectAll')}
          </Checkbox>
        ) : null}
        <SelectField
          className="field--compact library-toolbar__sort"
          label={t('library.sort')}
          hideLabel
          options={SORTS.map((id) => ({ id, label: t(`library.sorts.${id}`) }))}
          value={sort}
          onChange={(value) => onSort(value as AssetSort)}
        />
        <ToggleButtonGroup
          className="view-toggle"
          aria-label={t('library.view')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => {
            const [key] = [...keys];
            if (key === 'grid' || key === 'list') onView(key);
          }}
        >
          <ToggleButton id="grid" className="view-toggle__button">
            <span aria-hidden="true">▦</span> <span className="view-toggle__label">{t('library.grid')}</span>
          </ToggleButton>
          <ToggleButton id="list" className="view-toggle__button">
            <span aria-hidden="true">☰</span> <span className="view-toggle__label">{t('library.list')}</span>
          </ToggleButton>
        </ToggleButtonGroup>
      </div>
    </div>
  );
}

/** Shown while assets are selected: move and delete (with edit permission), download as ZIP, clear. */
export function SelectionBar({
  count,
  canEdit,
  downloading,
  onMove,
  onDownload,
  onDelete,
  onClear,
}: {
  count: number;
  canEdit: boolean;
  downloading: boolean;
  onMove: () => void;
  onDownload: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="selection-bar" aria-label={t('library.selectionBar')}>
      <p className="selection-bar__count">{t('library.selectedCount', { count })}</p>
      <div className="selection-bar__actions">
        {canEdit ? <Button onPress={onMove}>{t('library.move')}</Button> : null}
        <Button onPress={onDownload} isPending={downloading}>
          {downloading ? t('library.preparing') : t('library.downloadZip')}
        </Button>
        {canEdit ? (
          <Button variant="danger" onPress={onDelete}>
            {t('library.delete')}
          </Button>
        ) : null}
        <Button variant="ghost" onPress={onClear}>
          {t('library.clearSelection')}
        </Button>
      </div>
    </section>
  );
}
