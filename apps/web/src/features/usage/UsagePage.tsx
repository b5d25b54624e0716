import { usageLandingTab } from '@emblem/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { requireUser, routeError } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import { LinkButton } from '../../ui/Button';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { AccessRequestsTab } from './AccessRequestsTab';
import { usageQuery } from './api';

export const USAGE_TABS = ['users', 'access-requests'] as const;
export type UsageTab = (typeof USAGE_TABS)[number];

function isUsageTab(value: unknown): value is UsageTab {
  return typeof value === 'string' && (USAGE_TABS as readonly string[]).includes(value);
}

/** /usage: admins land on users, everyone else on access requests. */
export function usageIndexLoader(queryClient: QueryClient) {
  return async () => {
    const session = await requireUser(queryClient);
    return redirect(`/usage/${usageLandingTab(session.account.is_admin)}`);
  };
}

/** /usage/{tabId}: a tab id that is not one of the tabs is not found. */
export function usageTabLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    if (!isUsageTab(params.tabId)) throw routeError(404);
    await queryClient.prefetchQuery(usageQuery);
    return null;
  };
}

export function UsagePage() {
  const { t } = useTranslation();
  const { tabId } = useParams();
  const usage = useQuery(usageQuery);
  const tab: UsageTab = isUsageTab(tabId) ? tabId : 'users';
  const tabTitle = tab === 'users' ? t('usage.tabs.users') : t('usage.tabs.accessRequests');

  return (
    <div className="page">
      <title>{t('page.title', { title: `${tabTitle} · ${t('usage.heading')}` })}</title>
      <div className="page-header">
        <div>
          <h1>{t('usage.heading')}</h1>
          <p className="page-header__lead">{t('usage.lead')}</p>
        </div>
      </div>
      {usage.isError ? <LoadFailedAlert title={t('usage.loadFailed')} error={usage.error} onRetry={() => void usage.refetch()} /> : null}
      <Tabs selectedKey={tab} className="tabs">
        <TabList aria-label={t('usage.tabsLabel')} className="tabs__list">
          <Tab id="users" href="/usage/users" className="tabs__tab">
            {t('usage.tabs.users')}
            <span className="tabs__count">{usage.data ? usage.data.users.total : '–'}</span>
          </Tab>
          <Tab id="access-requests" href="/usage/access-requests" className="tabs__tab">
            {t('usage.tabs.accessRequests')}
            <span className="tabs__count">{usage.data ? usage.data.access_requests.pending : '–'}</span>
          </Tab>
        </TabList>
        <TabPanel id="users" className="tabs__panel">
          <UsersTab />
        </TabPanel>
        <TabPanel id="access-requests" className="tabs__panel">
          <AccessRequestsTab />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const usage = useQuery(usageQuery);
  if (usage.isPending) return <LoadingState label={t('usage.loading')} />;
  if (!usage.data) return null;
  const { users } = usage.data;

  const stat = (label: string, value: number) => (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">{value}</dd>
    </div>
  );

  return (
    <div className="usage-users">
      <section aria-labelledby="usage-status-heading" className="panel">
        <h2 id="usage-status-heading" className="panel__title">
          {t('usage.byStatus')}
        </h2>
        <dl className="stats">
          {stat(t('usage.total'), users.total)}
          {stat(t('usage.active'), users.active)}
          {stat(t('usage.invited'), users.invited)}
        </dl>
      </section>
      <section aria-labelledby="usage-role-heading" className="panel">
        <h2 id="usage-role-heading" className="panel__title">
          {t('usage.byRole')}
        </h2>
        <dl className="stats">
          {stat(t('rolesPlural.OWNER'), users.owners)}
          {stat(t('rolesPlural.SUPER_USER'), users.super_users)}
          {stat(t('rolesPlural.MEMBER'), users.members)}
        </dl>
      </section>
      {session.account.is_admin ? (
        <LinkButton href="/admin/users" variant="primary">
          {t('usage.manageUsers')}
        </LinkButton>
      ) : null}
    </div>
  );
}
