import { z } from 'zod';
import { tryParseColor } from '../toolkit/color.js';
import {
  BUTTON_RADIUS_RANGES,
  backgroundPositionSchema,
  cssColorSchema,
  cssLengthSchema,
  FONT_FAMILY_PATTERN,
  KEY_VISUAL_HEIGHT_RANGES,
  pageSettingsSaveSchema,
  storedImageUrlSchema,
  validStoredSettings,
} from './pageSettings.js';

/**
 * The sign-in page's settings, edited in the login-page builder (/loginpagebuilder) and shown on /auth. Texts
 * that are null use the translated defaults of the sign-in page (so the page follows the visitor's language until
 * an admin writes their own).
 */

/** Characters; the help text is rich text, so its limit counts the stored (sanitised) HTML. */
export const LOGIN_PAGE_TEXT_LIMITS = { title: 120, description: 500, buttonLabel: 40, helpText: 5000 } as const;

const text = (max: number, required: boolean) => {
  const base = z.string({ error: 'Must be a string' }).trim().max(max, `Must be at most ${max} characters`);
  return (required ? base.min(1, 'Is required') : base).nullable();
};

/** A colour as the toolkit's colour picker stores it: an rgb string, hex, alpha 0–100. */
export const toolkitColorSchema = z
  .object({
    rgb: z.string().max(64),
    hex: z.string().max(9).optional(),
    alpha: z.number().min(0).max(100).optional(),
  })
  .strict()
  .refine((v) => tryParseColor(v) !== null, 'Must be a colour');

const pixels = (max: number) =>
  z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more').max(max, `Must be at most ${max}`);
const cssSize = z
  .string()
  .trim()
  .max(16)
  .regex(/^(\d{1,3}(\.\d{1,2})?(px|rem|em|%)?)?$/, 'Must be a size such as 16px, 1.2 or empty');

/** A button style as the toolkit's button-style setting saves it, validated field by field. */
export const buttonStyleSchema = z
  .object({
    family: z
      .string()
      .trim()
      .max(120)
      .regex(/^[A-Za-z0-9 ._-]*$/, 'Must be a font name'),
    family_css: z.union([z.literal(''), z.string().trim().max(200).regex(FONT_FAMILY_PATTERN, 'Must be a font family')]),
    provider: z.enum(['system', 'google', 'custom']),
    color: toolkitColorSchema.nullable(),
    color_hover: toolkitColorSchema.nullable(),
    weight: z.number().int().min(100).max(900).multipleOf(100, 'Must be 100, 200 … 900'),
    size: cssSize,
    line_height: cssSize,
    uppercase: z.boolean(),
    italic: z.boolean(),
    border_width: pixels(20),
    border_radius: pixels(100),
    border_color: toolkitColorSchema.nullable(),
    border_color_hover: toolkitColorSchema.nullable(),
    frame: z.object({ top: pixels(100), right: pixels(100), bottom: pixels(100), left: pixels(100) }).strict(),
    background_color: toolkitColorSchema.nullable(),
    background_color_hover: toolkitColorSchema.nullable(),
  })
  .strict();
export type LoginButtonStyle = z.infer<typeof buttonStyleSchema>;

export const LOGIN_PAGE_IMAGE_SETTINGS = ['keyVisualUrl', 'backgroundImageUrl'] as const;

export const loginPageSettingsSchema = z.object({
  /** Null: the translated "Sign in". */
  title: text(LOGIN_PAGE_TEXT_LIMITS.title, true),
  /** Null: the translated lead; empty: no subline. */
  description: text(LOGIN_PAGE_TEXT_LIMITS.description, false),
  /** Null: the translated "Sign in". */
  buttonLabel: text(LOGIN_PAGE_TEXT_LIMITS.buttonLabel, true),
  /**
   * A help text under the form (whom to ask for an account), rich text: HTML that the server sanitises with the
   * rich-text allow-list (`sanitizeRichText` on the server) on save and on read; a stored text without tags is plain text. Null or empty: none.
   */
  helpText: text(LOGIN_PAGE_TEXT_LIMITS.helpText, false),
  keyVisualUrl: storedImageUrlSchema,
  keyVisualMaxHeight: cssLengthSchema(KEY_VISUAL_HEIGHT_RANGES),
  /** Null: the app's own background. */
  backgroundColor: cssColorSchema.nullable(),
  backgroundImageUrl: storedImageUrlSchema,
  backgroundPosition: backgroundPositionSchema,
  /** Null: the app's primary button. */
  buttonStyle: buttonStyleSchema.nullable(),
  /** Corner radius of the sign-in card. */
  cardRadius: cssLengthSchema(BUTTON_RADIUS_RANGES),
});
export type LoginPageSettings = z.infer<typeof loginPageSettingsSchema>;

export function defaultLoginPageSettings(): LoginPageSettings {
  return {
    title: null,
    description: null,
    buttonLabel: null,
    helpText: null,
    keyVisualUrl: null,
    keyVisualMaxHeight: '80px',
    backgroundColor: null,
    backgroundImageUrl: null,
    backgroundPosition: 'Covering',
    buttonStyle: null,
    cardRadius: '8px',
  };
}

const { keyVisualUrl: _keyVisual, backgroundImageUrl: _background, ...plainLoginPageSettings } = loginPageSettingsSchema.shape;

/** PUT /api/login-page (a toolkit save): any of the settings, partial and merged; images in the setting-image format. */
export const loginPageSaveBodySchema = pageSettingsSaveSchema(plainLoginPageSettings, LOGIN_PAGE_IMAGE_SETTINGS);

/** The stored settings that still validate, one by one (a setting that no longer does falls back to its default). */
export function validLoginPageSettings(stored: unknown): Partial<LoginPageSettings> {
  return validStoredSettings<LoginPageSettings>(loginPageSettingsSchema.shape, stored);
}
