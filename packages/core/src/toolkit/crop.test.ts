import { describe, expect, it } from 'vitest';
import { clampCrop, constrainCrop, cropAspect, cropFromSave, cropToSave, initialCrop } from './index.js';

describe('crop', () => {
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
