import { z } from 'zod';
import {
  BUTTON_RADIUS_RANGES,
  backgroundPositionSchema,
  cssColorSchema,
  cssLengthSchema,
  fontFamilySchema,
  KEY_VISUAL_HEIGHT_RANGES,
  pageSettingsSaveSchema,
  storedImageUrlSchema,
  validStoredSettings,
} from './pageSettings.js';

/** Error-page settings. */
const color = cssColorSchema;
const text = (max: number, required: boolean) => {
  const base = z.string({ error: 'Must be a string' }).trim().max(max, `Must be at most ${max} characters`);
  return required ? base.min(1, 'Is required') : base;
};
const flag = z.boolean({ error: 'Must be true or false' });

export const ERROR_PAGE_TEXT_LIMITS = { title: 120, description: 500, buttonLabel: 40 } as const;
export const ERROR_PAGE_FONT_PROVIDERS = ['SYSTEM', 'GOOGLE', 'CUSTOM'] as const;
export const ERROR_PAGE_IMAGE_SETTINGS = ['keyVisualArtUrl', 'pageBackgroundUrl'] as const;

export const errorPageSettingsSchema = z.object({
  fontFamilyName: fontFamilySchema,
  fontProvider: z.enum(ERROR_PAGE_FONT_PROVIDERS, { error: `Must be one of ${ERROR_PAGE_FONT_PROVIDERS.join(', ')}` }),
  pageBackgroundEnabled: flag,
  pageBackgroundUrl: storedImageUrlSchema,
  pageBackgroundColor: color,
  pageBackgroundPosition: backgroundPositionSchema,
  keyVisualOn: flag,
  keyVisualArtUrl: storedImageUrlSchema,
  keyVisualMaxHeight: cssLengthSchema(KEY_VISUAL_HEIGHT_RANGES),
  title: text(ERROR_PAGE_TEXT_LIMITS.title, true),
  titleMetaConfigOn: flag,
  titleMetaConfigColor: color,
  description: text(ERROR_PAGE_TEXT_LIMITS.description, false),
  sublineEnabled: flag,
  sublineColor: color,
  last4LinksEnabled: flag,
  last4LinksDefaultColor: color,
  last4LinksHoverColor: color,
  buttonLabel: text(ERROR_PAGE_TEXT_LIMITS.buttonLabel, true),
  buttonDefaultBackgroundColor: color,
  buttonFontColor: color,
  buttonHoverBackgroundColor: color,
  buttonRadius: cssLengthSchema(BUTTON_RADIUS_RANGES),
});
export type ErrorPageSettings = z.infer<typeof errorPageSettingsSchema>;
export const errorPageSettingsPatchSchema = errorPageSettingsSchema.partial().strict();

const { keyVisualArtUrl: _keyVisual, pageBackgroundUrl: _background, ...plainErrorPageSettings } = errorPageSettingsSchema.shape;

/**
 * PUT /api/error-page/{code} (a toolkit save): any of the settings, partial, merged into the stored ones; the key
 * visual and the page background in the setting-image save format; unknown fields refused.
 */
export const errorPageSaveBodySchema = pageSettingsSaveSchema(plainErrorPageSettings, ERROR_PAGE_IMAGE_SETTINGS);

/** The stored settings that still validate, one by one (a setting that no longer does falls back to its default). */
export function validErrorPageSettings(stored: unknown): Partial<ErrorPageSettings> {
  return validStoredSettings<ErrorPageSettings>(errorPageSettingsSchema.shape, stored);
}

/** Up to four recent hub links are shown. */
export const ERROR_PAGE_RECENT_LINKS = 4;
export interface RecentHubLink {
  hubId: number;
  hubTitle: string;
}

export const ERROR_PAGE_CODES = ['403', '404'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

export const errorPageCodeParamsSchema = z.object({ code: z.enum(['403', '404'], { error: 'Must be 403 or 404' }) }).strict();
