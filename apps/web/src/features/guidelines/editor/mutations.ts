import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api';
import { useWrite } from '../../../lib/mutation';
import { documentKeys, referencesOf } from '../documents/api';
import { useEditor } from './EditorContext';

/**
 * Writes of the document structure (pages, headings, sections, block placement). Each refreshes what it changed
 * before it resolves; a stale version (409) refreshes too and says so, since someone else changed the item.
 */
export function useEditorWrite<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: {
    /** The pages whose content changed (besides the document's page tree). */
    pages?: (variables: TVariables, data?: TData) => number[];
    /** The trash changed too. */
    trash?: boolean;
    /** The portal's document list changed (title, published). */
    portal?: boolean;
    /** Leave the page tree alone (a block write). */
    skipTree?: boolean;
  } = {},
) {
  const { t } = useTranslation();
  const { document } = useEditor();
  const queryClient = useQueryClient();
  const keys = (variables: TVariables, data?: TData): QueryKey[] => [
    ...(options.skipTree ? [] : [documentKeys.detail(document.id)]),
    ...(options.pages?.(variables, data) ?? []).map((id) => documentKeys.page(id)),
    ...(options.trash ? [documentKeys.trash(document.id)] : []),
    ...(options.portal ? [documentKeys.portal(document.portal_id)] : []),
  ];
  return useWrite<TData, TVariables>({
    mutationFn,
    invalidates: (data, variables) => keys(variables, data),
    onError: async (error, variables) => {
      // A stale version: show what is there now.
      if (error instanceof ApiError && error.status === 409) {
        await Promise.all(keys(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
    },
    failureMessage: (error) =>
      error instanceof ApiError && error.status === 409 && referencesOf(error) === null
        ? t('guidelines.editor.stale')
        : errorMessage(error, t('guidelines.editor.writeFailed')),
  });
}
