import type { ErrorPageSettings } from './errorPage.js';

/** The error-page defaults, apart from the schemas (errorPage.ts). */
export const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const ERROR_PAGE_THEME = {
  primary: '#2D3232',
  secondary: '#6C7070',
  buttonBackground: '#424747',
  buttonHover: '#2D3232',
  buttonFont: '#FFFFFF',
  pageBackground: '#FFFFFF',
  link: 'blue',
} as const;

export const DEFAULT_ERROR_PAGE_TEXT = {
  '403': { title: 'Access denied', description: "You don't have permission to view this page. Ask an admin of this account for access." },
  '404': { title: 'Page not found', description: 'The page you are looking for does not exist or has been moved.' },
} as const;

export function defaultErrorPageSettings(code: '403' | '404'): ErrorPageSettings {
  return {
    fontFamilyName: SYSTEM_FONT_STACK,
    fontProvider: 'SYSTEM',
    pageBackgroundEnabled: false,
    pageBackgroundUrl: null,
    pageBackgroundColor: ERROR_PAGE_THEME.pageBackground,
    pageBackgroundPosition: 'Centering',
    keyVisualOn: false,
    keyVisualArtUrl: null,
    keyVisualMaxHeight: '100px',
    title: DEFAULT_ERROR_PAGE_TEXT[code].title,
    titleMetaConfigOn: true,
    titleMetaConfigColor: ERROR_PAGE_THEME.primary,
    description: DEFAULT_ERROR_PAGE_TEXT[code].description,
    sublineEnabled: true,
    sublineColor: ERROR_PAGE_THEME.secondary,
    last4LinksEnabled: true,
    last4LinksDefaultColor: ERROR_PAGE_THEME.link,
    last4LinksHoverColor: ERROR_PAGE_THEME.primary,
    buttonLabel: 'Home',
    buttonDefaultBackgroundColor: ERROR_PAGE_THEME.buttonBackground,
    buttonFontColor: ERROR_PAGE_THEME.buttonFont,
    buttonHoverBackgroundColor: ERROR_PAGE_THEME.buttonHover,
    buttonRadius: '5px',
  };
}
