/**
 * Pure rules of the settings-form toolkit (settings-toolkit.md §5, §9), shared by the web toolkit and the
 * server. Nothing here touches the DOM or the network.
 */

// ---------------------------------------------------------------------------------------------------------
// §9 constants

/** Debounces and delays of settings-toolkit.md §9, in milliseconds. */
export const TOOLKIT_DELAYS = {
  linkTextAutosave: 800,
  multivalueInput: 1000,
  /** Frame, hotspot, logo and role changes. */
  geometryChange: 100,
  colorHexPaste: 10,
  colorPickerThrottle: 50,
  textLiveChange: 200,
  snippetAutosave: 800,
  snippetSourceAutosave: 600,
  formDebounce: 500,
  editorSave: 2000,
  placeholderHeight: 200,
  avatarPopup: 1,
  modalFocus: 200,
  deleteAnimation: 200,
  deleteAnimationDelay: 190,
  listDragAnimation: 100,
  structureDragAnimation: 60,
} as const;

/** Icon sizes (§9) in pixels. */
export const ICON_SIZES = { xs: 12, sm: 16, md: 20, lg: 24, xl: 32 } as const;
export type IconSize = keyof typeof ICON_SIZES;

/** Modal stacking (§9): z-index base 2000 plus 2 per open modal. */
export const MODAL_Z_INDEX_BASE = 2000;
export function modalZIndex(openBefore: number): number {
  return MODAL_Z_INDEX_BASE + 2 * Math.max(0, openBefore);
}

// ---------------------------------------------------------------------------------------------------------
// Letter spacing (§5)

export const LETTER_SPACING_UNITS = ['px', 'em', 'rem', '%', 'vw', 'vh', 'vmax', 'vmin'] as const;

/**
 * Letter spacing (§5): inherit is kept; empty, auto, normal or null become normal; a bare number gets px; an
 * allowed unit (px, em, rem, %, vw, vh, vmax, vmin) is kept; an unknown unit becomes px; anything that does
 * not start with a number becomes 0px.
 */
export function normaliseLetterSpacing(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'normal';
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}px` : '0px';
  const text = value.trim().toLowerCase();
  if (text === 'inherit') return 'inherit';
  if (text === '' || text === 'auto' || text === 'normal' || text === 'null') return 'normal';
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*(.*)$/.exec(text);
  if (!match) return '0px';
  const number = String(Number(match[1]));
  const unit = match[2] ?? '';
  if (unit === '') return `${number}px`;
  return (LETTER_SPACING_UNITS as readonly string[]).includes(unit) ? `${number}${unit}` : `${number}px`;
}

// ---------------------------------------------------------------------------------------------------------
// Link URLs (§5 "Link chooser")

/**
 * The beginnings that keep a link as it is (§5): a slash (a path in this app), the two web host forms and the
 * four other address forms, mailto: and tel:. Anything else gets https:// in front. The spec's list names its
 * host and address forms only by placeholder; docs/decisions/0005-settings-toolkit.md records this reading.
 */
export const LINK_KEPT_PREFIXES = ['/', 'http://', 'https://', 'ftp://', 'ftps://', 'sftp://', 'file://', 'mailto:', 'tel:'] as const;

/** A link as the link chooser stores it: kept when it starts with a kept prefix or is empty, else https:// is prepended. */
export function normaliseLinkUrl(url: string | null | undefined): string {
  const value = (url ?? '').trim();
  if (value === '') return '';
  const lower = value.toLowerCase();
  if (LINK_KEPT_PREFIXES.some((prefix) => lower.startsWith(prefix))) return value;
  return `https://${value}`;
}

/** A url encoded before a rich-text link is applied (§5), without encoding what is already encoded. */
export function encodeLinkUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // A lone % or similar: encode the value as typed.
  }
  return encodeURI(decoded);
}

// ---------------------------------------------------------------------------------------------------------
// Time (§3 "Time setting", §5, §9)

