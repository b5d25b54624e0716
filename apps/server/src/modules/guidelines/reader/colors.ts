/** Colour values the reader shows beside a swatch, and text colours that stay readable on a background. */

export type Rgb = [number, number, number];

/** `#1A2B3C` → [26, 43, 60]. */
export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * A naive CMYK (no colour profile) as whole percentages, "C M Y K": what the palette shows when the brand gave none.
 * Print values belong to the brand's printer; the palette says when a value was computed.
 */
export function rgbToCmyk([r, g, b]: Rgb): string {
  const k = 1 - Math.max(r, g, b) / 255;
  if (k >= 1) return '0 0 0 100';
  const part = (c: number) => Math.round(((1 - c / 255 - k) / (1 - k)) * 100);
  return `${part(r)} ${part(g)} ${part(b)} ${Math.round(k * 100)}`;
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(hexToRgb(a)), luminance(hexToRgb(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** `preferred` when it reads on `background` (AA, 4.5:1), else near-black or white, whichever reads better. */
export function readableOn(background: string, preferred?: string): string {
  if (preferred && contrastRatio(preferred, background) >= 4.5) return preferred;
  return contrastRatio('#1B1F24', background) >= contrastRatio('#FFFFFF', background) ? '#1B1F24' : '#FFFFFF';
}
