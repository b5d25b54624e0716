import { defaultErrorPageSettings, type ErrorPageCode, type ErrorPageSettings, type RecentHubLink, SYSTEM_FONT_STACK } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { backgroundImageCss, safeImageUrl } from '../features/page-builders/style';
import { api } from '../lib/api';
import { forgetHub, getErrorPageHubLinks } from '../lib/recentHubs';
import { LoadingState } from '../ui/Feedback';

/** GET /api/error-page/{code}; stored values over the spec defaults, so a partial answer still renders. */
export async function fetchErrorPageSettings(code: ErrorPageCode, signal?: AbortSignal): Promise<ErrorPageSettings> {
  // The schema (and zod) loads with the first error page, beside the settings, not with every page.
  const [data, { partialErrorPageSettingsSchema }] = await Promise.all([
    api<unknown>(`/api/error-page/${code}`, { signal }),
    import('./errorPageSchema'),
  ]);
  const parsed = partialErrorPageSettingsSchema.safeParse(data);
  if (!parsed.success) throw new Error('Invalid error-page settings');
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...defaultErrorPageSettings(code), ...defined };
}

export function errorPageQuery(code: ErrorPageCode) {
  return {
    queryKey: ['error-page', code] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchErrorPageSettings(code, signal),
    retry: false,
  };
}

function backgroundStyle(settings: ErrorPageSettings): CSSProperties {
  if (!settings.pageBackgroundEnabled) return {};
  return {
    backgroundColor: settings.pageBackgroundColor,
    ...backgroundImageCss(settings.pageBackgroundUrl, settings.pageBackgroundPosition),
  };
}

export interface ErrorPageProps {
  code: ErrorPageCode;
  /** Settings to show as they are (error-page builder preview); nothing is fetched and the document title stays. */
  preview?: ErrorPageSettings;
  /** Preview only: hub links to show instead of the visitor's recent hubs (so their colours can be judged). */
  previewLinks?: RecentHubLink[];
  /** Preview only: elements shown in place of the title and the subline (the builder's inline editors). */
  slots?: { title?: ReactNode; subline?: ReactNode };
  /** The builder: the links and the button only show how they look; following them would leave the builder. */
  staticLinks?: boolean;
  /** A line under the subline saying why this page is closed (a feature switch that is off). */
  notice?: ReactNode;
}

/**
 * The 403 / 404 page: key visual, title, subline, up to four recent hub
 * links, a home button and the page background, as configured for the account. Loads the settings first; if
 * that fails the default texts are shown.
 * The font family is applied as configured, with the system stack as fallback; web fonts are not fetched
 * from third parties here (that would need the visitor's consent).
 */
export function ErrorPage({ code, preview, previewLinks, slots, staticLinks, notice }: ErrorPageProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...errorPageQuery(code), enabled: !preview });
  const [hubLinks, setHubLinks] = useState(getErrorPageHubLinks);

  const settings = preview ?? query.data ?? (query.isError ? defaultErrorPageSettings(code) : undefined);
  if (!settings) return <LoadingState label={t('errorPage.loading')} />;

  const keyVisual = settings.keyVisualOn ? safeImageUrl(settings.keyVisualArtUrl) : null;
  const links = settings.last4LinksEnabled ? (preview && previewLinks ? previewLinks : hubLinks) : [];
  const style = {
    ...backgroundStyle(settings),
    fontFamily: `${settings.fontFamilyName}, ${SYSTEM_FONT_STACK}`,
    '--error-page-link': settings.last4LinksDefaultColor,
    '--error-page-link-hover': settings.last4LinksHoverColor,
    '--error-page-button-bg': settings.buttonDefaultBackgroundColor,
    '--error-page-button-hover': settings.buttonHoverBackgroundColor,
    '--error-page-button-fg': settings.buttonFontColor,
    '--error-page-button-radius': settings.buttonRadius,
  } as CSSProperties;

  return (
    <div className="error-page" data-code={code} style={style}>
      {preview ? null : <title>{t('page.title', { title: settings.title })}</title>}
      <div className="error-page__content">
        {keyVisual ? (
          <img className="error-page__visual" src={keyVisual} alt="" style={{ maxHeight: settings.keyVisualMaxHeight }} />
        ) : null}
        {slots?.title ?? (
          <h1 className="error-page__title" style={settings.titleMetaConfigOn ? { color: settings.titleMetaConfigColor } : undefined}>
            {settings.title}
          </h1>
        )}
        {slots?.subline ? (
          slots.subline
        ) : settings.sublineEnabled && settings.description ? (
          <p className="error-page__subline" style={{ color: settings.sublineColor }}>
            {settings.description}
          </p>
        ) : null}
        {notice}
        {links.length > 0 ? (
          <nav className="error-page__links" aria-label={t('errorPage.recentHubs')}>
            <ul>
              {links.map((hub) => (
                <li key={hub.hubId}>
                  {/* Hub pages are outside the app: a plain link is the full page load they need. */}
                  <a
                    href={`/hub/${hub.hubId}`}
                    onClick={(event) => {
                      if (staticLinks) return event.preventDefault();
                      forgetHub(hub.hubId);
                      setHubLinks(getErrorPageHubLinks());
                    }}
                  >
                    {hub.hubTitle}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Link to="/" className="error-page__button" onClick={staticLinks ? (event) => event.preventDefault() : undefined}>
          {settings.buttonLabel || t('errorPage.home')}
        </Link>
      </div>
    </div>
  );
}
