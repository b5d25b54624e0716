import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import type { ViewMode } from './AssetGrid';
import { COLUMN_SORT } from './ListHeader';
import { type FolderSort, parseSortKey, sameSort, sortKey } from './sort';

/** The sort menu's usual choices. */
const SORT_CHOICES = [
  [{ sort: 'position', order: 'asc' }, 'library.sorts.position_asc'],
  [{ sort: 'title', order: 'asc' }, 'library.sorts.title_asc'],
  [{ sort: 'created', order: 'desc' }, 'library.sorts.created_desc'],
  [{ sort: 'created', order: 'asc' }, 'library.sorts.created_asc'],
  [{ sort: 'size', order: 'desc' }, 'library.sorts.size_desc'],
  [{ sort: 'size', order: 'asc' }, 'library.sorts.size_asc'],
  [{ sort: 'modified', order: 'desc' }, 'library.sorts.modified_desc'],
] as const satisfies readonly (readonly [FolderSort, string])[];

/** The sort menu's choices: the usual ones, and the one in use when it was picked from a column header. */
function useSortOptions(sort: FolderSort) {
  const { t } = useTranslation();
  const options = SORT_CHOICES.map(([choice, label]) => ({ id: sortKey(choice), label: t(label) }));
  if (SORT_CHOICES.some(([choice]) => sameSort(choice, sort))) return options;
  const column = (Object.keys(COLUMN_SORT) as (keyof typeof COLUMN_SORT)[]).find((c) => COLUMN_SORT[c] === sort.sort) ?? 'name';
  const direction = t(sort.order === 'asc' ? 'library.ascending' : 'library.descending');
  return [...options, { id: sortKey(sort), label: t('library.sortByColumn', { column: t(`library.columns.${column}`), direction }) }];
}

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
  filters,
}: {
  countLabel: string;
  total: number;
  selectedCount: number;
  selectingAll: boolean;
  onSelectAll: (value: boolean) => void;
  sort: FolderSort;
  onSort: (sort: FolderSort) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  /** Filters of the listing, shown before the sort (the expiry filter). */
  filters?: ReactNode;
}) {
  const { t } = useTranslation();
  const allSelected = total > 0 && selectedCount === total;
  const sortOptions = useSortOptions(sort);
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
        {filters}
        <SelectField
          className="field--compact library-toolbar__sort"
          label={t('library.sort')}
          hideLabel
          options={sortOptions}
          value={sortKey(sort)}
          onChange={(value) => {
            const next = parseSortKey(value);
            if (next) onSort(next);
          }}
        />
        <ViewToggle view={view} onView={onView} />
      </div>
    </div>
  );
}

/**
 * Shown while assets are selected: move (with edit permission), add to a collection, download as ZIP, clear; deleting (to the trash) is
 * in the bar's "More" menu, where destructive actions live.
 */
export function SelectionBar({
  count,
  canEdit,
  downloading,
  onMove,
  onDownload,
  onDelete,
  onAddToCollection,
  onTags,
  onMetadata,
  onShare,
  onAcceptSubmissions,
  accepting = false,
  onClear,
}: {
  count: number;
  canEdit: boolean;
  downloading: boolean;
  onMove: () => void;
  onDownload: () => void;
  onDelete: () => void;
  /** Absent where the selection spans libraries (the search results). */
  onAddToCollection?: () => void;
  /** Opens the tags of the selection (decision 0038); absent when the caller cannot edit. */
  onTags?: () => void;
  /** Opens the custom metadata of the selection (decision 0040); absent when the caller cannot edit. */
  onMetadata?: () => void;
  /** Opens the share dialog; absent when the selection cannot be shared (account switch, project type, level). */
  onShare?: () => void;
  /** Accepts the submitted assets of the selection (decision 0032); absent when none is waiting or the caller cannot edit. */
  onAcceptSubmissions?: () => void;
  accepting?: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="selection-bar" aria-label={t('library.selectionBar')}>
      <p className="selection-bar__count">{t('library.selectedCount', { count })}</p>
      <div className="selection-bar__actions">
        {onAcceptSubmissions ? (
          <Button variant="primary" onPress={onAcceptSubmissions} isPending={accepting}>
            {t('submissions.accept')}
          </Button>
        ) : null}
        {canEdit ? <Button onPress={onMove}>{t('library.move')}</Button> : null}
        {onAddToCollection ? <Button onPress={onAddToCollection}>{t('collections.addToCollection')}</Button> : null}
        {onTags ? <Button onPress={onTags}>{t('tags.selectionAction')}</Button> : null}
        {onMetadata ? <Button onPress={onMetadata}>{t('metadata.bulk.action')}</Button> : null}
        {onShare ? <Button onPress={onShare}>{t('shares.shareSelection')}</Button> : null}
        <Button onPress={onDownload} isPending={downloading}>
          {downloading ? t('library.preparing') : t('library.downloadZip')}
        </Button>
        <Button variant="ghost" onPress={onClear}>
          {t('library.clearSelection')}
        </Button>
        {canEdit ? (
          <MenuTrigger>
            <Button aria-label={t('library.selectionMore')}>
              {t('library.more')}
              <span aria-hidden="true">▾</span>
            </Button>
            <Popover className="menu-popover" placement="bottom end">
              <Menu className="menu" onAction={(key) => key === 'delete' && onDelete()}>
                <MenuItem id="delete" className="menu__item menu__item--danger">
                  {t('library.delete')}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : null}
      </div>
    </section>
  );
}

/** Grid or list: the library's and the search results' view switch. */
export function ViewToggle({ view, onView }: { view: ViewMode; onView: (view: ViewMode) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}
