import { describe, expect, it } from 'vitest';
import { chooseLevel, clampZoom, fitScale, hasPyramid, levelPieces, zoomUrl } from './zoom';

const photo = { width: 3000, height: 2000 };
const source = { assetId: 7, revisionId: 70, vector: false };

describe('viewer zoom maths', () => {
  it('fits relative to the original, never enlarging a raster image', () => {
    // The stage of a 1280 px window: 32 px margin, so 968 × 668 for the image.
    expect(fitScale(photo, { width: 1000, height: 700 }, false)).toBeCloseTo(968 / 3000, 6);
    expect(Math.round(fitScale(photo, { width: 1000, height: 700 }, false) * 100)).toBe(32);
    expect(fitScale({ width: 200, height: 100 }, { width: 1000, height: 700 }, false)).toBe(1);
    // Vectors and documents fill the stage.
    expect(fitScale({ width: 200, height: 100 }, { width: 1000, height: 700 }, true)).toBeCloseTo(968 / 200, 6);
    expect(fitScale(photo, { width: 0, height: 0 }, false)).toBe(1);
    expect(clampZoom(20, 0.3)).toBe(8);
    expect(clampZoom(0.01, 0.3)).toBe(0.1);
    expect(clampZoom(0.01, 0.04)).toBe(0.04);
  });

  it('keeps the 1600 px preview while it is sharp enough, and asks for the original at 100 %', () => {
    const at = (scale: number, dpr = 1) => chooseLevel({ size: photo, scale, dpr, previewWidth: 1600, vector: false });
    expect(at(0.29)).toBeNull();
    expect(at(0.5)).toBeNull();
    expect(at(0.54)).toBeNull();
    expect(at(0.6)).toBe(0);
    expect(at(1)).toBe(0);
    // Never past the original's pixels.
    expect(at(8)).toBe(0);
    // A screen with two device pixels per CSS pixel needs the original sooner.
    expect(at(0.3, 2)).toBe(0);
    // Levels are powers of two, so zooming through 125 %, 156 %… asks again for the same few.
    const huge = { width: 40_000, height: 20_000 };
    const levels = [0.03, 0.0625, 0.08, 0.1, 0.125, 0.2, 0.25, 0.4, 0.5, 1].map((scale) =>
      chooseLevel({ size: huge, scale, dpr: 1, previewWidth: 1600, vector: false }),
    );
    expect(levels).toEqual([null, -4, -3, -3, -3, -2, -2, -1, -1, 0]);
  });

  it('rasterises vectors past their intrinsic size, up to the level limit', () => {
    const logo = { width: 400, height: 300 };
    const at = (scale: number) => chooseLevel({ size: logo, scale, dpr: 1, previewWidth: 1600, vector: true });
    expect(at(1)).toBeNull();
    expect(at(4)).toBeNull();
    expect(at(6)).toBe(3);
    expect(at(8)).toBe(3);
    expect(chooseLevel({ size: logo, scale: 8, dpr: 2, previewWidth: 1600, vector: true })).toBe(4);
    // The same picture as a raster image: its 1600 px preview already has more than its own 400 px.
    expect(chooseLevel({ size: logo, scale: 8, dpr: 1, previewWidth: 1600, vector: false })).toBeNull();
  });

  it('asks for a whole level when it is small enough, else the tiles around what is visible', () => {
    expect(levelPieces(source, photo, 0, { left: 0, top: 0, width: 1000, height: 600 })).toEqual([
      { key: '0', url: '/api/asset/7/zoom?revision=70&level=0', style: { left: '0%', top: '0%', width: '100%', height: '100%' } },
    ]);
    const huge = { width: 12_000, height: 8_000 };
    // At 100 % in a 1000 × 600 area scrolled to (5000, 3000): tiles 9–11 × 5–7 are visible, one more around.
    const pieces = levelPieces(source, huge, 0, { left: 5000, top: 3000, width: 1000, height: 600 });
    expect(pieces.map((p) => p.key)).toEqual([4, 5, 6, 7, 8].flatMap((y) => [8, 9, 10, 11, 12].map((x) => `0/${x}/${y}`)));
    expect(pieces[0]?.url).toBe('/api/asset/7/zoom?revision=70&level=0&x=8&y=4');
    expect(pieces[0]?.style).toEqual({ left: '34.1333%', top: '25.6000%', width: '4.2667%', height: '6.4000%' });
    // The last column and row are narrower: 12 000 = 23 × 512 + 224.
    const corner = levelPieces(source, huge, 0, { left: 11_900, top: 7_900, width: 100, height: 100 }).at(-1);
    expect(corner?.key).toBe('0/23/15');
    expect(corner?.style.width).toBe(`${((224 / 12_000) * 100).toFixed(4)}%`);
    // At level −1 (6000 px, still tiles) the same area needs half as many tiles per side.
    expect(levelPieces(source, huge, -1, { left: 5000, top: 3000, width: 1000, height: 600 }).map((p) => p.key)).toEqual(
      [1, 2, 3, 4].flatMap((y) => [3, 4, 5, 6].map((x) => `-1/${x}/${y}`)),
    );
  });

  it('names the revision in every URL, and knows which files have a pyramid', () => {
    expect(zoomUrl({ assetId: 1, revisionId: 9, vector: true }, 3)).toBe('/api/asset/1/zoom?revision=9&level=3');
    expect(hasPyramid('JPG')).toBe(true);
    expect(hasPyramid('svg')).toBe(true);
    expect(hasPyramid('psd')).toBe(false);
    expect(hasPyramid(null)).toBe(false);
  });
});