export interface TimeOptions {
  /** The largest value in seconds; larger values are clamped to it. */
  maxValueInSeconds?: number | null;
  /** 1, 2 or 3 digits after the decimal point (multipliers 10, 100, 1000); none by default. */
  postDecimalDigits?: number | null;
}

/** The multiplier of the post-decimal digits (§9): 1 → 10, 2 → 100, 3 → 1000, otherwise 1. */
export function timeMultiplier(postDecimalDigits: number | null | undefined): number {
  return postDecimalDigits === 1 ? 10 : postDecimalDigits === 2 ? 100 : postDecimalDigits === 3 ? 1000 : 1;
}

function digitsOf(postDecimalDigits: number | null | undefined): number {
  return Math.log10(timeMultiplier(postDecimalDigits));
}

/** Hours are shown when the maximum exceeds 3600 seconds (without a maximum: when the value does). */
export function timeShowsHours(seconds: number, options: TimeOptions = {}): boolean {
  return (options.maxValueInSeconds ?? seconds) > 3600;
}

/** Rounds to the post-decimal digits and clamps into 0 … maxValueInSeconds. */
export function clampTime(seconds: number, options: TimeOptions = {}): number {
  const m = timeMultiplier(options.postDecimalDigits);
  let value = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  const max = options.maxValueInSeconds;
  if (max !== null && max !== undefined && value > max) value = max;
  return Math.round(value * m) / m;
}

/**
 * Parses mm:ss or hh:mm:ss (§5) into seconds, clamped to the maximum. Seconds may carry the post-decimal digits.
 * Minutes and seconds below a larger unit must be under 60. Returns null when the text is neither form.
 */
export function parseTime(text: string, options: TimeOptions = {}): number | null {
  const parts = text.trim().split(':');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const digits = digitsOf(options.postDecimalDigits);
  const secondsPattern = digits > 0 ? new RegExp(`^\\d{1,2}(?:\\.\\d{1,${digits}})?$`) : /^\d{1,2}$/;
  const secondsText = parts[parts.length - 1] ?? '';
  if (!secondsPattern.test(secondsText)) return null;
  const whole = parts.slice(0, -1);
  if (!whole.every((p) => /^\d+$/.test(p))) return null;
  const seconds = Number(secondsText);
  if (seconds >= 60) return null;
  let total: number;
  if (parts.length === 3) {
    const [h, m] = whole.map(Number) as [number, number];
    if (m >= 60) return null;
    total = h * 3600 + m * 60 + seconds;
  } else {
    total = Number(whole[0]) * 60 + seconds;
  }
  return clampTime(total, options);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Formats seconds as mm:ss or hh:mm:ss (§9: two-digit padding, post-decimal digits after the seconds). */
export function formatTime(seconds: number, options: TimeOptions = {}): string {
  const value = clampTime(seconds, options);
  const m = timeMultiplier(options.postDecimalDigits);
  const digits = digitsOf(options.postDecimalDigits);
  const scaled = Math.round(value * m);
  const wholeSeconds = Math.floor(scaled / m);
  const fraction = scaled % m;
  const secs = wholeSeconds % 60;
  const fractionText = digits > 0 ? `.${String(fraction).padStart(digits, '0')}` : '';
  if (timeShowsHours(value, options)) {
    const h = Math.floor(wholeSeconds / 3600);
    const min = Math.floor((wholeSeconds % 3600) / 60);
    return `${pad2(h)}:${pad2(min)}:${pad2(secs)}${fractionText}`;
  }
  return `${pad2(Math.floor(wholeSeconds / 60))}:${pad2(secs)}${fractionText}`;
}

// ---------------------------------------------------------------------------------------------------------
// Colour (§3, §5, §9)

/** A colour with channels 0–255 and alpha 0–100 (§9: alpha is serialised 0–100). */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

/** The stored form of a colour (§3): an rgb string, with hex and alpha 0–100. */
export interface ColorValue {
  rgb: string;
  hex?: string;
  alpha?: number;
}

/** An unparsable colour becomes transparent white (§5). */
export const TRANSPARENT_WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };
/** The colour reset default (§9): transparent rgba(0,0,0,0). */
export const COLOR_RESET: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };

