import { describe, expect, it } from 'vitest';
import { dateBeforeMinimum, formatDate, listEntryValue, moveItem, parseDate, searchListScrolls, splitTags } from './index.js';

describe('lists and tags', () => {
  it('splits tags on commas, trims, ignores empty and skips duplicates', () => {
    expect(splitTags(' red, blue,,red , Green ,', ['green'])).toEqual(['red', 'blue']);
    expect(splitTags('')).toEqual([]);
  });
  it('gives a new entry without a value an index-and-slug value', () => {
    expect(listEntryValue(3, 'Primary Blue!')).toBe('3-primary-blue');
    expect(listEntryValue(0, 'Café')).toBe('0-cafe');
    expect(listEntryValue(4, '')).toBe('4');
  });
  it('moves list items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
  it('scrolls the search list above index 7 going down and below 4 going up', () => {
    expect(searchListScrolls(8, 'ArrowDown')).toBe(true);
    expect(searchListScrolls(7, 'ArrowDown')).toBe(false);
    expect(searchListScrolls(3, 'ArrowUp')).toBe(true);
    expect(searchListScrolls(4, 'ArrowUp')).toBe(false);
  });
});

describe('dates', () => {
  it('formats and parses DD/MM/YYYY by default', () => {
    expect(formatDate({ year: 2026, month: 3, day: 7 })).toBe('07/03/2026');
    expect(parseDate('07/03/2026')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseDate('2026-03-07', 'YYYY-MM-DD')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('2026-03-07')).toBeNull();
  });
  it('applies the minimum date unless noMinDate', () => {
    const min = { year: 2026, month: 1, day: 10 };
    expect(dateBeforeMinimum({ year: 2026, month: 1, day: 9 }, min)).toBe(true);
    expect(dateBeforeMinimum({ year: 2026, month: 1, day: 10 }, min)).toBe(false);
    expect(dateBeforeMinimum({ year: 2020, month: 1, day: 1 }, min, true)).toBe(false);
  });
});
