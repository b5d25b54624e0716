/** A colour with channels 0–255 and alpha 0–100 (alpha is serialised 0–100). */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

/** The stored form of a colour: an rgb string, with hex and alpha 0–100. */
export interface ColorValue {
  rgb: string;
  hex?: string;
  alpha?: number;
}

/** An unparsable colour becomes transparent white. */
export const TRANSPARENT_WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };
/** The colour reset default: transparent rgba(0,0,0,0). */
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
 * Parses a colour: an rgb()/rgba() string, a hex value (#rgb, #rrggbb, #rrggbbaa), `transparent`, or a
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

/** The stored form: rgb string, hex and alpha 0–100. */
export function serialiseColor(color: Rgba): ColorValue {
  return { rgb: colorToCss(color), hex: colorToHex(color), alpha: clampInt(color.alpha, 0, 100) };
}

export function sameColor(a: Rgba, b: Rgba): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.alpha === b.alpha;
}

/** Adds a colour to a list unless an equal one is already in it (the colour list ignores duplicates). */
export function addColorToList(list: readonly Rgba[], color: Rgba): Rgba[] {
  return list.some((c) => sameColor(c, color)) ? [...list] : [...list, color];
}

/** Rich text: a highlight applies only when its alpha is above 0; otherwise the background is cleared (null). */
export function highlightColor(color: Rgba): string | null {
  return color.alpha > 0 ? colorToCss(color) : null;
}
