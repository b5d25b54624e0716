import { sameId } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import { LoadingState } from '../../ui/Feedback';
import { brandQuery } from './api';
import { BrandAvatar } from './BrandAvatar';
import { BrandHome } from './BrandHome';
import { BrandSettingsTab } from './BrandSettings';

export type BrandTab = 'home' | 'settings';

/**
 * A brand's pages under one header (its avatar, name and slug, the way to its guidelines): the home (its libraries,
 * workspaces and newest assets) and, for those who may change the brand, its settings as a second tab with its own
 * address (decision 0027).
 */
export function BrandPage({ tab = 'home' }: { tab?: BrandTab }) {
  const { t } = useTranslation();
  const { brandId } = useParams();
  const id = routeId(brandId);
  const brand = useQuery(brandQuery(id));
  const session = useSignedInSession();

  // The loader filled the cache; while the cached brand is another one (ids compared as numbers), wait.
  if (!brand.data || !sameId(brandId, brand.data.id)) return <LoadingState label={t('brand.loading')} />;
  const data = brand.data;
  const home = <BrandHome brand={data} isAdmin={session.account.is_admin} />;
  const title = tab === 'settings' ? `${t('brand.tabs.settings')} · ${data.name}` : data.name;

  return (
    <div className="page">
      <title>{t('page.title', { title })}</title>
      <div className="page-header">
        <div className="brand-heading">
          <BrandAvatar brand={data} size="lg" />
          <div>
            <h1>{data.name}</h1>
            <p className="page-header__lead">
              <span className="visually-hidden">{t('brand.slug')}: </span>
              <code>{data.slug}</code>
            </p>
          </div>
        </div>
        <Link className="button" to={`/brands/${data.id}/custom-metadata-property-management`}>
          {t('metadata.nav')}
        </Link>
        <Link className="button" to={`/brands/${data.id}/guidelines`}>
          {t('brand.guidelines')}
        </Link>
      </div>

      {data.permissions.canEdit ? (
        <Tabs selectedKey={tab} className="tabs">
          <TabList aria-label={t('brand.tabs.label', { brand: data.name })} className="tabs__list">
            <Tab id="home" href={`/brands/${data.id}`} className="tabs__tab">
              {t('brand.tabs.home')}
            </Tab>
            <Tab id="settings" href={`/brands/${data.id}/settings`} className="tabs__tab">
              {t('brand.tabs.settings')}
            </Tab>
          </TabList>
          <TabPanel id="home" className="tabs__panel">
            {home}
          </TabPanel>
          <TabPanel id="settings" className="tabs__panel">
            <BrandSettingsTab brand={data} />
          </TabPanel>
        </Tabs>
      ) : (
        home
      )}
    </div>
  );
}
