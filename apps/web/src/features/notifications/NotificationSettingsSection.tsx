import { NOTIFICATION_TYPES, type NotificationType } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ToggleSetting } from '../../toolkit';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { PanelSection } from '../../ui/Panel';
import { NOTIFICATION_SETTINGS_API, type NotificationSettings, notificationKeys, notificationSettingsQuery } from './api';
import './notifications.css';

/**
 * The profile's notification switches (decision 0050): per type, in Emblem and by e-mail, each saved at once. A type
 * off in Emblem makes no notification, so its e-mail switch is read-only until it is on again.
 */
export function NotificationSettingsSection() {
  const { t } = useTranslation();
  const settings = useQuery(notificationSettingsQuery);
  return (
    <PanelSection id="profile-notifications" className="settings-section" title={t('notifications.settings.title')}>
      <p className="settings-note">{t('notifications.settings.lead')}</p>
      {settings.isError ? (
        <LoadFailedAlert title={t('notifications.settings.loadFailed')} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : null}
      {settings.isPending ? <LoadingState label={t('notifications.loading')} /> : null}
      {settings.data ? NOTIFICATION_TYPES.map((type) => <TypeSwitches key={type} type={type} settings={settings.data} />) : null}
    </PanelSection>
  );
}

function TypeSwitches({ type, settings }: { type: NotificationType; settings: NotificationSettings }) {
  const { t } = useTranslation();
  const current = settings[type];
  const common = { api: NOTIFICATION_SETTINGS_API, method: 'PUT' as const, invalidates: [notificationKeys.settings] };
  return (
    <fieldset className="notification-type">
      <legend className="notification-type__name">{t(`notifications.settings.types.${type}`)}</legend>
      <ToggleSetting
        {...common}
        name={`${type}.in_app`}
        label={t('notifications.settings.inApp')}
        value={current.in_app}
        serialise={(inApp) => ({ [type]: { in_app: inApp, email: current.email } })}
      />
      <ToggleSetting
        {...common}
        name={`${type}.email`}
        label={t('notifications.settings.email')}
        value={current.email}
        readonly={!current.in_app}
        description={current.in_app ? undefined : t('notifications.settings.emailNeedsInApp')}
        serialise={(email) => ({ [type]: { in_app: current.in_app, email } })}
      />
    </fieldset>
  );
}
