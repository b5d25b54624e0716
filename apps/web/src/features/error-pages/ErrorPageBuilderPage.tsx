import {
  type BackgroundPosition,
  defaultErrorPageSettings,
  ERROR_PAGE_TEXT_LIMITS,
  type ErrorPageCode,
  type ErrorPageSettings,
  FONT_FAMILY_PATTERN,
  type RecentHubLink,
  sameId,
} from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { requireAdmin, routeError, routeId } from '../../lib/guards';
import { useSignedInSession } from '../../lib/session';
import { ErrorPage, errorPageQuery } from '../../shell/ErrorPage';
import { ChooserSetting, DropdownSetting, ImageSetting, MeasureSetting, SettingsGroup, TextSetting, ToggleSetting } from '../../toolkit';
import { LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { BuilderPreview } from '../page-builders/BuilderPreview';
import { BuilderSection } from '../page-builders/BuilderSection';
import { LiveColorSetting, LiveTextSetting } from '../page-builders/fields';
import { FONT_CHOICES, type FontChoiceId } from '../page-builders/fonts';
import { useBuilderSettings, usePositionOptions } from '../page-builders/useBuilderSettings';
import '../page-builders/builders.css';

const CODES: readonly ErrorPageCode[] = ['403', '404'];

/**
 * /errorpagebuilder/{dashboard_id}/403 and /404: admins only (403 otherwise).
 * The dashboard id is the caller's account id; any other id is not found (docs/decisions/0011).
 */
export function errorPageBuilderLoader(queryClient: QueryClient, code: ErrorPageCode) {
  return async ({ params }: LoaderFunctionArgs) => {
    const session = await requireAdmin(queryClient);
    if (!sameId(routeId(params.dashboardId), session.account.id)) throw routeError(404);
    // A failed load is shown on the page with a retry: the defaults are not a builder's starting point.
    await queryClient.prefetchQuery(errorPageQuery(code));
    return null;
  };
}

export function ErrorPageBuilderPage({ code }: { code: ErrorPageCode }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const query = useQuery(errorPageQuery(code));
  const title = t('errorPageBuilder.title');
  const codeLabel = (c: ErrorPageCode) => (c === '403' ? t('errorPageBuilder.code403') : t('errorPageBuilder.code404'));

  return (
    <div className="page page--wide page-builder">
      <title>{t('page.title', { title: `${codeLabel(code)} · ${title}` })}</title>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-header__lead">{t('errorPageBuilder.lead')}</p>
        </div>
        <nav className="page-builder__codes" aria-label={t('errorPageBuilder.pages')}>
          {CODES.map((c) => (
            <Link key={c} to={`/errorpagebuilder/${session.account.id}/${c}`} aria-current={c === code ? 'page' : undefined}>
              {codeLabel(c)}
            </Link>
          ))}
        </nav>
      </div>
      {query.isError ? (
        <LoadFailedAlert title={t('errorPageBuilder.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ErrorPageBuilder key={code} code={code} settings={query.data} />
      ) : (
        <LoadingState label={t('errorPageBuilder.loading')} />
      )}
    </div>
  );
}

function ErrorPageBuilder({ code, settings }: { code: ErrorPageCode; settings: ErrorPageSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = errorPageQuery(code).queryKey;
  const { preview, field, liveText, liveColor, image } = useBuilderSettings({
    settings,
    api: `/api/error-page/${code}`,
    queryKey,
    // The answer is the page's settings now (the real 403/404 pages read the same cache entry).
    onReplyData: (data) => {
      if (typeof data === 'object')
        queryClient.setQueryData(queryKey, { ...defaultErrorPageSettings(code), ...(data as Partial<ErrorPageSettings>) });
    },
  });

  const fontChoice = (FONT_CHOICES.find((f) => f.css === settings.fontFamilyName && settings.fontProvider === 'SYSTEM')?.id ?? 'custom') as
    | FontChoiceId
    | 'custom';
  const positions = usePositionOptions();
  const sampleLinks: RecentHubLink[] = [
    { hubId: 1, hubTitle: t('errorPageBuilder.sampleHubs.one') },
    { hubId: 2, hubTitle: t('errorPageBuilder.sampleHubs.two') },
    { hubId: 3, hubTitle: t('errorPageBuilder.sampleHubs.three') },
  ];

  return (
    <div className="page-builder__layout">
      <BuilderPreview id="error-page" hint={t('errorPageBuilder.previewHint')} canvas="error">
        <SettingsGroup>
          <ErrorPage
            code={code}
            preview={preview}
            previewLinks={sampleLinks}
            staticLinks
            slots={{
              title: (
                <div
                  className="page-builder__inline page-builder__inline--title"
                  style={preview.titleMetaConfigOn ? ({ '--inline-color': preview.titleMetaConfigColor } as CSSProperties) : undefined}
                >
                  <LiveTextSetting
                    {...liveText('title')}
                    label={t('errorPageBuilder.inlineTitle')}
                    hideLabel
                    value={settings.title}
                    rules={{ required: true, maxlength: ERROR_PAGE_TEXT_LIMITS.title }}
                    maxLength={ERROR_PAGE_TEXT_LIMITS.title + 20}
                    renderValue={() => preview.title}
                  />
                </div>
              ),
              subline: preview.sublineEnabled ? (
                <div
                  className="page-builder__inline page-builder__inline--subline"
                  style={{ '--inline-color': preview.sublineColor } as CSSProperties}
                >
                  <LiveTextSetting
                    {...liveText('description')}
                    label={t('errorPageBuilder.inlineSubline')}
                    hideLabel
                    value={settings.description}
                    rules={{ maxlength: ERROR_PAGE_TEXT_LIMITS.description }}
                    renderValue={() => preview.description}
                    emptyText={t('errorPageBuilder.sublineEmpty')}
                  />
                </div>
              ) : undefined,
            }}
          />
        </SettingsGroup>
      </BuilderPreview>

      <div className="page-builder__panel">
        <SettingsGroup>
          <BuilderSection id="texts" title={t('errorPageBuilder.sections.texts')}>
            <LiveTextSetting
              {...liveText('title')}
              label={t('errorPageBuilder.fields.title')}
              value={settings.title}
              rules={{ required: true, maxlength: ERROR_PAGE_TEXT_LIMITS.title }}
              maxLength={ERROR_PAGE_TEXT_LIMITS.title + 20}
            />
            <LiveTextSetting
              {...liveText('description')}
              label={t('errorPageBuilder.fields.description')}
              description={t('errorPageBuilder.fields.descriptionHint')}
              value={settings.description}
              multiline
              rules={{ maxlength: ERROR_PAGE_TEXT_LIMITS.description }}
              emptyText={t('errorPageBuilder.sublineEmpty')}
            />
            <LiveTextSetting
              {...liveText('buttonLabel')}
              label={t('errorPageBuilder.fields.buttonLabel')}
              value={settings.buttonLabel}
              rules={{ required: true, maxlength: ERROR_PAGE_TEXT_LIMITS.buttonLabel }}
              maxLength={ERROR_PAGE_TEXT_LIMITS.buttonLabel + 10}
            />
          </BuilderSection>

          <BuilderSection id="title" title={t('errorPageBuilder.sections.title')}>
            <ToggleSetting
              {...field<boolean>('titleMetaConfigOn')}
              label={t('errorPageBuilder.fields.titleMetaConfigOn')}
              value={settings.titleMetaConfigOn}
            />
            {settings.titleMetaConfigOn ? (
              <LiveColorSetting {...liveColor('titleMetaConfigColor')} label={t('errorPageBuilder.fields.titleColor')} />
            ) : null}
            <ToggleSetting
              {...field<boolean>('sublineEnabled')}
              label={t('errorPageBuilder.fields.sublineEnabled')}
              value={settings.sublineEnabled}
            />
            {settings.sublineEnabled ? (
              <LiveColorSetting {...liveColor('sublineColor')} label={t('errorPageBuilder.fields.sublineColor')} />
            ) : null}
          </BuilderSection>

          <BuilderSection id="font" title={t('errorPageBuilder.sections.font')}>
            <DropdownSetting<FontChoiceId | 'custom'>
              {...field<FontChoiceId | 'custom' | null>('fontFamilyName')}
              label={t('pageBuilder.font')}
              description={t('pageBuilder.fontHint')}
              value={fontChoice}
              options={[
                ...FONT_CHOICES.map((f) => ({ value: f.id, label: t(`pageBuilder.fonts.${f.id}`) })),
                { value: 'custom' as const, label: t('pageBuilder.fonts.custom') },
              ]}
              serialise={(choice) => {
                const preset = FONT_CHOICES.find((f) => f.id === choice);
                return preset
                  ? { fontFamilyName: preset.css, fontProvider: 'SYSTEM' }
                  : { fontFamilyName: settings.fontFamilyName, fontProvider: 'CUSTOM' };
              }}
            />
            {fontChoice === 'custom' ? (
              <TextSetting
                {...field<string>('fontFamilyName')}
                label={t('pageBuilder.customFont')}
                description={t('pageBuilder.customFontHint')}
                value={settings.fontFamilyName}
                rules={{ required: true, maxlength: 200 }}
                validate={(v) => (FONT_FAMILY_PATTERN.test(v.trim()) ? null : { fontFamilyName: t('pageBuilder.customFontInvalid') })}
                serialise={(v) => ({ fontFamilyName: v, fontProvider: 'CUSTOM' })}
              />
            ) : null}
          </BuilderSection>

          <BuilderSection id="key-visual" title={t('errorPageBuilder.sections.keyVisual')}>
            <ToggleSetting
              {...field<boolean>('keyVisualOn')}
              label={t('errorPageBuilder.fields.keyVisualOn')}
              value={settings.keyVisualOn}
            />
            <ImageSetting {...image('keyVisualArtUrl', settings.keyVisualArtUrl)} label={t('errorPageBuilder.fields.keyVisual')} />
            <MeasureSetting
              {...field<string>('keyVisualMaxHeight')}
              label={t('errorPageBuilder.fields.keyVisualMaxHeight')}
              value={settings.keyVisualMaxHeight}
              units={['px', 'rem', 'vh']}
              min={1}
              max={1000}
            />
            {settings.keyVisualOn && !settings.keyVisualArtUrl ? (
              <p className="panel__text">{t('errorPageBuilder.keyVisualMissing')}</p>
            ) : null}
          </BuilderSection>

          <BuilderSection id="links" title={t('errorPageBuilder.sections.links')}>
            <ToggleSetting
              {...field<boolean>('last4LinksEnabled')}
              label={t('errorPageBuilder.fields.last4LinksEnabled')}
              description={t('errorPageBuilder.fields.last4LinksHint')}
              value={settings.last4LinksEnabled}
            />
            {settings.last4LinksEnabled ? (
              <div className="page-builder__pair">
                <LiveColorSetting {...liveColor('last4LinksDefaultColor')} label={t('errorPageBuilder.fields.linkColor')} />
                <LiveColorSetting {...liveColor('last4LinksHoverColor')} label={t('errorPageBuilder.fields.linkHoverColor')} />
              </div>
            ) : null}
          </BuilderSection>

          <BuilderSection id="button" title={t('errorPageBuilder.sections.button')}>
            <div className="page-builder__pair">
              <LiveColorSetting {...liveColor('buttonDefaultBackgroundColor')} label={t('errorPageBuilder.fields.buttonBackground')} />
              <LiveColorSetting {...liveColor('buttonHoverBackgroundColor')} label={t('errorPageBuilder.fields.buttonHover')} />
              <LiveColorSetting {...liveColor('buttonFontColor')} label={t('errorPageBuilder.fields.buttonFont')} />
            </div>
            <MeasureSetting
              {...field<string>('buttonRadius')}
              label={t('errorPageBuilder.fields.buttonRadius')}
              value={settings.buttonRadius}
              units={['px', 'rem', '%']}
              min={0}
              max={100}
            />
          </BuilderSection>

          <BuilderSection id="background" title={t('errorPageBuilder.sections.background')}>
            <ToggleSetting
              {...field<boolean>('pageBackgroundEnabled')}
              label={t('errorPageBuilder.fields.pageBackgroundEnabled')}
              value={settings.pageBackgroundEnabled}
            />
            <LiveColorSetting {...liveColor('pageBackgroundColor')} label={t('errorPageBuilder.fields.pageBackgroundColor')} />
            <ImageSetting
              {...image('pageBackgroundUrl', settings.pageBackgroundUrl)}
              label={t('errorPageBuilder.fields.pageBackgroundImage')}
            />
            <ChooserSetting<BackgroundPosition>
              {...field<BackgroundPosition | null>('pageBackgroundPosition')}
              label={t('pageBuilder.position')}
              value={settings.pageBackgroundPosition}
              options={positions}
            />
            {settings.pageBackgroundEnabled ? null : <p className="panel__text">{t('errorPageBuilder.backgroundOff')}</p>}
          </BuilderSection>
        </SettingsGroup>
      </div>
    </div>
  );
}
