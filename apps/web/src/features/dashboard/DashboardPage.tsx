import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requireUser } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { type Brand, brandListQuery } from '../brands/api';
import { BrandAvatar } from '../brands/BrandAvatar';
import { useFavouriteBrand } from '../brands/mutations';
import { CreateBrandDialog } from './CreateBrandDialog';

export function dashboardLoader(queryClient: QueryClient) {
  return async () => {
    await requireUser(queryClient);
    // Start loading the brands with the page; the page shows its own loading and error states.
    await queryClient.prefetchQuery(brandListQuery);
    return null;
  };
}

/** /: the brands of the user's account, favourites first (the server orders them). */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const brands = useQuery(brandListQuery);
  const [createOpen, setCreateOpen] = useState(false);
  const isAdmin = session.account.is_admin;

  const createButton = isAdmin ? (
    <Button variant="primary" onPress={() => setCreateOpen(true)}>
      {t('dashboard.createBrand')}
    </Button>
  ) : null;

  return (
    <div className="page">
      <title>{t('page.title', { title: t('dashboard.pageTitle') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('dashboard.heading')}</h1>
          <p className="page-header__lead">{t('dashboard.lead', { account: session.account.name })}</p>
        </div>
        {brands.data && brands.data.length > 0 ? createButton : null}
      </div>

      {brands.isPending ? <LoadingState label={t('dashboard.loading')} /> : null}
      {brands.isError ? (
        <LoadFailedAlert title={t('dashboard.loadFailed')} error={brands.error} onRetry={() => void brands.refetch()} />
      ) : null}
      {brands.data?.length === 0 ? (
        isAdmin ? (
          <EmptyState title={t('dashboard.emptyAdminTitle')} action={createButton}>
            {t('dashboard.emptyAdminText')}
          </EmptyState>
        ) : (
          <EmptyState title={t('dashboard.emptyMemberTitle')}>
            {t('dashboard.emptyMemberText', { account: session.account.name })}
          </EmptyState>
        )
      ) : null}
      {brands.data && brands.data.length > 0 ? <BrandGrid brands={brands.data} /> : null}

      {isAdmin ? <CreateBrandDialog isOpen={createOpen} onOpenChange={setCreateOpen} /> : null}
    </div>
  );
}

function BrandGrid({ brands }: { brands: Brand[] }) {
  const { t } = useTranslation();
  const favourite = useFavouriteBrand();
  const failure = favourite.failure;

  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <ul className="brand-grid" aria-label={t('dashboard.listLabel')}>
        {brands.map((brand) => (
          <li key={brand.id} className="brand-card">
            <BrandAvatar brand={brand} />
            <div className="brand-card__text">
              <Link to={`/brands/${brand.id}`} className="brand-card__link">
                {brand.name}
              </Link>
              <span className="brand-card__slug">{brand.slug}</span>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className={`favourite-toggle${brand.is_favourite ? ' favourite-toggle--on' : ''}`}
              aria-pressed={brand.is_favourite}
              onPress={() => favourite.mutate({ brand, value: !brand.is_favourite })}
            >
              <span aria-hidden="true">{brand.is_favourite ? '★' : '☆'}</span>
              <span className="visually-hidden">{t('dashboard.favourite', { brand: brand.name })}</span>
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
