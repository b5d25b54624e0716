import { sameId } from '@emblem/core';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { requireBrand, requireUser, routeId } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { type Brand, brandQuery } from '../brands/api';
import { brandPortalsQuery } from './api';
import { CreatePortalDialog } from './CreatePortalDialog';
import { PortalItem } from './PortalItem';

/** /brands/{brandId}/guidelines: signed in, and the brand exists (404) and is visible to the user (403). */
export function guidelinesLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    const brand = await requireBrand(queryClient, params.brandId);
    // The list starts loading with the page; its own loading and failure states show inside the page.
    void queryClient.prefetchQuery(brandPortalsQuery(brand.id));
    return brand;
  };
}

export function GuidelinesPage() {
  const { t } = useTranslation();
  const { brandId } = useParams();
  const brand = useQuery(brandQuery(routeId(brandId)));

  // The loader filled the cache; while the cached brand is another one (ids compared as numbers), wait.
  if (!brand.data || !sameId(brandId, brand.data.id)) return <LoadingState label={t('brand.loading')} />;
  return <Guidelines key={brand.data.id} brand={brand.data} />;
}

function Guidelines({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const portals = useQuery(brandPortalsQuery(brand.id));
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');
  const session = useSignedInSession();
  const canCreate = brand.permissions.canEdit;
  const newButton = (
    <Button variant="primary" onPress={() => setCreating(true)}>
      {t('guidelines.new')}
    </Button>
  );

  return (
    <div className="page guidelines-page">
      <title>{t('page.title', { title: `${t('guidelines.title')} · ${brand.name}` })}</title>
      <div className="page-header">
        <div className="guidelines-page__heading">
          <Link className="guidelines-page__back" to={`/brands/${brand.id}`}>
            {t('guidelines.back', { brand: brand.name })}
          </Link>
          <h1>{t('guidelines.title')}</h1>
          <p className="page-header__lead">
            {t('guidelines.lead', { brand: brand.name })}
            {session.account.is_admin ? (
              <>
                {' '}
                <Link to="/admin/guidelines">{t('guidelines.allPortals')}</Link>
              </>
            ) : null}
          </p>
        </div>
        {/* An empty list offers the button in its empty state instead. */}
        {canCreate && portals.data?.length !== 0 ? newButton : null}
      </div>

      <p className="visually-hidden" role="status">
        {notice}
      </p>

      {portals.isPending ? (
        <LoadingState label={t('guidelines.loading')} />
      ) : portals.isError ? (
        <LoadFailedAlert title={t('guidelines.loadFailed')} error={portals.error} onRetry={() => void portals.refetch()} />
      ) : portals.data.length === 0 ? (
        <EmptyState title={t('guidelines.emptyTitle')} action={canCreate ? newButton : undefined}>
          {canCreate ? t('guidelines.emptyEditorText') : t('guidelines.emptyMemberText')}
        </EmptyState>
      ) : (
        <ul className="portal-list" aria-label={t('guidelines.listLabel')}>
          {portals.data.map((portal) => (
            <li key={portal.id}>
              <PortalItem portal={portal} onNotice={setNotice} />
            </li>
          ))}
        </ul>
      )}

      {canCreate ? (
        <CreatePortalDialog
          brandId={brand.id}
          isOpen={creating}
          onOpenChange={(open) => {
            setCreating(open);
            if (open) setNotice('');
          }}
          onCreated={(portal) => setNotice(t('guidelines.created', { title: portal.title }))}
        />
      ) : null}
    </div>
  );
}
