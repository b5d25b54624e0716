import { describe, expect, it } from 'vitest';
import {
  addColorToList,
  colorToCss,
  colorToHex,
  highlightColor,
  parseColor,
  serialiseColor,
  TRANSPARENT_WHITE,
  tryParseColor,
} from './index.js';

describe('colour', () => {
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
