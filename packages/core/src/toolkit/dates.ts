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

/** A minimum date applies unless noMinDate is set. */
export function dateBeforeMinimum(date: DateParts, minDate: DateParts | null | undefined, noMinDate = false): boolean {
  if (noMinDate || !minDate) return false;
  return compareDates(date, minDate) < 0;
}
