import { z } from 'zod';
import { colorToCss, colorToHex, type Rgba, tryParseColor } from '../toolkit/color.js';
import { imageSaveShape, toolkitSaveShape } from '../toolkit/saves.js';

/**
 * Rules shared by the page settings that admins edit in the builders (error pages, sign-in page): CSS colours,
 * CSS lengths, font families, background positions, and the shape of a toolkit save with setting images.
 */

/** CSS basic colour keywords accepted besides hex and rgb()/rgba() (the spec's default link colour is `blue`). */
export const CSS_COLOR_KEYWORDS: Readonly<Record<string, string>> = {
  black: '#000000',
  silver: '#C0C0C0',
  gray: '#808080',
  grey: '#808080',
  white: '#FFFFFF',
  maroon: '#800000',
  red: '#FF0000',
  purple: '#800080',
  fuchsia: '#FF00FF',
  green: '#008000',
  lime: '#00FF00',
  olive: '#808000',
  yellow: '#FFFF00',
  navy: '#000080',
  blue: '#0000FF',
  teal: '#008080',
  aqua: '#00FFFF',
  orange: '#FFA500',
};

/**
 * A CSS colour as the page settings store it: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`,
 * `transparent` or a basic colour keyword. Null for anything else (no `url()`, no `var()`, no other syntax).
 */
export function parseCssColor(text: string): Rgba | null {
  const value = text.trim();
  const keyword = CSS_COLOR_KEYWORDS[value.toLowerCase()];
  if (keyword) return tryParseColor(keyword);
  if (value.toLowerCase() === 'transparent' || value.startsWith('#') || /^rgba?\(/i.test(value)) return tryParseColor(value);
  return null;
}

/** The stored form of a picked colour: `#RRGGBB` when opaque, `rgba(r, g, b, a)` otherwise. */
export function cssColorOf(color: Rgba): string {
  return color.alpha >= 100 ? colorToHex(color) : colorToCss(color);
}

export const COLOR_MESSAGE = 'Must be a colour such as #2D3232 or rgba(45, 50, 50, 0.5)';
export const cssColorSchema = z
  .string({ error: COLOR_MESSAGE })
  .trim()
  .max(64, 'Is too long')
  .refine((v) => parseCssColor(v) !== null, COLOR_MESSAGE);

/** A CSS length with one of the allowed units, each with its own range (inclusive). */
export type LengthRanges = Readonly<Record<string, readonly [number, number]>>;

export function parseCssLength(text: string): { value: number; unit: string } | null {
  const match = /^(\d{1,4}(?:\.\d{1,2})?)(px|rem|em|vh|vw|%)$/.exec(text.trim());
  return match?.[1] && match[2] ? { value: Number(match[1]), unit: match[2] } : null;
}

/** Why a length is refused, or null when it is allowed. */
export function cssLengthProblem(text: string, ranges: LengthRanges): string | null {
  const units = Object.keys(ranges);
  const length = parseCssLength(text);
  const range = length ? ranges[length.unit] : undefined;
  if (!length || !range) return `Must be a number with one of the units ${units.join(', ')}, such as 24${units[0]}`;
  const [min, max] = range;
  if (length.value < min || length.value > max) return `Must be between ${min}${length.unit} and ${max}${length.unit}`;
  return null;
}

export function cssLengthSchema(ranges: LengthRanges) {
  return z
    .string({ error: 'Must be a length such as 24px' })
    .trim()
    .max(16, 'Is too long')
    .superRefine((v, ctx) => {
      const problem = cssLengthProblem(v, ranges);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** Key visual heights and button radii (the builders offer these units). */
export const KEY_VISUAL_HEIGHT_RANGES: LengthRanges = { px: [1, 1000], rem: [1, 60], vh: [1, 100] };
export const BUTTON_RADIUS_RANGES: LengthRanges = { px: [0, 100], rem: [0, 6], '%': [0, 50] };

/** A CSS font-family list: names, quoted names, commas; nothing that could end the declaration. */
export const FONT_FAMILY_PATTERN = /^[A-Za-z0-9 ,'"._-]+$/;
export const fontFamilySchema = z
  .string({ error: 'Must be a font family' })
  .trim()
  .min(1, 'Is required')
  .max(200, 'Is too long')
  .regex(FONT_FAMILY_PATTERN, 'Use font names, quotes, commas and spaces only');

export const BACKGROUND_POSITIONS = ['Covering', 'Tiling', 'Centering'] as const;
export type BackgroundPosition = (typeof BACKGROUND_POSITIONS)[number];
export const backgroundPositionSchema = z.enum(BACKGROUND_POSITIONS, { error: `Must be one of ${BACKGROUND_POSITIONS.join(', ')}` });

/** A stored image URL (a setting image, `/media/image/{token}.webp`, or null). */
export const storedImageUrlSchema = z.string().max(2048).nullable();

/** The fields a toolkit image save adds besides `{name}` (they are not settings themselves). */
export function imageSaveExtras(name: string): string[] {
  return [`${name}_crop`, `${name}_isWorkspaceAsset`, `${name}_ratio`, `${name}_id`];
}

/**
 * The body of a toolkit save to a page-settings endpoint (PUT, partial): any of the plain settings, the image
 * settings in the setting-image save format, and `i18n`. Unknown fields are refused;
 * at least one setting must be given; only one image can bring a new upload (`file_id`) at a time.
 */
export function pageSettingsSaveSchema<S extends z.ZodRawShape>(plain: S, imageNames: readonly string[]) {
  const optional = Object.fromEntries(Object.entries(plain).map(([key, schema]) => [key, (schema as z.ZodType).optional()]));
  const images = Object.assign({}, ...imageNames.map((name) => imageSaveShape(name))) as Record<string, z.ZodType>;
  const settingKeys = [...Object.keys(plain), ...imageNames];
  return z
    .object({ ...optional, ...images, ...toolkitSaveShape })
    .strict()
    .superRefine((body, ctx) => {
      const values = body as Record<string, unknown>;
      if (!settingKeys.some((key) => values[key] !== undefined)) ctx.addIssue({ code: 'custom', message: 'Nothing to update' });
      const withUpload = imageNames.filter((name) => values[name] !== undefined);
      if (withUpload.length > 1 && values.file_id !== undefined && values.file_id !== null)
        ctx.addIssue({ code: 'custom', path: ['file_id'], message: 'Save one image at a time' });
    });
}

/** The stored settings that still validate, one by one: a setting that no longer does falls back to its default. */
export function validStoredSettings<T>(shape: z.ZodRawShape, stored: unknown): Partial<T> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const schema = Object.hasOwn(shape, key) ? (shape[key] as z.ZodType) : undefined;
    const parsed = schema?.safeParse(value);
    if (parsed?.success) result[key] = parsed.data;
  }
  return result as Partial<T>;
}
