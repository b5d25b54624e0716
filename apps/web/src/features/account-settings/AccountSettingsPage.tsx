import { FEATURE_FLAGS, type FeatureFlag } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requireAdmin, toRouteError } from '../../lib/guards';
import { sessionQueryKey } from '../../lib/session';
import { ListSetting, SettingsGroup, TextSetting, ToggleSetting } from '../../toolkit';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { type Account, accountKeys, accountQuery, invalidateExtensionRules } from './api';

/** The flag with its own section; the feature list shows the others (docs/decisions/0009). */
const COOKIE_CONSENT: FeatureFlag = 'COOKIE_CONSENT';
const LISTED_FLAGS = FEATURE_FLAGS.filter((flag) => flag !== COOKIE_CONSENT);

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
 * Account settings (issue 4 §4), built from the settings toolkit: the account's name, the extensions refused on
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
  const flagSaved = [sessionQueryKey, accountKeys.detail] as const;

  return (
    <SettingsGroup>
      <section className="panel settings-section" aria-labelledby="account-general-heading">
        <h2 id="account-general-heading" className="panel__title">
          {t('accountSettings.general')}
        </h2>
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
      </section>

      <section className="panel settings-section" aria-labelledby="account-uploads-heading">
        <h2 id="account-uploads-heading" className="panel__title">
          {t('accountSettings.uploads')}
        </h2>
        <ListSetting
          name="extension"
          label={t('accountSettings.blockedExtensions')}
          description={t('accountSettings.blockedExtensionsHint')}
          addLabel={t('accountSettings.addExtension')}
          template="fileTypes"
          api="/api/account/blocked-extensions"
          value={account.blocked_extensions.map((ext) => ({ id: ext, label: ext, value: ext }))}
          onChange={(entries) => {
            queryClient.setQueryData<Account>(accountKeys.detail, (old) =>
              old ? { ...old, blocked_extensions: entries.map((e) => String(e.id ?? e.label)) } : old,
            );
            invalidateExtensionRules(queryClient);
          }}
        />
      </section>

      <section className="panel settings-section" aria-labelledby="account-privacy-heading">
        <h2 id="account-privacy-heading" className="panel__title">
          {t('accountSettings.privacy')}
        </h2>
        <ToggleSetting
          name="enabled"
          label={t('accountSettings.cookieConsent')}
          description={t('accountSettings.cookieConsentHint')}
          value={account.feature_flags.includes(COOKIE_CONSENT)}
          api={`/api/development/flag/${COOKIE_CONSENT}`}
          method="PUT"
          invalidates={flagSaved}
        />
      </section>

      <section className="panel settings-section" aria-labelledby="account-features-heading">
        <h2 id="account-features-heading" className="panel__title">
          {t('accountSettings.features')}
        </h2>
        <p className="panel__text">{t('accountSettings.featuresHint')}</p>
        <ul className="settings-flags">
          {LISTED_FLAGS.map((flag) => (
            <li key={flag}>
              <ToggleSetting
                name="enabled"
                label={t(`accountSettings.flags.${flag}.label`)}
                description={t(`accountSettings.flags.${flag}.description`)}
                value={account.feature_flags.includes(flag)}
                api={`/api/development/flag/${flag}`}
                method="PUT"
                invalidates={flagSaved}
              />
            </li>
          ))}
        </ul>
      </section>
    </SettingsGroup>
  );
}
