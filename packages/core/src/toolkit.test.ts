import { describe, expect, it } from 'vitest';
import {
  addColorToList,
  addDialogCount,
  avatarPopupAllowed,
  checkboxGroupDisabled,
  clampCrop,
  clampNumber,
  clampTime,
  colorToCss,
  colorToHex,
  constrainCrop,
  cropAspect,
  cropFromSave,
  cropToSave,
  dateBeforeMinimum,
  emptyAsZero,
  encodeLinkUrl,
  fontWeightsFor,
  formatDate,
  formatTime,
  frameValue,
  highlightColor,
  hotspotValue,
  initialCrop,
  isValidLink,
  listEntryValue,
  lockAspect,
  lockLogoAspect,
  logoValue,
  modalZIndex,
  moveItem,
  normaliseLetterSpacing,
  normaliseLinkUrl,
  parseColor,
  parseDate,
  parseTime,
  radioValue,
  searchListScrolls,
  selectionDelta,
  serialiseColor,
  splitTags,
  TRANSPARENT_WHITE,
  timeShowsHours,
  tryParseColor,
  userTickable,
  validateFields,
  validateValue,
} from './toolkit.js';

describe('letter spacing (§5)', () => {
  it('keeps inherit', () => {
    expect(normaliseLetterSpacing('inherit')).toBe('inherit');
    expect(normaliseLetterSpacing(' Inherit ')).toBe('inherit');
  });
  it('turns empty, auto, normal and null into normal', () => {
    for (const value of ['', '  ', 'auto', 'AUTO', 'normal', null, undefined, 'null']) {
      expect(normaliseLetterSpacing(value)).toBe('normal');
    }
  });
  it('gives a bare number px', () => {
    expect(normaliseLetterSpacing('2')).toBe('2px');
    expect(normaliseLetterSpacing('-0.5')).toBe('-0.5px');
    expect(normaliseLetterSpacing('.5')).toBe('0.5px');
    expect(normaliseLetterSpacing(3)).toBe('3px');
  });
  it('keeps every allowed unit', () => {
    for (const unit of ['px', 'em', 'rem', '%', 'vw', 'vh', 'vmax', 'vmin']) {
      expect(normaliseLetterSpacing(`1.5${unit}`)).toBe(`1.5${unit}`);
    }
    expect(normaliseLetterSpacing('2 EM')).toBe('2em');
  });
  it('turns an unknown unit into px', () => {
    expect(normaliseLetterSpacing('2pt')).toBe('2px');
    expect(normaliseLetterSpacing('3ch')).toBe('3px');
  });
  it('turns anything unparseable into 0px', () => {
    expect(normaliseLetterSpacing('wide')).toBe('0px');
    expect(normaliseLetterSpacing('px')).toBe('0px');
    expect(normaliseLetterSpacing(Number.NaN)).toBe('0px');
  });
});

