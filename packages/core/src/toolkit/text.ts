export const LETTER_SPACING_UNITS = ['px', 'em', 'rem', '%', 'vw', 'vh', 'vmax', 'vmin'] as const;

/**
 * Letter spacing: inherit is kept; empty, auto, normal or null become normal; a bare number gets px; an
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
// Link URLs

/**
 * The beginnings that keep a link as it is: a slash (a path in this app), the two web host forms and the
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

/** A url encoded before a rich-text link is applied, without encoding what is already encoded. */
export function encodeLinkUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // A lone % or similar: encode the value as typed.
  }
  return encodeURI(decoded);
}
