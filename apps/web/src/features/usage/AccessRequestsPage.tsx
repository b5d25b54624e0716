import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccessRequestsTab } from './AccessRequestsTab';
import { accessRequestsQuery } from './api';

export async function accessRequestsPrefetch(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(accessRequestsQuery);
}

/**
 * /admin/access-requests: the one admin section members reach too, with the account's access-request flag.
 * Admins decide the account's requests; members see theirs and may ask.
 */
export function AccessRequestsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <title>{t('page.title', { title: t('accessRequests.pageTitle') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('accessRequests.pageTitle')}</h1>
          <p className="page-header__lead">{t('accessRequests.pageLead')}</p>
        </div>
      </div>
      <AccessRequestsTab />
    </div>
  );
}
