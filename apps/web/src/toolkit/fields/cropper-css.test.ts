import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Through a function: Vite rewrites `new URL('<literal>', import.meta.url)` into an asset address.
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const css = read('./ImageSetting.css');

/** The declarations of one rule of the cropper's stylesheet. */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf('}', at));
}

describe("the crop dialog's shade", () => {
  it('is cast by a shade clipped to the image, never by the box (whose shadow covered the whole dialog)', () => {
    expect(rule('.cropper__clip')).toMatch(/overflow: hidden/);
    expect(rule('.cropper__clip')).toMatch(/inset: 0/);
    expect(rule('.cropper__clip')).toMatch(/pointer-events: none/);
    expect(rule('.cropper__shade')).toMatch(/box-shadow: 0 0 0 9999px/);
    expect(rule('.cropper__box')).not.toMatch(/box-shadow/);
    expect(rule('.cropper__stage')).toMatch(/position: relative/);
  });
});