const clampInt = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

function parseHex(text: string): Rgba | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
  if (!m?.[1]) return null;
  let hex = m[1];
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), alpha: hex.length === 8 ? clampInt((n(6) / 255) * 100, 0, 100) : 100 };
}

function parseRgbFunction(text: string): Rgba | null {
  const m = /^rgba?\(\s*([^)]*)\)$/i.exec(text);
  if (!m?.[1]) return null;
  const parts = m[1].split(/\s*[,/]\s*|\s+/).filter((p) => p !== '');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const channel = (p: string) => {
    if (/^\d+(\.\d+)?%$/.test(p)) return (Number.parseFloat(p) / 100) * 255;
    return /^\d+(\.\d+)?$/.test(p) ? Number(p) : Number.NaN;
  };
  const [r, g, b] = parts.slice(0, 3).map(channel) as [number, number, number];
  if ([r, g, b].some((v) => Number.isNaN(v) || v > 255)) return null;
  let alpha = 100;
  const a = parts[3];
  if (a !== undefined) {
    if (/^\d+(\.\d+)?%$/.test(a)) alpha = Number.parseFloat(a);
    else if (/^(\d+(\.\d+)?|\.\d+)$/.test(a)) alpha = Number(a) * 100;
    else return null;
    if (alpha > 100) return null;
  }
  return { r: clampInt(r, 0, 255), g: clampInt(g, 0, 255), b: clampInt(b, 0, 255), alpha: clampInt(alpha, 0, 100) };
}

/**
 * Parses a colour (§5): an rgb()/rgba() string, a hex value (#rgb, #rrggbb, #rrggbbaa), `transparent`, or a
 * stored value {rgb, hex?, alpha?|opacity?} whose alpha (0–100) wins over the string's. Anything else becomes
 * transparent white.
 */
export function parseColor(input: unknown): Rgba {
  return tryParseColor(input) ?? { ...TRANSPARENT_WHITE };
}

/** Like parseColor, but null for what cannot be read (for inputs that keep the last good colour while typing). */
export function tryParseColor(input: unknown): Rgba | null {
  if (typeof input === 'string') {
    const text = input.trim();
    if (text.toLowerCase() === 'transparent') return { ...COLOR_RESET };
    return parseRgbFunction(text) ?? parseHex(text);
  }
  if (typeof input === 'object' && input !== null) {
    const value = input as { rgb?: unknown; hex?: unknown; alpha?: unknown; opacity?: unknown };
    const source = typeof value.rgb === 'string' && value.rgb.trim() !== '' ? value.rgb : value.hex;
    const parsed = typeof source === 'string' ? tryParseColor(source) : null;
    if (!parsed) return null;
    const alpha = typeof value.alpha === 'number' ? value.alpha : typeof value.opacity === 'number' ? value.opacity : null;
    return alpha !== null && Number.isFinite(alpha) ? { ...parsed, alpha: clampInt(alpha, 0, 100) } : parsed;
  }
  return null;
}

export function colorToHex(color: Rgba): string {
  return `#${[color.r, color.g, color.b].map((c) => clampInt(c, 0, 255).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** The CSS form: rgb(r, g, b) when opaque, rgba(r, g, b, a) with a = alpha / 100 otherwise. */
export function colorToCss(color: Rgba): string {
  const { r, g, b } = color;
  const alpha = clampInt(color.alpha, 0, 100);
  return alpha === 100 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alpha / 100})`;
}

/** The stored form (§3, §9): rgb string, hex and alpha 0–100. */
export function serialiseColor(color: Rgba): ColorValue {
  return { rgb: colorToCss(color), hex: colorToHex(color), alpha: clampInt(color.alpha, 0, 100) };
}

