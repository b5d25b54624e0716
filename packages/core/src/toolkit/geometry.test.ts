import { describe, expect, it } from 'vitest';
import {
  checkboxGroupDisabled,
  clampNumber,
  emptyAsZero,
  frameValue,
  hotspotValue,
  lockAspect,
  lockLogoAspect,
  logoValue,
  modalZIndex,
  radioValue,
} from './index.js';

describe('numbers and geometry', () => {
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

describe('checkbox group', () => {
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
