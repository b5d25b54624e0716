import { describe, expect, it } from 'vitest';
import { clampTime, formatTime, parseTime, timeShowsHours } from './index.js';

describe('time', () => {
  it('parses mm:ss and hh:mm:ss', () => {
    expect(parseTime('01:05')).toBe(65);
    expect(parseTime('90:00')).toBe(5400);
    expect(parseTime('01:02:03')).toBe(3723);
  });
  it('refuses other forms', () => {
    for (const text of ['65', '1:2:3:4', 'ab:cd', '01:60', '01:61:00', '', '01:5x']) expect(parseTime(text)).toBeNull();
  });
  it('clamps values above the maximum to it', () => {
    expect(parseTime('10:00', { maxValueInSeconds: 300 })).toBe(300);
    expect(clampTime(-4)).toBe(0);
    expect(clampTime(7200, { maxValueInSeconds: 3600 })).toBe(3600);
  });
  it('shows hours only when the maximum exceeds 3600 seconds', () => {
    expect(timeShowsHours(10, { maxValueInSeconds: 3600 })).toBe(false);
    expect(timeShowsHours(10, { maxValueInSeconds: 3601 })).toBe(true);
    expect(formatTime(65, { maxValueInSeconds: 3600 })).toBe('01:05');
    expect(formatTime(65, { maxValueInSeconds: 7200 })).toBe('00:01:05');
    expect(formatTime(3723)).toBe('01:02:03');
    expect(formatTime(3600)).toBe('60:00');
  });
  it('keeps post-decimal digits with multipliers 10, 100, 1000', () => {
    expect(parseTime('00:05.25', { postDecimalDigits: 2 })).toBe(5.25);
    expect(parseTime('00:05.25', { postDecimalDigits: 1 })).toBeNull();
    expect(parseTime('00:05.2', { postDecimalDigits: 1 })).toBe(5.2);
    expect(parseTime('00:05.5')).toBeNull();
    expect(formatTime(5.25, { postDecimalDigits: 2 })).toBe('00:05.25');
    expect(formatTime(5.2, { postDecimalDigits: 3 })).toBe('00:05.200');
    expect(formatTime(5.26, { postDecimalDigits: 1 })).toBe('00:05.3');
    expect(clampTime(1.23456, { postDecimalDigits: 3 })).toBe(1.235);
  });
});
