import { PASSWORD_MIN_LENGTH, USER_NAME_MAX_LENGTH } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requireUser, toRouteError } from '../../lib/guards';
import { languageName, offeredLanguages } from '../../lib/languages';
import { sessionQueryKey, useSignedInSession } from '../../lib/session';
import { avatarImageOptions } from '../../lib/settingImages';
import {
  type ChoiceOption,
  DropdownSetting,
  dispatchAvatarUpdate,
  EmailChangeSetting,
  ImageSetting,
  PasswordSetting,
  type SaveReply,
  SettingsGroup,
  TextSetting,
} from '../../toolkit';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { PanelSection } from '../../ui/Panel';
import { NotificationSettingsSection } from '../notifications/NotificationSettingsSection';
import { emailVerificationApi, PASSWORD_API, PROFILE_API, profileKeys, type UserInfo, userInfoQuery } from './api';
import './profile.css';

/** /profile (docs/decisions/0010): signed in; the user's own details are loaded before the page shows. */
export function profileLoader(queryClient: QueryClient) {
  return async () => {
    await requireUser(queryClient);
    try {
      await queryClient.fetchQuery(userInfoQuery);
    } catch (error) {
      throw toRouteError(error);
    }
    return null;
  };
}

/** The languages on offer, each named in itself. */
function languageOptions(featureFlags: readonly string[]): ChoiceOption<string>[] {
  return offeredLanguages(featureFlags).map((code) => ({ value: code, label: languageName(code) }));
}

/**
 * The profile (issue 4), built from the settings toolkit: name and language, the avatar through the cropper,
 * the e-mail address with its verification and the password.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const info = useQuery(userInfoQuery);
  const title = t('profile.title');
  return (
    <div className="page profile">
      <title>{t('page.title', { title })}</title>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-header__lead">{t('profile.lead')}</p>
        </div>
      </div>
      {info.isError ? <LoadFailedAlert title={t('profile.loadFailed')} error={info.error} onRetry={() => void info.refetch()} /> : null}
      {info.data ? <ProfileSettings user={info.data} /> : info.isPending ? <LoadingState label={t('profile.loading')} /> : null}
    </div>
  );
}

function ProfileSettings({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { account } = useSignedInSession();
  const queryClient = useQueryClient();

  /** The answer of PUT /api/user/profile is the new user info; the header reads the session. */
  const onProfileSaved = (_value: unknown, reply: SaveReply) => {
    const data = reply.data as UserInfo | undefined;
    if (data) {
      queryClient.setQueryData(profileKeys.info, data);
      dispatchAvatarUpdate({ userId: data.id, name: data.name ?? '', imageUrl: data.avatar });
    }
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };

  const pending = user.pending_email;
  return (
    <SettingsGroup>
      <div className="profile__grid">
        <PanelSection id="profile-about" className="settings-section" title={t('profile.about')}>
          <TextSetting
            name="name"
            label={t('profile.name')}
            description={t('profile.nameHint')}
            value={user.name ?? ''}
            api={PROFILE_API}
            method="PUT"
            rules={{ required: true, maxlength: USER_NAME_MAX_LENGTH }}
            maxLength={USER_NAME_MAX_LENGTH}
            onSaved={onProfileSaved}
          />
          <DropdownSetting<string>
            name="language"
            label={t('profile.language')}
            description={t('profile.languageHint')}
            value={user.language}
            options={languageOptions(account.feature_flags)}
            api={PROFILE_API}
            method="PUT"
            onSaved={onProfileSaved}
          />
        </PanelSection>

        <PanelSection id="profile-avatar" className="settings-section" title={t('profile.avatar')}>
          <p className="settings-note">{t('profile.avatarHint')}</p>
          <ImageSetting
            name="avatar"
            label={t('profile.avatarLabel')}
            {...avatarImageOptions(user.avatar)}
            api={PROFILE_API}
            method="PUT"
            onSaved={() => {
              // The header's avatar comes from the session; the profile keeps the cropper's own value.
              void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
            }}
          />
        </PanelSection>
      </div>

      <PanelSection id="profile-signin" className="settings-section profile__signin" title={t('profile.signIn')}>
        <EmailChangeSetting
          // A verified change (the link opened elsewhere) starts the control afresh.
          key={user.email}
          label={t('profile.email')}
          email={pending ?? user.email}
          verifiedAt={pending ? null : user.email_verified_at}
          api={emailVerificationApi(user.id)}
          verifyApi={emailVerificationApi(user.id)}
          onChanged={(email) => {
            // The server keeps addresses in lower case; the current address again only re-sends its link.
            const next = email.toLowerCase();
            queryClient.setQueryData<UserInfo>(profileKeys.info, (old) =>
              old ? { ...old, pending_email: next === old.email.toLowerCase() ? null : next } : old,
            );
          }}
        />
        {pending ? (
          <p className="settings-note" role="status">
            {t('profile.pendingEmail', { pending, current: user.email })}
          </p>
        ) : null}
        <PasswordSetting label={t('profile.password')} api={PASSWORD_API} method="PUT" minLength={PASSWORD_MIN_LENGTH} />
        <p className="settings-note">{t('profile.passwordHint')}</p>
      </PanelSection>

      <NotificationSettingsSection />
    </SettingsGroup>
  );
}
