import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatNumber, formatSize } from './format';
import { applyLanguage } from './i18n';

describe('formatSize (base 1024, B–EB)', () => {
  it('steps by 1024 through the units', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatSize(2 * 1024 ** 4)).toBe('2.0 TB');
    expect(formatSize(3 * 1024 ** 6)).toBe('3.0 EB');
  });

  it('shows a dash for missing or invalid values', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(undefined)).toBe('—');
    expect(formatSize(-1)).toBe('—');
    expect(formatSize(Number.NaN)).toBe('—');
  });
});

describe('formatting in the interface language', () => {
  it('writes sizes, numbers and dates the way the language does', async () => {
    await applyLanguage('fr');
    expect(formatSize(1536)).toBe('1,5 Ko');
    expect(formatNumber(1234567)).toMatch(/^1\s234\s567$/u);
    expect(formatDate('2026-03-28T12:00:00Z', undefined, 'long')).toBe('28 mars 2026');
    await applyLanguage('de');
    expect(formatSize(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatSize(1536)).toBe('1,5 KB');
    expect(formatNumber(1234567)).toBe('1.234.567');
    await applyLanguage('en');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(1536, 'es')).toBe('1,5 KB');
  });
});

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss from one hour', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
