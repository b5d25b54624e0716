import { z } from 'zod';

/** Error-page settings (routes-access-shell.md §3) and their defaults. */
const color = z.string().trim().max(64);

export const errorPageSettingsSchema = z.object({
  fontFamilyName: z.string().max(120),
  fontProvider: z.enum(['SYSTEM', 'GOOGLE', 'CUSTOM']),
  pageBackgroundEnabled: z.boolean(),
  pageBackgroundUrl: z.string().max(2048).nullable(),
  pageBackgroundColor: color,
  pageBackgroundPosition: z.enum(['Covering', 'Tiling', 'Centering']),
  keyVisualOn: z.boolean(),
  keyVisualArtUrl: z.string().max(2048).nullable(),
  keyVisualMaxHeight: z.string().max(16),
  title: z.string().max(200),
  titleMetaConfigOn: z.boolean(),
  titleMetaConfigColor: color,
  description: z.string().max(1000),
  sublineEnabled: z.boolean(),
  sublineColor: color,
  last4LinksEnabled: z.boolean(),
  last4LinksDefaultColor: color,
  last4LinksHoverColor: color,
  buttonLabel: z.string().max(80),
  buttonDefaultBackgroundColor: color,
  buttonFontColor: color,
  buttonHoverBackgroundColor: color,
  buttonRadius: z.string().max(16),
});
export type ErrorPageSettings = z.infer<typeof errorPageSettingsSchema>;
export const errorPageSettingsPatchSchema = errorPageSettingsSchema.partial().strict();

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

/** Up to four recent hub links are shown (routes-access-shell.md §9). */
export const ERROR_PAGE_RECENT_LINKS = 4;
export interface RecentHubLink {
  hubId: number;
  hubTitle: string;
}
