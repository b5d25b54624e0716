import type { CreatePortalBody, UpdatePortalBody } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { createPortal, type Portal, portalKeys, regeneratePortalToken, updatePortal } from './api';

/** POST /api/portal: the brand's portal list is asked again before the write resolves. */
export function useCreatePortal() {
  return useWrite({
    mutationFn: (body: CreatePortalBody) => createPortal(body),
    invalidates: (portal) => [portalKeys.brand(portal.brand_id)],
  });
}

/** PATCH /api/portal/{id}: the answer replaces the portal in its brand's list at once, then the list is refreshed. */
export function useUpdatePortal(portal: Portal) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: UpdatePortalBody) => updatePortal(portal.id, body),
    onSuccess: (updated) =>
      queryClient.setQueryData<Portal[]>(portalKeys.brand(portal.brand_id), (list) =>
        list?.map((p) => (p.id === updated.id ? updated : p)),
      ),
    refreshes: () => [portalKeys.brand(portal.brand_id)],
    failureMessage: (error) => errorMessage(error, t('guidelines.saveFailed')),
  });
}

/** POST /api/portal/{id}/token: the new token replaces the cached one, so the copied address is the new one. */
export function useRegeneratePortalToken(portal: Portal) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: () => regeneratePortalToken(portal.id),
    onSuccess: (reply) => queryClient.setQueryData(portalKeys.token(portal.id), reply),
    failureMessage: (error) => errorMessage(error, t('guidelines.regenerateFailed')),
  });
}
