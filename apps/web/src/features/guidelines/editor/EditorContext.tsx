import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockResponse, type DocumentDetail, documentKeys, type PageResponse, restoreItem, updateBlock } from '../documents/api';
import { type AutosaveSnapshot, BlockAutosave } from './autosave';

export interface EditorEnv {
  document: DocumentDetail;
  brandId: number;
  /** The page open in the editor. */
  pageId: number;
  canEdit: boolean;
  canAdmin: boolean;
  autosave: BlockAutosave;
}

const EditorContext = createContext<EditorEnv | null>(null);

/** The editor's shared state: which document and page, what the user may do, and the block autosave. */
export function EditorProvider({
  document,
  brandId,
  pageId,
  children,
}: {
  document: DocumentDetail;
  brandId: number;
  pageId: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // One autosave per document editor (the provider is keyed by the document).
  const [autosave] = useState(
    () =>
      new BlockAutosave({
        send: (id, version, settings) => updateBlock(id, { version, settings }),
        onSaved: (blockPageId, block) => replaceBlock(queryClient, blockPageId, block),
        restore: async (item, id, restoredPageId) => {
          await restoreItem(item, id);
          await queryClient.invalidateQueries({ queryKey: documentKeys.page(restoredPageId) });
        },
        fallbackError: t('guidelines.editor.saveFailed'),
      }),
  );
  useEffect(() => () => autosave.dispose(), [autosave]);

  // Unsaved drafts: the browser asks before the tab closes.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosave.dirty) return;
      autosave.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [autosave]);

  const value = useMemo(
    () => ({
      document,
      brandId,
      pageId,
      canEdit: document.permissions.canEdit,
      canAdmin: document.permissions.canAdmin,
      autosave,
    }),
    [document, brandId, pageId, autosave],
  );
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorEnv {
  const env = useContext(EditorContext);
  if (!env) throw new Error('useEditor outside the document editor');
  return env;
}

/** The autosave's state (re-renders on every change). */
export function useAutosaveState(): AutosaveSnapshot {
  const { autosave } = useEditor();
  return useSyncExternalStore(autosave.subscribe, autosave.getSnapshot);
}

/** Puts a saved block into its page's cached content (and its version with it). */
export function replaceBlock(queryClient: ReturnType<typeof useQueryClient>, pageId: number, block: BlockResponse) {
  queryClient.setQueryData<PageResponse>(documentKeys.page(pageId), (page) =>
    page
      ? {
          ...page,
          sections: page.sections.map((section) =>
            section.id === block.section_id
              ? { ...section, blocks: section.blocks.map((b) => (b.id === block.id ? { ...b, ...block } : b)) }
              : section,
          ),
        }
      : page,
  );
}
