import i18next from './i18n';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'];

/**
 * A byte count for people in the interface language (data-api.md §9: base 1024, B through EB): the number with the
 * language's decimal mark, one decimal below 10, and the language's unit symbols (French: o, Ko, Mo…);
 * "—" when unknown or invalid.
 */
export function formatSize(bytes: number | null | undefined, locale = i18next.language): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(
    value,
  );
  const symbols = i18next.t('common.sizeUnits', { lng: locale }).split(' ');
  return `${number} ${symbols[unit] ?? UNITS[unit]}`;
}

/** A count in the interface language's digits grouping ("12,345", "12.345", "12 345"). */
export function formatNumber(value: number, locale = i18next.language): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A duration in seconds as m:ss, or h:mm:ss from one hour on. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A date (ISO string) in the reader's language (the interface's by default), or "—" when it does not parse. */
export function formatDate(value: string | null | undefined, locale = i18next.language, style: 'medium' | 'long' = 'medium'): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(locale, { dateStyle: style });
}

/** A moment (ISO string) with date and time in the interface language, or "—" when it does not parse. */
export function formatDateTime(value: string | null | undefined, locale = i18next.language): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
