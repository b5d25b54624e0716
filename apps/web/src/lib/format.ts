import { formatBytes } from '@emblem/core';

/** A byte count for people (base 1024, B through EB, from @emblem/core); "—" when unknown or invalid. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  return formatBytes(bytes);
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

/** A date (ISO string) in the reader's language, or "—" when it does not parse. */
export function formatDate(value: string | null | undefined, locale = 'en', style: 'medium' | 'long' = 'medium'): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(locale, { dateStyle: style });
}
