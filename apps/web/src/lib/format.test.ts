import { describe, expect, it } from 'vitest';
import { formatDuration, formatSize } from './format';

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

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss from one hour', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