describe('link url normalisation (§5)', () => {
  it('keeps paths, the host and address forms, mailto:, tel: and empty', () => {
    for (const url of [
      '/document/1#/page',
      'http://example.com',
      'https://example.com/x',
      'HTTPS://Example.com',
      'ftp://files.example.com',
      'ftps://files.example.com',
      'sftp://files.example.com',
      'file:///tmp/x',
      'mailto:ada@example.com',
      'tel:+41441234567',
      '',
    ]) {
      expect(normaliseLinkUrl(url)).toBe(url);
    }
  });
  it('prepends https:// to everything else', () => {
    expect(normaliseLinkUrl('example.com')).toBe('https://example.com');
    expect(normaliseLinkUrl('www.example.com/a?b=1')).toBe('https://www.example.com/a?b=1');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(normaliseLinkUrl('  example.com ')).toBe('https://example.com');
    expect(normaliseLinkUrl(null)).toBe('');
  });
  it('encodes a url once before it is applied', () => {
    expect(encodeLinkUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(encodeLinkUrl('https://example.com/a%20b')).toBe('https://example.com/a%20b');
    expect(encodeLinkUrl('https://example.com/100%')).toBe('https://example.com/100%25');
  });
  it('tells valid links from invalid ones', () => {
    expect(isValidLink('example.com')).toBe(true);
    expect(isValidLink('/hub/1')).toBe(true);
    expect(isValidLink('mailto:a@b.co')).toBe(true);
    expect(isValidLink('not a link')).toBe(false);
    expect(isValidLink('')).toBe(false);
  });
});

describe('time (§5, §9)', () => {
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

describe('colour (§5, §9)', () => {
  it('parses rgb(), rgba() and hex', () => {
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, alpha: 100 });
    expect(parseColor('rgba(10,20,30,0.5)')).toEqual({ r: 10, g: 20, b: 30, alpha: 50 });
    expect(parseColor('#0a141e')).toEqual({ r: 10, g: 20, b: 30, alpha: 100 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, alpha: 100 });
    expect(parseColor('#00000080').alpha).toBe(50);
  });
  it('reads the stored value with alpha 0–100', () => {
    expect(parseColor({ rgb: 'rgb(1, 2, 3)', alpha: 40 })).toEqual({ r: 1, g: 2, b: 3, alpha: 40 });
    expect(parseColor({ hex: '#010203', opacity: 120 })).toEqual({ r: 1, g: 2, b: 3, alpha: 100 });
  });
  it('turns an unparsable colour into transparent white', () => {
    for (const value of ['blue-ish', 'rgb(300, 0, 0)', '#12', 42, null, { rgb: 'nope', alpha: 80 }]) {
      expect(parseColor(value)).toEqual(TRANSPARENT_WHITE);
    }
    expect(tryParseColor('nope')).toBeNull();
  });
  it('serialises rgb string, hex and alpha 0–100', () => {
    expect(serialiseColor({ r: 10, g: 20, b: 30, alpha: 100 })).toEqual({ rgb: 'rgb(10, 20, 30)', hex: '#0A141E', alpha: 100 });
    expect(serialiseColor({ r: 10, g: 20, b: 30, alpha: 25 })).toEqual({ rgb: 'rgba(10, 20, 30, 0.25)', hex: '#0A141E', alpha: 25 });
    expect(colorToCss(parseColor('transparent'))).toBe('rgba(0, 0, 0, 0)');
    expect(colorToHex(TRANSPARENT_WHITE)).toBe('#FFFFFF');
  });
  it('ignores duplicates in a colour list', () => {
    const red = parseColor('#ff0000');
    const list = addColorToList([red], parseColor('rgb(255, 0, 0)'));
    expect(list).toHaveLength(1);
    expect(addColorToList(list, parseColor('rgba(255, 0, 0, 0.5)'))).toHaveLength(2);
  });
  it('applies a highlight only when alpha is above 0', () => {
    expect(highlightColor({ r: 255, g: 255, b: 0, alpha: 0 })).toBeNull();
    expect(highlightColor({ r: 255, g: 255, b: 0, alpha: 1 })).toBe('rgba(255, 255, 0, 0.01)');
  });
});

describe('numbers and geometry (§5)', () => {
  it('clamps multivalue numbers into min and max', () => {
    expect(clampNumber(5, 0, 3)).toBe(3);
    expect(clampNumber(-2, 0, 3)).toBe(0);
    expect(clampNumber('2', 0, 3)).toBe(2);
    expect(clampNumber('x', 1, 3)).toBe(1);
    expect(clampNumber('', null, null)).toBe(0);
    expect(clampNumber(100)).toBe(100);
  });
  it('counts empty hotspot and frame values as 0', () => {
    expect(emptyAsZero('')).toBe(0);
    expect(emptyAsZero(' ')).toBe(0);
    expect(frameValue({ top: '', right: '4', left: null })).toEqual({ top: 0, right: 4, bottom: 0, left: 0 });
    expect(hotspotValue({ x: '1.6', y: '', width: 10.2 })).toEqual({ x: 2, y: 0, width: 10, height: 0 });
  });
  it('recomputes the other dimension with a locked aspect ratio', () => {
    expect(lockAspect('width', 200, 2)).toEqual({ width: 200, height: 100 });
    expect(lockAspect('height', 30, 4 / 3)).toEqual({ width: 40, height: 30 });
  });
  it('lets a logo keep auto width or height', () => {
    expect(logoValue({ x: 1, y: 2, width: 'auto', height: '40' })).toEqual({ x: 1, y: 2, width: 'auto', height: 40 });
    const value = logoValue({ x: 0, y: 0, width: 100, height: 50 });
    expect(lockLogoAspect({ ...value, width: 300 }, 'width', 2)).toEqual({ x: 0, y: 0, width: 300, height: 150 });
    expect(lockLogoAspect({ ...value, width: 300, height: 'auto' }, 'width', 2).height).toBe('auto');
  });
  it('stacks modals at 2000 plus 2 per open modal', () => {
    expect(modalZIndex(0)).toBe(2000);
    expect(modalZIndex(3)).toBe(2006);
  });
});

describe('checkbox group (§5)', () => {
  const all = ['a', 'b', 'c', 'd'];
  it('disables the checked boxes at or below min', () => {
    expect(checkboxGroupDisabled(all, ['a'], { min: 1 })).toEqual(['a']);
    expect(checkboxGroupDisabled(all, ['a', 'b'], { min: 2 })).toEqual(['a', 'b']);
    expect(checkboxGroupDisabled(all, ['a', 'b', 'c'], { min: 2 })).toEqual([]);
  });
  it('disables the unchecked boxes at max', () => {
    expect(checkboxGroupDisabled(all, ['a', 'b'], { max: 2 })).toEqual(['c', 'd']);
    expect(checkboxGroupDisabled(all, ['a'], { max: 2 })).toEqual([]);
  });
  it('turns the radio text null into null', () => {
    expect(radioValue('null')).toBeNull();
    expect(radioValue('left')).toBe('left');
  });
});

describe('crop (§5, §9)', () => {
  const natural = { width: 1600, height: 900 };
  it('clamps to the natural size and floors at 0', () => {
    expect(clampCrop({ x: -10, y: -5, width: 2000, height: 1000 }, natural)).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    expect(clampCrop({ x: 1500, y: 800, width: 300, height: 300 }, natural)).toEqual({ x: 1500, y: 800, width: 100, height: 100 });
    expect(clampCrop({ x: 2000, y: 10, width: -5, height: 10 }, natural)).toEqual({ x: 1600, y: 10, width: 0, height: 10 });
  });
  it('knows the ratios original, 16:9, 4:3, square and free', () => {
    expect(cropAspect('original', { width: 300, height: 100 })).toBe(3);
    expect(cropAspect('16:9', natural)).toBeCloseTo(16 / 9);
    expect(cropAspect('4:3', natural)).toBeCloseTo(4 / 3);
    expect(cropAspect('square', natural)).toBe(1);
    expect(cropAspect('free', natural)).toBeNull();
  });
  it('starts with the largest centred box of the ratio', () => {
    expect(initialCrop('square', natural)).toEqual({ x: 350, y: 0, width: 900, height: 900 });
    expect(initialCrop('free', natural)).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    expect(initialCrop('4:3', natural)).toEqual({ x: 200, y: 0, width: 1200, height: 900 });
  });
  it('keeps an edited box in its ratio and inside the image', () => {
    expect(constrainCrop({ x: 0, y: 0, width: 400, height: 10 }, 'square', natural)).toEqual({ x: 0, y: 0, width: 400, height: 400 });
    expect(constrainCrop({ x: 0, y: 600, width: 800, height: 10 }, 'square', natural)).toEqual({ x: 0, y: 600, width: 300, height: 300 });
    expect(constrainCrop({ x: 0, y: 0, width: 400, height: 10 }, 'free', natural).height).toBe(10);
  });
  it('saves against the reference width 800, null for the whole image', () => {
    expect(cropToSave({ x: 0, y: 0, width: 1600, height: 900 }, natural)).toBeNull();
    expect(cropToSave({ x: 400, y: 100, width: 800, height: 400 }, natural)).toEqual({
      x: 200,
      y: 50,
      width: 400,
      height: 200,
      reference_width: 800,
    });
    expect(cropFromSave({ x: 200, y: 50, width: 400, height: 200, reference_width: 800 }, natural)).toEqual({
      x: 400,
      y: 100,
      width: 800,
      height: 400,
    });
    expect(cropFromSave(null, natural)).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
  });
});

describe('lists and tags (§5, §9)', () => {
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

describe('dates (§5, §9)', () => {
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

describe('validation (§5)', () => {
  const key = (value: unknown, rules: Parameters<typeof validateValue>[1], values?: Record<string, unknown>) =>
    validateValue(value, rules, values)?.key ?? null;
  it('answers each standard key', () => {
    expect(key('', { required: true })).toBe('required');
    expect(key('abcdef', { maxlength: 5 })).toBe('maxlength');
    expect(key('ab', { minlength: 3 })).toBe('minlength');
    expect(key('ab', { rangelength: [3, 5] })).toBe('rangelength');
    expect(key('ada@', { email: true })).toBe('email');
    expect(key('example.com', { url: true })).toBe('url');
    expect(key('32/01/2026', { date: true })).toBe('date');
    expect(key('1x', { number: true })).toBe('number');
    expect(key('1.5', { digits: true })).toBe('digits');
    expect(key('a', { equalTo: 'other' }, { other: 'b' })).toBe('equalTo');
    expect(key('11', { range: [1, 10] })).toBe('range');
    expect(key('11', { max: 10 })).toBe('max');
    expect(key('0', { min: 1 })).toBe('min');
    expect(key({ users: [], groups: [] }, { users: true })).toBe('users');
    expect(key('not a link', { link: true })).toBe('link');
    expect(key('http://example.com', { https: true })).toBe('https');
  });
  it('passes valid values and leaves empty optional values alone', () => {
    expect(key('ada@example.com', { email: true, required: true })).toBeNull();
    expect(key('https://example.com', { url: true, https: true })).toBeNull();
    expect(key('', { email: true, min: 3 })).toBeNull();
    expect(key('a', { equalTo: 'other' }, { other: 'a' })).toBeNull();
    expect(key({ users: [1], groups: [] }, { users: true })).toBeNull();
    expect(validateValue('abcdef', { maxlength: 5 })?.params).toEqual({ max: 5 });
  });
  it('ignores hidden fields unless the form validates them', () => {
    const fields = [
      { name: 'title', value: '', rules: { required: true } },
      { name: 'subtitle', value: '', rules: { required: true }, hidden: true },
    ];
    expect(Object.keys(validateFields(fields))).toEqual(['title']);
    expect(Object.keys(validateFields(fields, { validateHidden: true }))).toEqual(['title', 'subtitle']);
  });
});

describe('users, groups and avatars (§4, §5, §6)', () => {
  it('shows the avatar popup only for other users with a numeric id ≥ 1', () => {
    expect(avatarPopupAllowed(5, 1)).toBe(true);
    expect(avatarPopupAllowed('5', 1)).toBe(true);
    expect(avatarPopupAllowed(1, 1)).toBe(false);
    expect(avatarPopupAllowed(0, 1)).toBe(false);
    expect(avatarPopupAllowed('abc', 1)).toBe(false);
    expect(avatarPopupAllowed(undefined, 1)).toBe(false);
  });
  it('does not let pending invitations or unsubscribed users be ticked', () => {
    expect(userTickable({ id: 1, name: 'Ada' })).toBe(true);
    expect(userTickable({ id: 2, name: null })).toBe(false);
    expect(userTickable({ id: 3, name: 'Bob', subscribed: false })).toBe(false);
  });
  it('counts ticked users plus members of ticked groups once each', () => {
    expect(addDialogCount([1, 2], [{ user_ids: [2, 3] }, { user_ids: [4] }])).toBe(4);
    expect(addDialogCount([], [])).toBe(0);
  });
  it('computes the selection delta', () => {
    expect(selectionDelta({ users: [1, 2], groups: [5] }, { users: [2, 3], groups: [] })).toEqual({
      add: { users: [3], groups: [] },
      remove: { users: [1], groups: [5] },
    });
  });
  it('offers weights 100–900 for Google fonts only', () => {
    expect(fontWeightsFor('Google')).toHaveLength(9);
    expect(fontWeightsFor('custom')).toEqual([400, 700]);
  });
});
