import { expect, it } from 'vitest';
import { errorPageSettings } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';

/** The spec's defaults (routes-access-shell.md §3), written out so a changed default fails here. */
const SPEC_DEFAULTS = {
  fontProvider: 'SYSTEM',
  pageBackgroundEnabled: false,
  pageBackgroundUrl: null,
  pageBackgroundColor: '#FFFFFF',
  pageBackgroundPosition: 'Centering',
  keyVisualOn: false,
  keyVisualArtUrl: null,
  keyVisualMaxHeight: '100px',
  titleMetaConfigOn: true,
  titleMetaConfigColor: '#2D3232',
  sublineEnabled: true,
  sublineColor: '#6C7070',
  last4LinksEnabled: true,
  last4LinksHoverColor: '#2D3232',
  buttonLabel: 'Home',
  buttonDefaultBackgroundColor: '#424747',
  buttonFontColor: '#FFFFFF',
  buttonHoverBackgroundColor: '#2D3232',
  buttonRadius: '5px',
};

forEachBackend('error pages', (env) => {
  const store = (accountId: number, code: string, settings: Record<string, unknown>) =>
    env().started.database.db.insert(errorPageSettings).values({ accountId, code, settings });

  it('answers the spec defaults for 403 and 404 to anonymous visitors', async () => {
    for (const [code, title] of [
      ['403', 'Access denied'],
      ['404', 'Page not found'],
    ]) {
      const res = await env().anon().get(`/error-page/${code}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ ...SPEC_DEFAULTS, title });
      expect(res.body.data.description).toEqual(expect.any(String));
      expect(res.body.data.fontFamilyName).toEqual(expect.any(String));
    }
  });

  it("gives a signed-in user their account's stored settings over the defaults; others keep the defaults", async () => {
    const { owner, accountId } = await env().factories.account();
    const { owner: outsider } = await env().factories.account();
    await store(accountId, '404', { buttonLabel: 'Back to the hub', keyVisualOn: true });

    const mine = (await (await env().signIn(owner)).get('/error-page/404')).body.data;
    expect(mine).toMatchObject({ ...SPEC_DEFAULTS, buttonLabel: 'Back to the hub', keyVisualOn: true, title: 'Page not found' });
    expect((await (await env().signIn(owner)).get('/error-page/403')).body.data.buttonLabel).toBe('Home');
    expect((await (await env().signIn(outsider)).get('/error-page/404')).body.data.buttonLabel).toBe('Home');
    expect((await env().anon().get('/error-page/404')).body.data.buttonLabel).toBe('Home');
  });

  it('falls back to the defaults when the stored settings no longer validate', async () => {
    const { owner, accountId } = await env().factories.account();
    await store(accountId, '403', { buttonLabel: 42, unknownSetting: true });
    expect((await (await env().signIn(owner)).get('/error-page/403')).body.data).toMatchObject(SPEC_DEFAULTS);
  });

  it('refuses codes other than 403 and 404 with 400', async () => {
    for (const code of ['500', '401', 'abc']) {
      const res = await env().anon().get(`/error-page/${code}`);
      expect(res.status, code).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Validation failed', errors: { code: ['Must be 403 or 404'] } });
    }
  });
});
