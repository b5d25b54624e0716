import { type BackgroundPosition, LOGIN_PAGE_TEXT_LIMITS, type LoginPageSettings } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requireUser } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import {
  type ButtonStyle,
  ButtonStyleSetting,
  ChooserSetting,
  ImageSetting,
  MeasureSetting,
  RichTextSetting,
  SettingsGroup,
} from '../../toolkit';
import { LinkButton } from '../../ui/Button';
import { Alert, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { BuilderPreview } from '../page-builders/BuilderPreview';
import { BuilderSection } from '../page-builders/BuilderSection';
import { LiveColorSetting, LiveTextSetting } from '../page-builders/fields';
import { fontOptions } from '../page-builders/fonts';
import { useBuilderSettings, usePositionOptions } from '../page-builders/useBuilderSettings';
import '../page-builders/builders.css';
import { type LoginPage, loginPageKeys, loginPageQuery, readLoginPage } from './api';
import { LoginPageView, useLoginTexts } from './LoginPageView';

/**
 * /loginpagebuilder: signed-in users only (401 → sign in). The page's settings
 * load first. Every member may look; only admins may save (docs/decisions/0011).
 */
export function loginPageBuilderLoader(queryClient: QueryClient) {
  return async () => {
    await requireUser(queryClient);
    await queryClient.prefetchQuery({ ...loginPageQuery, staleTime: 0 });
    return null;
  };
}

/** The look of the app's own primary button: the starting point of a custom button style. */
export const DEFAULT_BUTTON_STYLE: ButtonStyle = {
  family: 'system',
  family_css: '',
  provider: 'system',
  color: { rgb: 'rgb(255, 255, 255)', hex: '#FFFFFF', alpha: 100 },
  color_hover: { rgb: 'rgb(255, 255, 255)', hex: '#FFFFFF', alpha: 100 },
  weight: 700,
  size: '16px',
  line_height: '1.2',
  uppercase: false,
  italic: false,
  border_width: 0,
  border_radius: 8,
  border_color: null,
  border_color_hover: null,
  frame: { top: 10, right: 20, bottom: 10, left: 20 },
  background_color: { rgb: 'rgb(45, 50, 50)', hex: '#2D3232', alpha: 100 },
  background_color_hover: { rgb: 'rgb(66, 71, 71)', hex: '#424747', alpha: 100 },
};

/** The sign-in form as the preview shows it: the real fields, nothing is sent. */
export function PreviewSignInForm({ settings }: { settings: LoginPageSettings }) {
  const { t } = useTranslation();
  const texts = useLoginTexts(settings);
  return (
    <div className="form login-page__preview-form">
      <div className="field">
        <span className="field__label">{t('signIn.email')}</span>
        <span className="field__input login-page__fake-input" />
      </div>
      <div className="field">
        <span className="field__label">{t('signIn.password')}</span>
        <span className="field__input login-page__fake-input" />
      </div>
      <span className="button button--primary form__submit login-page__submit" data-testid="preview-submit">
        {texts.buttonLabel}
      </span>
    </div>
  );
}

export function LoginPageBuilderPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const query = useQuery(loginPageQuery);
  const title = t('loginPageBuilder.title');
  const canEdit = session.account.is_admin;

  return (
    <div className="page page-builder">
      <title>{t('page.title', { title })}</title>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-header__lead">{t('loginPageBuilder.lead')}</p>
        </div>
        <LinkButton href="/loginpagebuilder/preview">{t('loginPageBuilder.openPreview')}</LinkButton>
      </div>
      {canEdit ? null : <Alert tone="info">{t('loginPageBuilder.readonly')}</Alert>}
      {query.data && canEdit && !query.data.shown_on_sign_in ? <Alert tone="info">{t('loginPageBuilder.notShown')}</Alert> : null}
      {query.isError ? (
        <LoadFailedAlert title={t('loginPageBuilder.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <LoginPageBuilder page={query.data} readonly={!canEdit} />
      ) : (
        <LoadingState label={t('loginPageBuilder.loading')} />
      )}
    </div>
  );
}

function LoginPageBuilder({ page, readonly }: { page: LoginPage; readonly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = page.settings;
  const texts = useLoginTexts(settings);
  const { preview, setLiveValue, field, liveText, liveColor, image } = useBuilderSettings({
    settings,
    api: '/api/login-page',
    queryKey: loginPageKeys.all,
    readonly,
    onReplyData: (data) => queryClient.setQueryData(loginPageKeys.all, readLoginPage(data)),
  });
  const positions = usePositionOptions();
  const fonts = fontOptions((id) => t(`pageBuilder.fonts.${id}`));

  return (
    <div className="page-builder__layout">
      <BuilderPreview id="login-page" hint={t('loginPageBuilder.previewHint')} canvas="login">
        <LoginPageView settings={preview} headingLevel={3}>
          <PreviewSignInForm settings={preview} />
        </LoginPageView>
      </BuilderPreview>

      <div className="page-builder__panel">
        <SettingsGroup>
          <BuilderSection id="texts" title={t('loginPageBuilder.sections.texts')}>
            <LiveTextSetting
              {...liveText('title')}
              label={t('loginPageBuilder.fields.title')}
              value={texts.title}
              rules={{ required: true, maxlength: LOGIN_PAGE_TEXT_LIMITS.title }}
            />
            <LiveTextSetting
              {...liveText('description')}
              label={t('loginPageBuilder.fields.description')}
              description={t('loginPageBuilder.fields.descriptionHint')}
              value={texts.description}
              multiline
              rules={{ maxlength: LOGIN_PAGE_TEXT_LIMITS.description }}
              emptyText={t('loginPageBuilder.noText')}
            />
            <LiveTextSetting
              {...liveText('buttonLabel')}
              label={t('loginPageBuilder.fields.buttonLabel')}
              value={texts.buttonLabel}
              rules={{ required: true, maxlength: LOGIN_PAGE_TEXT_LIMITS.buttonLabel }}
            />
            <RichTextSetting
              {...field<string>('helpText')}
              onLiveChange={(html) => setLiveValue('helpText', html)}
              label={t('loginPageBuilder.fields.helpText')}
              description={t('loginPageBuilder.fields.helpTextHint')}
              value={texts.helpText}
              set="teaser"
              placeholder={readonly ? t('loginPageBuilder.fields.helpTextNone') : t('loginPageBuilder.fields.helpTextPlaceholder')}
              rules={{ maxlength: LOGIN_PAGE_TEXT_LIMITS.helpText }}
            />
          </BuilderSection>

          <BuilderSection id="key-visual" title={t('loginPageBuilder.sections.keyVisual')}>
            <ImageSetting {...image('keyVisualUrl', settings.keyVisualUrl)} label={t('loginPageBuilder.fields.keyVisual')} />
            <MeasureSetting
              {...field<string>('keyVisualMaxHeight')}
              label={t('loginPageBuilder.fields.keyVisualMaxHeight')}
              value={settings.keyVisualMaxHeight}
              units={['px', 'rem', 'vh']}
              min={1}
              max={1000}
            />
          </BuilderSection>

          <BuilderSection id="background" title={t('loginPageBuilder.sections.background')}>
            <LiveColorSetting {...liveColor('backgroundColor')} label={t('loginPageBuilder.fields.backgroundColor')} />
            <ImageSetting
              {...image('backgroundImageUrl', settings.backgroundImageUrl)}
              label={t('loginPageBuilder.fields.backgroundImage')}
            />
            <ChooserSetting<BackgroundPosition>
              {...field<BackgroundPosition | null>('backgroundPosition')}
              label={t('pageBuilder.position')}
              value={settings.backgroundPosition}
              options={positions}
            />
          </BuilderSection>

          <BuilderSection id="button" title={t('loginPageBuilder.sections.button')}>
            <ButtonStyleSetting
              {...field<ButtonStyle>('buttonStyle')}
              label={t('loginPageBuilder.fields.buttonStyle')}
              description={t('loginPageBuilder.fields.buttonStyleHint')}
              value={(settings.buttonStyle as ButtonStyle | null) ?? DEFAULT_BUTTON_STYLE}
              fonts={fonts}
              previewLabel={texts.buttonLabel}
            />
            <MeasureSetting
              {...field<string>('cardRadius')}
              label={t('loginPageBuilder.fields.cardRadius')}
              value={settings.cardRadius}
              units={['px', 'rem', '%']}
              min={0}
              max={100}
            />
          </BuilderSection>
        </SettingsGroup>
      </div>
    </div>
  );
}
