import type { DocumentSummary } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { useWrite } from '../../../lib/mutation';
import { createDocument, documentKeys, updateDocument } from './api';

/** POST /api/portal/{id}/documents: the portal's list is asked again before the write resolves. */
export function useCreateDocument(portalId: number) {
  return useWrite({
    mutationFn: (title: string) => createDocument(portalId, title),
    invalidates: () => [documentKeys.portal(portalId)],
  });
}

/**
 * PATCH /api/document/{id} {version, position}: the list shows the new order at once and is asked again after
 * the write (also after a refusal, so a stale version shows what the others did).
 */
export function useMoveDocument(portalId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = documentKeys.portal(portalId);
  return useWrite({
    mutationFn: ({ document, position }: { document: DocumentSummary; position: number }) =>
      updateDocument(document.id, { version: document.version, position }),
    onMutate: async ({ document, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<DocumentSummary[]>(key, (list) => {
        if (!list) return list;
        const rest = list.filter((d) => d.id !== document.id);
        return [...rest.slice(0, position), document, ...rest.slice(position)];
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    failureMessage: (error) => errorMessage(error, t('guidelines.documents.moveFailed')),
  });
}
