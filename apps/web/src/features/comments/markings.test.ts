import { describe, expect, it } from 'vitest';
import { formatMs, fractionOf, frameAt, initialsOf, markerStyle, markingFromDrag, timeframeMarking } from './markings';

describe('comment markings', () => {
  it('turns a pointer into fractions of the image box, the same spot at any zoom', () => {
    // The same spot of an image 400×200 shown at 100 % and at 250 % (scrolled): a quarter across, half down.
    expect(fractionOf(110, 120, { left: 10, top: 20, width: 400, height: 200 })).toEqual({ x: 0.25, y: 0.5 });
    expect(fractionOf(-500 + 250, -100 + 250, { left: -500, top: -100, width: 1000, height: 500 })).toEqual({ x: 0.25, y: 0.5 });
    expect(markerStyle({ kind: 'PIN', x: 0.25, y: 0.5 })).toEqual({ left: '25.000%', top: '50.000%' });
  });

  it('clamps pointers outside the image to its edges', () => {
    expect(fractionOf(-5, 500, { left: 0, top: 0, width: 100, height: 100 })).toEqual({ x: 0, y: 1 });
    expect(fractionOf(5, 5, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('a click is a pin, a drag in any direction is a rectangle inside the image', () => {
    expect(markingFromDrag({ x: 0.5, y: 0.5 }, { x: 0.505, y: 0.502 })).toEqual({ kind: 'PIN', x: 0.5, y: 0.5 });
    expect(markingFromDrag({ x: 0.6, y: 0.7 }, { x: 0.2, y: 0.1 })).toEqual({ kind: 'RECTANGLE', x: 0.2, y: 0.1, width: 0.4, height: 0.6 });
    expect(markerStyle({ kind: 'RECTANGLE', x: 0.2, y: 0.1, width: 0.4, height: 0.6 })).toEqual({
      left: '20.000%',
      top: '10.000%',
      width: '40.000%',
      height: '60.000%',
    });
    expect(markerStyle({ kind: 'PAGE', page: 2 })).toBeNull();
  });

  it('counts frames at 25 per second and makes a moment last one frame', () => {
    expect(frameAt(0)).toBe(0);
    expect(frameAt(1000)).toBe(25);
    expect(frameAt(1039)).toBe(25);
    expect(frameAt(1040)).toBe(26);
    expect(frameAt(1000, 30)).toBe(30);
    expect(timeframeMarking(2, null)).toEqual({ kind: 'TIMEFRAME', start_ms: 2000, end_ms: 2040, start_frame: 50, end_frame: 51 });
    expect(timeframeMarking(1.5, 3)).toEqual({ kind: 'TIMEFRAME', start_ms: 1500, end_ms: 3000, start_frame: 37, end_frame: 75 });
    expect(timeframeMarking(3, 1).end_ms).toBe(3040);
  });

  it('formats milliseconds and initials', () => {
    expect(formatMs(0)).toBe('0:00.000');
    expect(formatMs(61_005)).toBe('1:01.005');
    expect(formatMs(3_723_400)).toBe('1:02:03.400');
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  ')).toBe('G');
    expect(initialsOf(null)).toBe('?');
  });
});
