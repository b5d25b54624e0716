import { describe, expect, it } from 'vitest';

import { errorPageSettingsSchema } from './errorPage.js';
import { defaultErrorPageSettings } from './errorPageDefaults.js';

describe('error-page defaults', () => {
  it('follow the spec theme and validate against the schema', () => {
    const d = defaultErrorPageSettings('404');
    expect(errorPageSettingsSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      buttonLabel: 'Home',
      buttonRadius: '5px',
      buttonDefaultBackgroundColor: '#424747',
      buttonHoverBackgroundColor: '#2D3232',
      buttonFontColor: '#FFFFFF',
      pageBackgroundColor: '#FFFFFF',
      pageBackgroundPosition: 'Centering',
      keyVisualMaxHeight: '100px',
      keyVisualOn: false,
      pageBackgroundEnabled: false,
      titleMetaConfigOn: true,
      sublineEnabled: true,
      last4LinksEnabled: true,
      last4LinksDefaultColor: 'blue',
    });
    expect(defaultErrorPageSettings('403').title).not.toBe(d.title);
  });
});
