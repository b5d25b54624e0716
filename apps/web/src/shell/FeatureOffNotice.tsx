import type { FeatureFlag } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn, sessionQuery } from '../lib/session';

/**
 * Why a screen is closed when its feature switch is off: admins learn which switch opens it and where it is;
 * everyone else learns which switch to ask an admin for.
 */
export function FeatureOffNotice({ flag }: { flag: FeatureFlag }) {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  const name = t(`accountSettings.flags.${flag}.label` as 'accountSettings.flags.USER_GROUPS.label');
  const admin = isSignedIn(session.data) && session.data.account.is_admin;
  return (
    <p className="error-page__notice" role="note">
      {admin ? (
        <Trans
          i18nKey="errorPage.featureOffAdmin"
          values={{ name }}
          components={{ settings: <Link to="/settings/account#account-features" /> }}
        />
      ) : (
        t('errorPage.featureOffMember', { name })
      )}
    </p>
  );
}
