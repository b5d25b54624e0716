import { type FeatureFlag, SWITCHABLE_FEATURE_FLAGS } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requireAdmin, toRouteError } from '../../lib/guards';
import { sessionQueryKey } from '../../lib/session';
import { SettingsGroup, TextSetting, ToggleSetting } from '../../toolkit';
import { LinkButton } from '../../ui/Button';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { PanelSection } from '../../ui/Panel';
import { type Account, accountKeys, accountQuery } from './api';
import { BlockedExtensionsSetting } from './BlockedExtensionsSetting';

/** The flag with its own section; the feature list shows the others (docs/decisions/0009). */
const COOKIE_CONSENT: FeatureFlag = 'COOKIE_CONSENT';
/** The switches that change something today (cookie consent has its own section). */
const LISTED_FLAGS = SWITCHABLE_FEATURE_FLAGS.filter((flag) => flag !== COOKIE_CONSENT);

/** /settings/account: admins only (403 otherwise); the account is loaded before the page shows. */
export function accountSettingsLoader(queryClient: QueryClient) {
  return async () => {
    await requireAdmin(queryClient);
    try {
      await queryClient.ensureQueryData(accountQuery);
    } catch (error) {
      throw toRouteError(error);
    }
    return null;
  };
}

/**
 * Account settings (issue 4), built from the settings toolkit: the account's name, the extensions refused on
 * upload anywhere in the account, the cookie-consent dialog and the account's feature flags.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const account = useQuery(accountQuery);
  const title = t('accountSettings.title');

  return (
    <div className="page account-settings">
      <title>{t('page.title', { title })}</title>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-header__lead">{t('accountSettings.lead')}</p>
        </div>
        <LinkButton href="/settings/account/licences">{t('licences.page.title')}</LinkButton>
      </div>
      {account.isError ? (
        <LoadFailedAlert title={t('accountSettings.loadFailed')} error={account.error} onRetry={() => void account.refetch()} />
      ) : null}
      {account.data ? (
        <AccountSettings account={account.data} />
      ) : account.isPending ? (
        <LoadingState label={t('accountSettings.loading')} />
      ) : null}
    </div>
  );
}

function AccountSettings({ account }: { account: Account }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  /** A feature flag as a switch (PUT /api/development/flag/{flag}); the session and the account are read again. */
  const flagSetting = (flag: FeatureFlag) => ({
    name: 'enabled',
    value: account.feature_flags.includes(flag),
    api: `/api/development/flag/${flag}`,
    method: 'PUT' as const,
    invalidates: [sessionQueryKey, accountKeys.detail] as const,
  });

  return (
    <SettingsGroup>
      <PanelSection id="account-general" className="settings-section" title={t('accountSettings.general')}>
        <TextSetting
          name="name"
          label={t('accountSettings.name')}
          description={t('accountSettings.nameHint')}
          value={account.name}
          api="/api/account"
          method="PATCH"
          rules={{ required: true, maxlength: 120 }}
          maxLength={120}
          onSaved={(_name, reply) => {
            if (reply.data) queryClient.setQueryData(accountKeys.detail, reply.data as Account);
            // The header's account menu shows the name.
            void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          }}
        />
      </PanelSection>

      <PanelSection id="account-uploads" className="settings-section" title={t('accountSettings.uploads')}>
        <BlockedExtensionsSetting
          label={t('accountSettings.blockedExtensions')}
          description={t('accountSettings.blockedExtensionsHint')}
          addLabel={t('accountSettings.addExtension')}
          api="/api/account/blocked-extensions"
          extensions={account.blocked_extensions}
          onChange={(extensions) =>
            queryClient.setQueryData<Account>(accountKeys.detail, (old) => (old ? { ...old, blocked_extensions: extensions } : old))
          }
        />
      </PanelSection>

      <PanelSection id="account-privacy" className="settings-section" title={t('accountSettings.privacy')}>
        <ToggleSetting
          {...flagSetting(COOKIE_CONSENT)}
          label={t('accountSettings.cookieConsent')}
          description={t('accountSettings.cookieConsentHint')}
        />
      </PanelSection>

      <PanelSection id="account-features" className="settings-section" title={t('accountSettings.features')}>
        <p className="panel__text">{t('accountSettings.featuresHint')}</p>
        <ul className="settings-flags">
          {LISTED_FLAGS.map((flag) => (
            <li key={flag}>
              <ToggleSetting
                {...flagSetting(flag)}
                label={t(`accountSettings.flags.${flag}.label`)}
                description={t(`accountSettings.flags.${flag}.description`)}
              />
            </li>
          ))}
        </ul>
      </PanelSection>
    </SettingsGroup>
  );
}
