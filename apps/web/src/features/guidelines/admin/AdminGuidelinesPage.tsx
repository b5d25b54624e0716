import { type QueryClient, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSignedInSession } from '../../../lib/session';
import { Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { accountUsersQuery } from '../../admin-users/api';
import { type Brand, brandListQuery } from '../../brands/api';
import { type Portal, portalKeys } from '../api';
import { portalDocumentsQuery } from '../documents/api';

const BADGE_TONES = { PUBLIC: 'success', ACCOUNT: 'info', EDITORS: 'neutral' } as const;
/** GET /api/portal takes at most 100 brand ids at a time. */
const BRANDS_PER_REQUEST = 100;

/** GET /api/portal?brand_ids=…: every portal of these brands (in requests of up to 100 brands). */
function accountPortalsQuery(brandIds: number[]) {
  return queryOptions({
    queryKey: [...portalKeys.all, 'brands', brandIds.join(',')] as const,
    queryFn: async ({ signal }) => {
      const chunks: number[][] = [];
      for (let i = 0; i < brandIds.length; i += BRANDS_PER_REQUEST) chunks.push(brandIds.slice(i, i + BRANDS_PER_REQUEST));
      const lists = await Promise.all(chunks.map((ids) => api<Portal[]>(`/api/portal?brand_ids=${ids.join(',')}`, { signal })));
      return lists.flat();
    },
  });
}

export async function adminGuidelinesPrefetch(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(brandListQuery);
}

/**
 * /admin/guidelines: every guideline portal of the account, by brand, with who may open it, its documents and who
 * manages it (portals are managed by the account's admins, decision 0021).
 */
export function AdminGuidelinesPage() {
  const { t, i18n } = useTranslation();
  const session = useSignedInSession();
  const brands = useQuery(brandListQuery);
  const brandIds = (brands.data ?? []).map((b) => b.id);
  const portals = useQuery({ ...accountPortalsQuery(brandIds), enabled: brandIds.length > 0 });
  const users = useQuery(accountUsersQuery);
  const admins = (users.data ?? []).filter((u) => u.status === 'active' && (u.role === 'OWNER' || u.role === 'SUPER_USER'));
  const documents = useQueries({ queries: (portals.data ?? []).map((p) => portalDocumentsQuery(p.id)) });
  const brandOf = (id: number): Brand | undefined => brands.data?.find((b) => b.id === id);
  const loading = brands.isPending || (brandIds.length > 0 && portals.isPending);
  const failed = brands.isError ? brands : portals.isError ? portals : null;
  const list = [...(portals.data ?? [])].sort(
    (a, b) => (brandOf(a.brand_id)?.name ?? '').localeCompare(brandOf(b.brand_id)?.name ?? '') || a.title.localeCompare(b.title),
  );

  return (
    <div className="page">
      <title>{t('page.title', { title: t('guidelines.admin.title') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('guidelines.admin.title')}</h1>
          <p className="page-header__lead">{t('guidelines.admin.lead', { account: session.account.name })}</p>
        </div>
      </div>
      {admins.length > 0 ? (
        <p className="admin-guidelines__owners">
          {t('guidelines.admin.owners', { names: admins.map((u) => u.name ?? u.email).join(', ') })}
        </p>
      ) : null}
      {loading ? (
        <LoadingState label={t('guidelines.admin.loading')} />
      ) : failed ? (
        <LoadFailedAlert title={t('guidelines.admin.loadFailed')} error={failed.error} onRetry={() => void failed.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('guidelines.admin.emptyTitle')}>{t('guidelines.admin.emptyText')}</EmptyState>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('guidelines.admin.caption', { account: session.account.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('guidelines.admin.columns.portal')}</th>
              <th scope="col">{t('guidelines.admin.columns.brand')}</th>
              <th scope="col">{t('guidelines.admin.columns.visibility')}</th>
              <th scope="col">{t('guidelines.admin.columns.documents')}</th>
              <th scope="col">{t('guidelines.admin.columns.created')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((portal) => {
              const docs = documents[(portals.data ?? []).indexOf(portal)];
              const brand = brandOf(portal.brand_id);
              return (
                <tr key={portal.id}>
                  <td>
                    <Link className="admin-guidelines__portal" to={`/brands/${portal.brand_id}/guidelines`}>
                      {portal.title}
                    </Link>
                  </td>
                  <td data-label={t('guidelines.admin.columns.brand')}>{brand?.name ?? '—'}</td>
                  <td data-label={t('guidelines.admin.columns.visibility')}>
                    <Badge tone={BADGE_TONES[portal.visibility]}>{t(`guidelines.visibility.${portal.visibility}`)}</Badge>{' '}
                    <span className="admin-guidelines__who">{t(`guidelines.visibilityText.${portal.visibility}`)}</span>
                  </td>
                  <td data-label={t('guidelines.admin.columns.documents')}>
                    {docs?.data
                      ? t('guidelines.admin.documentCount', {
                          count: docs.data.length,
                          published: docs.data.filter((d) => d.published).length,
                        })
                      : docs?.isError
                        ? t('guidelines.admin.documentsFailed')
                        : '…'}
                  </td>
                  <td data-label={t('guidelines.admin.columns.created')}>{formatDate(portal.created_at, i18n.language)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
