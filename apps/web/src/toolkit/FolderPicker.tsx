import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Button as AriaButton,
  Collection,
  Input,
  type Key,
  Label,
  SearchField,
  Tree,
  TreeItem,
  TreeItemContent,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { Button } from '../ui/Button';
import { AppDialog } from '../ui/Dialog';
import { Alert, LoadingState } from '../ui/Feedback';
import { FolderIcon } from './FolderIcon';
import {
  allFolderIds,
  createFolder,
  DEFAULT_FOLDER_COLOR,
  type FolderNode,
  filterFolderTree,
  folderKeys,
  folderTreeQuery,
} from './folders';
import { useToolkitWrite } from './setting/useToolkitWrite';

export interface FolderPickerProps {
  projectId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog title, e.g. "Move 3 assets". */
  title: string;
  /** The action button, e.g. "Move". */
  actionLabel: string;
  /** What the action does while it runs, e.g. "Moving…". */
  pendingLabel?: string;
  /** Folders that cannot be chosen (e.g. the one the assets are in). */
  disabledIds?: readonly number[];
  /** Whether the "create a folder with that name" offer is shown (EDIT on the project). */
  canCreate?: boolean;
  /** Runs the action with the chosen folder id (0 = the project's top level). Throwing shows its message. */
  onPick: (folderId: number, folderName: string) => Promise<void>;
}

/**
 * Folder picker: a tree of the project's folders, a search box that filters it
 * case-insensitively, a button for the action, and, when the search matches no folder, an offer to create a
 * folder with that name and use it.
 */
export function FolderPicker(props: FolderPickerProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog title={props.title} isOpen={props.isOpen} onOpenChange={props.onOpenChange} isDismissable={!busy}>
      <FolderPickerBody {...props} onBusyChange={setBusy} />
    </AppDialog>
  );
}

function FolderPickerBody({
  projectId,
  onOpenChange,
  actionLabel,
  pendingLabel,
  disabledIds = [],
  canCreate = false,
  onPick,
  onBusyChange,
}: FolderPickerProps & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tree = useQuery(folderTreeQuery(projectId));
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Set<Key>>(new Set([0]));
  const [failure, setFailure] = useState<string | null>(null);
  const pickWrite = useToolkitWrite(setFailure);
  const createWrite = useToolkitWrite(setFailure);
  const busy = pickWrite.busy ? 'pick' : createWrite.busy ? 'create' : null;

  const filtered = useMemo(() => (tree.data ? filterFolderTree(tree.data, search) : null), [tree.data, search]);
  const searching = search.trim() !== '';
  // While searching every match is shown with its ancestors, so everything is open.
  const expandedKeys = useMemo(
    () => (searching && filtered ? new Set<Key>(allFolderIds(filtered.tree)) : expanded),
    [searching, filtered, expanded],
  );
  const names = useMemo(() => {
    const map = new Map<number, string>();
    const walk = (node: FolderNode) => {
      map.set(node.id, node.name);
      node.child_sets.forEach(walk);
    };
    if (tree.data) walk(tree.data);
    return map;
  }, [tree.data]);

  /** The dialog may be dismissed again once a write ended (before it closes, or after a failure). */
  const run = async (folderId: number, name: string) => {
    await onPick(folderId, name);
    onBusyChange(false);
    onOpenChange(false);
  };
  const failed = (key: 'folderPicker.failed' | 'folderPicker.createFailed') => (error: unknown) => {
    onBusyChange(false);
    return errorMessage(error, t(key));
  };

  const pick = async () => {
    if (selected === null) return;
    setFailure(null);
    onBusyChange(true);
    await pickWrite.run(() => run(selected, names.get(selected) ?? ''), failed('folderPicker.failed'));
  };

  /** Creates the folder, refetches the tree and picks the new folder. */
  const createAndPick = async () => {
    const name = search.trim();
    if (!name) return;
    setFailure(null);
    onBusyChange(true);
    await createWrite.run(async () => {
      const folder = await createFolder(projectId, { name, parent: 0, color: DEFAULT_FOLDER_COLOR });
      await queryClient.invalidateQueries({ queryKey: folderKeys.tree(projectId) });
      await run(folder.id, folder.name);
    }, failed('folderPicker.createFailed'));
  };

  const noMatch = searching && filtered !== null && filtered.matches === 0;
  const selectedVisible = selected !== null && filtered !== null && allFolderIds(filtered.tree).includes(selected);

  return (
    <div className="folder-picker">
      <SearchField className="field" value={search} onChange={setSearch}>
        <Label className="field__label">{t('folderPicker.search')}</Label>
        <Input className="field__input" placeholder={t('folderPicker.searchPlaceholder')} />
      </SearchField>
      {failure ? <Alert>{failure}</Alert> : null}
      {tree.isPending ? (
        <LoadingState label={t('folderPicker.loading')} />
      ) : tree.isError || !filtered ? (
        <Alert>{errorMessage(tree.error, t('folderPicker.loadFailed'))}</Alert>
      ) : (
        <>
          <Tree
            aria-label={t('folderPicker.treeLabel')}
            className="folder-picker__tree"
            items={[filtered.tree]}
            selectionMode="single"
            selectedKeys={selected === null ? [] : [selected]}
            onSelectionChange={(keys) => {
              if (keys === 'all') return;
              const [first] = [...keys];
              setSelected(first === undefined ? null : Number(first));
            }}
            expandedKeys={expandedKeys}
            onExpandedChange={(keys) => {
              if (!searching) setExpanded(new Set(keys));
            }}
            disabledKeys={disabledIds as number[]}
            disabledBehavior="selection"
          >
            {function renderItem(node: FolderNode) {
              return (
                <TreeItem id={node.id} textValue={node.name} className="folder-picker__item">
                  <TreeItemContent>
                    {({ hasChildItems, isExpanded }) => (
                      <div className="folder-picker__row">
                        {hasChildItems ? (
                          <AriaButton slot="chevron" className="folder-picker__chevron">
                            <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
                          </AriaButton>
                        ) : (
                          <span className="folder-picker__chevron" aria-hidden="true" />
                        )}
                        <FolderIcon id={node.id} color={node.color} />
                        <span className="folder-picker__name">{node.name}</span>
                        {disabledIds.includes(node.id) ? <span className="folder-picker__note">{t('folderPicker.current')}</span> : null}
                      </div>
                    )}
                  </TreeItemContent>
                  <Collection items={node.child_sets}>{renderItem}</Collection>
                </TreeItem>
              );
            }}
          </Tree>
          {noMatch ? (
            <div className="folder-picker__no-match" role="status">
              <p>{t('folderPicker.noMatch', { search: search.trim() })}</p>
              {canCreate ? (
                <Button onPress={() => void createAndPick()} isPending={busy === 'create'} isDisabled={busy !== null}>
                  {t('folderPicker.createAndUse', { name: search.trim() })}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <div className="dialog__actions">
        <Button slot="close" isDisabled={busy !== null}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="primary"
          onPress={() => void pick()}
          isDisabled={!selectedVisible || (busy !== null && busy !== 'pick')}
          isPending={busy === 'pick'}
        >
          {busy === 'pick' && pendingLabel ? pendingLabel : actionLabel}
        </Button>
      </div>
    </div>
  );
}