export function sameColor(a: Rgba, b: Rgba): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.alpha === b.alpha;
}

/** Adds a colour to a list unless an equal one is already in it (§5: the colour list ignores duplicates). */
export function addColorToList(list: readonly Rgba[], color: Rgba): Rgba[] {
  return list.some((c) => sameColor(c, color)) ? [...list] : [...list, color];
}

/** Rich text (§5): a highlight applies only when its alpha is above 0; otherwise the background is cleared (null). */
export function highlightColor(color: Rgba): string | null {
  return color.alpha > 0 ? colorToCss(color) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Numbers, multivalue, geometry (§3, §5)

/** Clamps into min … max (either optional); a value that is not a number becomes min, or 0. */
export function clampNumber(value: number | string | null | undefined, min?: number | null, max?: number | null): number {
  let n = typeof value === 'number' ? value : value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) n = min ?? 0;
  if (min !== null && min !== undefined && n < min) n = min;
  if (max !== null && max !== undefined && n > max) n = max;
  return n;
}

/** A number from a field where an empty value counts as 0 (§5: hotspot and frame). */
export function emptyAsZero(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value);
  return Number.isFinite(n) ? n : 0;
}

export interface FrameValue {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Frame (§3): top, right, bottom, left, each defaulting to 0 (§5: empty counts as 0). */
export function frameValue(input: Partial<Record<keyof FrameValue, number | string | null>> | null | undefined): FrameValue {
  return {
    top: emptyAsZero(input?.top),
    right: emptyAsZero(input?.right),
    bottom: emptyAsZero(input?.bottom),
    left: emptyAsZero(input?.left),
  };
}

export interface HotspotValue {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Hotspot (§3): x, y, width and height as rounded integers; empty counts as 0. */
export function hotspotValue(input: Partial<Record<keyof HotspotValue, number | string | null>> | null | undefined): HotspotValue {
  return {
    x: Math.round(emptyAsZero(input?.x)),
    y: Math.round(emptyAsZero(input?.y)),
    width: Math.round(emptyAsZero(input?.width)),
    height: Math.round(emptyAsZero(input?.height)),
  };
}

/**
 * A locked aspect ratio recomputes the other dimension (§5). `ratio` is width / height. Returns the pair with
 * the changed side as given and the other side rounded.
 */
export function lockAspect(changed: 'width' | 'height', value: number, ratio: number): { width: number; height: number } {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return changed === 'width' ? { width: value, height: 0 } : { width: 0, height: value };
  return changed === 'width' ? { width: value, height: Math.round(value / ratio) } : { width: Math.round(value * ratio), height: value };
}

export type LogoDimension = number | 'auto';
export interface LogoValue {
  x: number;
  y: number;
  width: LogoDimension;
  height: LogoDimension;
}

/** Logo (§3): like a hotspot, but width and height may be `auto`. */
export function logoValue(input: Partial<Record<keyof LogoValue, number | string | null>> | null | undefined): LogoValue {
  const dimension = (v: number | string | null | undefined): LogoDimension =>
    typeof v === 'string' && v.trim().toLowerCase() === 'auto' ? 'auto' : Math.round(emptyAsZero(v));
  return {
    x: Math.round(emptyAsZero(input?.x)),
    y: Math.round(emptyAsZero(input?.y)),
    width: dimension(input?.width),
    height: dimension(input?.height),
  };
}

/**
 * A logo edit with a locked aspect ratio: the other dimension is recomputed unless it is `auto` (then the
 * browser keeps the ratio itself).
 */
export function lockLogoAspect(value: LogoValue, changed: 'width' | 'height', ratio: number): LogoValue {
  const own = value[changed];
  const otherKey = changed === 'width' ? 'height' : 'width';
  if (own === 'auto' || value[otherKey] === 'auto') return value;
  const locked = lockAspect(changed, own, ratio);
  return { ...value, width: locked.width, height: locked.height };
}

// ---------------------------------------------------------------------------------------------------------
// Checkbox group (§3, §5)

/**
 * Which boxes are disabled (§5): at or below `min` checked, the checked ones (so no more can be unticked); at
 * `max`, the unchecked ones (so no more can be ticked).
 */
export function checkboxGroupDisabled<T>(
  all: readonly T[],
  checked: readonly T[],
  limits: { min?: number | null; max?: number | null },
): T[] {
  const count = checked.length;
  const isChecked = (id: T) => checked.includes(id);
  const disabled: T[] = [];
  const { min, max } = limits;
  for (const id of all) {
    if (isChecked(id) && min !== null && min !== undefined && min > 0 && count <= min) disabled.push(id);
    else if (!isChecked(id) && max !== null && max !== undefined && count >= max) disabled.push(id);
  }
  return disabled;
}

/** A radio value of the text "null" becomes null (§5). */
export function radioValue(value: string | null | undefined): string | null {
  return value === 'null' || value === undefined ? null : value;
}

// ---------------------------------------------------------------------------------------------------------
// Image crop (§3, §5, §9)

export const CROP_REFERENCE_WIDTH = 800;
export const CROP_RATIOS = ['original', '16:9', '4:3', 'square', 'free'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];

export interface Size {
  width: number;
  height: number;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop value saved with an image (§3): the box in reference-width pixels, or null for the whole image. */
export interface CropSave extends CropBox {
  reference_width: number;
}

/** width / height of a ratio; null for free cropping. */
export function cropAspect(ratio: CropRatio, natural: Size): number | null {
  switch (ratio) {
    case 'original':
      return natural.height > 0 ? natural.width / natural.height : null;
    case '16:9':
      return 16 / 9;
    case '4:3':
      return 4 / 3;
    case 'square':
      return 1;
    default:
      return null;
  }
}

/** Crop values are clamped to the natural image size and floored at 0 (§5). */
export function clampCrop(crop: CropBox, natural: Size): CropBox {
  const nw = Math.max(0, natural.width);
  const nh = Math.max(0, natural.height);
  const x = Math.min(Math.max(0, crop.x), nw);
  const y = Math.min(Math.max(0, crop.y), nh);
  const width = Math.min(Math.max(0, crop.width), nw - x);
  const height = Math.min(Math.max(0, crop.height), nh - y);
  return { x, y, width, height };
}

/** The largest centred box of the ratio (auto crop area 1, §9); the whole image for free and original. */
export function initialCrop(ratio: CropRatio, natural: Size): CropBox {
  const aspect = cropAspect(ratio, natural);
  if (aspect === null || ratio === 'original') return { x: 0, y: 0, width: natural.width, height: natural.height };
  let width = natural.width;
  let height = width / aspect;
  if (height > natural.height) {
    height = natural.height;
    width = height * aspect;
  }
  return clampCrop({ x: (natural.width - width) / 2, y: (natural.height - height) / 2, width, height }, natural);
}

/** Applies a ratio to an edited box: the height follows the width, then everything is clamped. */
export function constrainCrop(crop: CropBox, ratio: CropRatio, natural: Size): CropBox {
  const aspect = cropAspect(ratio, natural);
  let next = clampCrop(crop, natural);
  if (aspect !== null) {
    let { width } = next;
    let height = width / aspect;
    const maxHeight = natural.height - next.y;
    if (height > maxHeight) {
      height = maxHeight;
      width = height * aspect;
    }
    next = clampCrop({ ...next, width, height }, natural);
  }
  return next;
}

/**
 * The saved crop (§3): null when the whole image is selected, otherwise the box scaled to the reference width
 * 800 (§9) and rounded, with reference_width.
 */
export function cropToSave(crop: CropBox, natural: Size, referenceWidth = CROP_REFERENCE_WIDTH): CropSave | null {
  const box = clampCrop(crop, natural);
  const whole =
    Math.round(box.x) === 0 &&
    Math.round(box.y) === 0 &&
    Math.round(box.width) >= natural.width &&
    Math.round(box.height) >= natural.height;
  if (whole || natural.width <= 0) return null;
  const scale = referenceWidth / natural.width;
  return {
    x: Math.round(box.x * scale),
    y: Math.round(box.y * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
    reference_width: referenceWidth,
  };
}

/** A saved crop back in natural pixels (clamped); the whole image for null. */
export function cropFromSave(saved: CropSave | null | undefined, natural: Size): CropBox {
  if (!saved || !(saved.reference_width > 0)) return { x: 0, y: 0, width: natural.width, height: natural.height };
  const scale = natural.width / saved.reference_width;
  return clampCrop({ x: saved.x * scale, y: saved.y * scale, width: saved.width * scale, height: saved.height * scale }, natural);
}

// ---------------------------------------------------------------------------------------------------------
// Lists and tags (§5)

/** Tag input (§5): split on commas, trim, ignore empty entries, skip duplicates (case-insensitive, also of `existing`). */
export function splitTags(input: string, existing: readonly string[] = []): string[] {
  const seen = new Set(existing.map((t) => t.toLocaleLowerCase()));
  const result: string[] = [];
  for (const part of input.split(',')) {
    const tag = part.trim();
    const key = tag.toLocaleLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A new list entry without a value gets an index-and-slug value (§5), e.g. `3-primary-blue`; `3` without a label. */
export function listEntryValue(index: number, label: string): string {
  const slug = slugPart(label);
  return slug ? `${index}-${slug}` : String(index);
}

/** Moves an item of a list (reorder); out-of-range moves return the list unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/** Search list keyboard rule (§9): up/down arrows scroll when the index is above 7 (down) or below 4 (up). */
export function searchListScrolls(index: number, key: 'ArrowDown' | 'ArrowUp'): boolean {
  return key === 'ArrowDown' ? index > 7 : index < 4;
}

// ---------------------------------------------------------------------------------------------------------
// Dates (§3, §5, §9)

export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Formats a date with DD, MM and YYYY tokens. */
export function formatDate(date: DateParts, format = DEFAULT_DATE_FORMAT): string {
  return format
    .replace('YYYY', String(date.year).padStart(4, '0'))
    .replace('MM', String(date.month).padStart(2, '0'))
    .replace('DD', String(date.day).padStart(2, '0'));
}

/** Parses text in a DD/MM/YYYY-like format; null when it does not match or names no real day. */
export function parseDate(text: string, format = DEFAULT_DATE_FORMAT): DateParts | null {
  const order: (keyof DateParts)[] = [];
  const pattern = format.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/YYYY|MM|DD/g, (token) => {
    order.push(token === 'YYYY' ? 'year' : token === 'MM' ? 'month' : 'day');
    return token === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
  });
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!match) return null;
  const parts: DateParts = { year: 0, month: 0, day: 0 };
  order.forEach((key, i) => {
    parts[key] = Number(match[i + 1]);
  });
  const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (check.getUTCFullYear() !== parts.year || check.getUTCMonth() !== parts.month - 1 || check.getUTCDate() !== parts.day) return null;
  return parts;
}

export function compareDates(a: DateParts, b: DateParts): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** A minimum date applies unless noMinDate is set (§5). */
export function dateBeforeMinimum(date: DateParts, minDate: DateParts | null | undefined, noMinDate = false): boolean {
  if (noMinDate || !minDate) return false;
  return compareDates(date, minDate) < 0;
}

// ---------------------------------------------------------------------------------------------------------
// Validation (§5 "Forms")

/** The standard validation messages (§5), each a translation key of the web app. */
export const VALIDATION_KEYS = [
  'required',
  'maxlength',
  'minlength',
  'rangelength',
  'email',
  'url',
  'date',
  'number',
  'digits',
  'equalTo',
  'range',
  'max',
  'min',
  'users',
  'link',
  'https',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface ValidationRules {
  required?: boolean;
  maxlength?: number;
  minlength?: number;
  rangelength?: [number, number];
  email?: boolean;
  url?: boolean;
  /** A date in this format (true: DD/MM/YYYY). */
  date?: boolean | string;
  number?: boolean;
  digits?: boolean;
  /** The name of another field whose value must be equal. */
  equalTo?: string;
  range?: [number, number];
  max?: number;
  min?: number;
  /** At least one user or group selected. */
  users?: boolean;
  /** A link the link chooser accepts (a path, a kept form, or a host name). */
  link?: boolean;
  /** An address that starts with https://. */
  https?: boolean;
}

export interface ValidationFailure {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** The e-mail format pattern of §5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The API access-token pattern of §5: letters and digits only. */
export const API_TOKEN_PATTERN = /^[A-Za-z0-9]+$/;

const URL_PATTERN = /^(https?|ftps?):\/\/[^\s/$.?#][^\s]*$/i;
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d+)?([/?#]\S*)?$/i;

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const selection = value as { users?: unknown[]; groups?: unknown[] };
    if (Array.isArray(selection.users) || Array.isArray(selection.groups)) {
      return (selection.users?.length ?? 0) + (selection.groups?.length ?? 0) === 0;
    }
  }
  return false;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.length;
  return String(value ?? '').length;
}

/** Whether a text is a link the link chooser accepts. */
export function isValidLink(value: string): boolean {
  const url = normaliseLinkUrl(value);
  if (url === '') return false;
  if (url.startsWith('/')) return !/\s/.test(url);
  if (/^(mailto|tel):\S+$/i.test(url)) return true;
  if (URL_PATTERN.test(url)) return HOST_PATTERN.test(url.replace(/^[a-z]+:\/\//i, '')) || /^[a-z]+:\/\/localhost/i.test(url);
  return false;
}

/**
 * The first rule a value breaks, or null (§5). An empty value only fails `required` (and `users`); every other
 * rule is checked only on a non-empty value. `values` gives the other fields for equalTo.
 */
export function validateValue(value: unknown, rules: ValidationRules, values: Record<string, unknown> = {}): ValidationFailure | null {
  const empty = isEmptyValue(value);
  if (rules.required && empty) return { key: 'required' };
  if (rules.users && empty) return { key: 'users' };
  if (empty) return null;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const length = lengthOf(value);
  if (rules.minlength !== undefined && length < rules.minlength) return { key: 'minlength', params: { min: rules.minlength } };
  if (rules.maxlength !== undefined && length > rules.maxlength) return { key: 'maxlength', params: { max: rules.maxlength } };
  if (rules.rangelength && (length < rules.rangelength[0] || length > rules.rangelength[1])) {
    return { key: 'rangelength', params: { min: rules.rangelength[0], max: rules.rangelength[1] } };
  }
  if (rules.email && !EMAIL_PATTERN.test(text)) return { key: 'email' };
  if (rules.url && !URL_PATTERN.test(text)) return { key: 'url' };
  if (rules.https && !/^https:\/\/\S+$/i.test(text)) return { key: 'https' };
  if (rules.link && !isValidLink(text)) return { key: 'link' };
  if (rules.date) {
    const format = typeof rules.date === 'string' ? rules.date : DEFAULT_DATE_FORMAT;
    if (!parseDate(text, format)) return { key: 'date', params: { format } };
  }
  if (rules.digits && !/^\d+$/.test(text)) return { key: 'digits' };
  const numeric = rules.number || rules.range || rules.min !== undefined || rules.max !== undefined;
  const n = Number(text);
  if (numeric && (text === '' || !Number.isFinite(n))) return { key: 'number' };
  if (rules.range && (n < rules.range[0] || n > rules.range[1]))
    return { key: 'range', params: { min: rules.range[0], max: rules.range[1] } };
  if (rules.min !== undefined && n < rules.min) return { key: 'min', params: { min: rules.min } };
  if (rules.max !== undefined && n > rules.max) return { key: 'max', params: { max: rules.max } };
  if (rules.equalTo !== undefined && value !== values[rules.equalTo]) return { key: 'equalTo', params: { field: rules.equalTo } };
  return null;
}

export interface ValidatedField {
  name: string;
  value: unknown;
  rules?: ValidationRules;
  /** A hidden field is skipped unless the form validates hidden fields (§5). */
  hidden?: boolean;
}

/** Validates a form on submit (§5): hidden fields are ignored unless `validateHidden`. */
export function validateFields(
  fields: readonly ValidatedField[],
  options: { validateHidden?: boolean } = {},
): Record<string, ValidationFailure> {
  const values = Object.fromEntries(fields.map((f) => [f.name, f.value]));
  const failures: Record<string, ValidationFailure> = {};
  for (const field of fields) {
    if (!field.rules || (field.hidden && !options.validateHidden)) continue;
    const failure = validateValue(field.value, field.rules, values);
    if (failure) failures[field.name] = failure;
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------------------
// Users, groups, avatars (§3, §4, §5, §6)

/** The avatar hover popup shows only for a user id that is a number of at least 1 and not the current user (§5, §6). */
export function avatarPopupAllowed(userId: unknown, currentUserId: number | null | undefined): boolean {
  const id = typeof userId === 'number' ? userId : typeof userId === 'string' && /^\d+$/.test(userId.trim()) ? Number(userId) : Number.NaN;
  if (!Number.isInteger(id) || id < 1) return false;
  return id !== currentUserId;
}

export interface PickerUser {
  id: number;
  name: string | null;
  email?: string;
  /** communication_setting.subscribed in the pickers (§3). */
  subscribed?: boolean;
}

/** A pending invitation (null name) or an unsubscribed user cannot be ticked (§5). */
export function userTickable(user: PickerUser): boolean {
  return user.name !== null && user.subscribed !== false;
}

/**
 * How many users an add dialog adds (§4): the ticked users plus the members of the ticked groups, each user
 * once.
 */
export function addDialogCount(tickedUserIds: readonly number[], tickedGroups: readonly { user_ids?: readonly number[] }[]): number {
  const ids = new Set(tickedUserIds);
  for (const group of tickedGroups) for (const id of group.user_ids ?? []) ids.add(id);
  return ids.size;
}

export interface UserGroupSelection {
  users: number[];
  groups: number[];
}

export interface UserGroupDelta {
  add: UserGroupSelection;
  remove: UserGroupSelection;
}

/** selectionDelta (§3): what was added and removed compared with the initial selection. */
export function selectionDelta(initial: UserGroupSelection, current: UserGroupSelection): UserGroupDelta {
  const diff = (a: number[], b: number[]) => a.filter((id) => !b.includes(id));
  return {
    add: { users: diff(current.users, initial.users), groups: diff(current.groups, initial.groups) },
    remove: { users: diff(initial.users, current.users), groups: diff(initial.groups, current.groups) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Typography (§3, §9)

/** Web font weights 100–900 are offered for Google fonts only (§9); other providers get regular and bold. */
export function fontWeightsFor(provider: string | null | undefined): number[] {
  return (provider ?? '').toLowerCase() === 'google' ? [100, 200, 300, 400, 500, 600, 700, 800, 900] : [400, 700];
}

/** Editor font sizes (§9); '' is the empty choice (inherit). */
export const EDITOR_FONT_SIZES = [
  '',
  '14px',
  '16px',
  '18px',
  '22px',
  '24px',
  '32px',
  '36px',
  '40px',
  '48px',
  '54px',
  '60px',
  '72px',
] as const;
/** Editor styles (§9): body, h1–h4 (h5 and h6 are displayed only), quote, custom1–custom3. */
export const EDITOR_STYLES = ['body', 'h1', 'h2', 'h3', 'h4', 'quote', 'custom1', 'custom2', 'custom3'] as const;
export type EditorStyle = (typeof EDITOR_STYLES)[number];
