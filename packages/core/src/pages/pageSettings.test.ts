import { describe, expect, it } from 'vitest';
import { errorPageSaveBodySchema, errorPageSettingsSchema, validErrorPageSettings } from './errorPage.js';
import { defaultErrorPageSettings } from './errorPageDefaults.js';
import { defaultLoginPageSettings, loginPageSaveBodySchema, loginPageSettingsSchema } from './loginPage.js';
import { BUTTON_RADIUS_RANGES, cssColorOf, cssLengthProblem, fontFamilySchema, parseCssColor } from './pageSettings.js';

describe('page-setting colours', () => {
  it('reads hex, rgb(), rgba(), transparent and basic keywords', () => {
    expect(parseCssColor('#2D3232')).toEqual({ r: 45, g: 50, b: 50, alpha: 100 });
    expect(parseCssColor('#fff')).toEqual({ r: 255, g: 255, b: 255, alpha: 100 });
    expect(parseCssColor('rgba(45, 50, 50, 0.5)')).toEqual({ r: 45, g: 50, b: 50, alpha: 50 });
    expect(parseCssColor('Blue')).toEqual({ r: 0, g: 0, b: 255, alpha: 100 });
    expect(parseCssColor('transparent')?.alpha).toBe(0);
  });

  it('refuses anything else, including hex without # and CSS that is not a colour', () => {
    for (const bad of ['2D3232', '#12', 'rgb(300, 0, 0)', 'url(x)', 'var(--x)', 'red; background: url(x)', 'rebeccapurple', ''])
      expect(parseCssColor(bad), bad).toBeNull();
  });

  it('stores an opaque colour as hex and a translucent one as rgba()', () => {
    expect(cssColorOf({ r: 45, g: 50, b: 50, alpha: 100 })).toBe('#2D3232');
    expect(cssColorOf({ r: 45, g: 50, b: 50, alpha: 40 })).toBe('rgba(45, 50, 50, 0.4)');
  });
});

describe('page-setting lengths and fonts', () => {
  it('allows the units of a setting within their ranges', () => {
    expect(cssLengthProblem('5px', BUTTON_RADIUS_RANGES)).toBeNull();
    expect(cssLengthProblem('50%', BUTTON_RADIUS_RANGES)).toBeNull();
    expect(cssLengthProblem('101px', BUTTON_RADIUS_RANGES)).toBe('Must be between 0px and 100px');
    expect(cssLengthProblem('5vh', BUTTON_RADIUS_RANGES)).toContain('units px, rem, %');
    expect(cssLengthProblem('-1px', BUTTON_RADIUS_RANGES)).not.toBeNull();
    expect(cssLengthProblem('5', BUTTON_RADIUS_RANGES)).not.toBeNull();
  });

  it('accepts font-family lists and refuses what could break out of the declaration', () => {
    expect(fontFamilySchema.safeParse("Georgia, 'Times New Roman', serif").success).toBe(true);
    expect(fontFamilySchema.safeParse('Arial; color: red').success).toBe(false);
    expect(fontFamilySchema.safeParse('Arial}').success).toBe(false);
    expect(fontFamilySchema.safeParse('  ').success).toBe(false);
  });
});

describe('error-page save body', () => {
  it('takes partial settings with the setting-image fields and i18n', () => {
    const body = errorPageSaveBodySchema.parse({
      title: '  Lost?  ',
      keyVisualArtUrl: 'blob:x',
      keyVisualArtUrl_crop: null,
      keyVisualArtUrl_ratio: 'square',
      file_id: 'AAAAAAAAAAAAAAAAAAAAAA',
      i18n: 'en',
    });
    expect(body).toMatchObject({ title: 'Lost?', keyVisualArtUrl: 'blob:x', file_id: 'AAAAAAAAAAAAAAAAAAAAAA' });
  });

  it('refuses unknown fields, nothing to update, two uploads at once and invalid values', () => {
    expect(errorPageSaveBodySchema.safeParse({ title: 'x', colour: 'red' }).success).toBe(false);
    expect(errorPageSaveBodySchema.safeParse({ i18n: 'en' }).success).toBe(false);
    expect(
      errorPageSaveBodySchema.safeParse({ keyVisualArtUrl: 'blob:a', pageBackgroundUrl: 'blob:b', file_id: 'AAAAAAAAAAAAAAAAAAAAAA' })
        .success,
    ).toBe(false);
    for (const bad of [
      { title: '' },
      { title: 'x'.repeat(121) },
      { buttonLabel: ' ' },
      { sublineColor: 'nope' },
      { buttonRadius: '200px' },
      { keyVisualMaxHeight: '0px' },
      { pageBackgroundPosition: 'Stretching' },
      { fontProvider: 'ADOBE' },
      { keyVisualOn: 'yes' },
    ])
      expect(errorPageSaveBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('keeps the stored settings that still validate, one by one', () => {
    expect(validErrorPageSettings({ title: 'Gone', buttonLabel: 42, sublineColor: 'url(x)', extra: 1 })).toEqual({ title: 'Gone' });
    expect(validErrorPageSettings(null)).toEqual({});
    expect(validErrorPageSettings(['title'])).toEqual({});
    expect(errorPageSettingsSchema.parse(defaultErrorPageSettings('403'))).toEqual(defaultErrorPageSettings('403'));
  });
});

describe('login-page settings', () => {
  it('has defaults that validate and leave the texts to the translations', () => {
    const d = defaultLoginPageSettings();
    expect(loginPageSettingsSchema.parse(d)).toEqual(d);
    expect([d.title, d.description, d.buttonLabel, d.helpText, d.buttonStyle]).toEqual([null, null, null, null, null]);
  });

  it('validates the button style field by field', () => {
    const style = {
      family: 'system-ui',
      family_css: 'system-ui, sans-serif',
      provider: 'system',
      color: { rgb: 'rgb(255, 255, 255)', alpha: 100 },
      color_hover: null,
      weight: 700,
      size: '16px',
      line_height: '1.2',
      uppercase: false,
      italic: false,
      border_width: 0,
      border_radius: 6,
      border_color: null,
      border_color_hover: null,
      frame: { top: 10, right: 20, bottom: 10, left: 20 },
      background_color: { rgb: 'rgb(45, 50, 50)', hex: '#2D3232', alpha: 100 },
      background_color_hover: null,
    };
    expect(loginPageSaveBodySchema.safeParse({ buttonStyle: style }).success).toBe(true);
    expect(loginPageSaveBodySchema.safeParse({ buttonStyle: { ...style, weight: 650 } }).success).toBe(false);
    expect(loginPageSaveBodySchema.safeParse({ buttonStyle: { ...style, color: { rgb: 'expression(x)' } } }).success).toBe(false);
    expect(loginPageSaveBodySchema.safeParse({ buttonStyle: { ...style, family_css: 'x; }' } }).success).toBe(false);
    expect(loginPageSaveBodySchema.safeParse({ buttonStyle: { ...style, frame: { top: 1 } } }).success).toBe(false);
    expect(loginPageSaveBodySchema.safeParse({ buttonLabel: null, title: null }).success).toBe(true);
    expect(loginPageSaveBodySchema.safeParse({ buttonLabel: '' }).success).toBe(false);
  });
});
