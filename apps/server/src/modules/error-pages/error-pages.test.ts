import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { errorPageSettings, events, settingImages } from '../../db/schema.js';
import { Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, halves, upload } from '../../test/media.js';

/** The default error-page settings, written out so a changed default fails here. */
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

  // PUT /api/error-page/{code}: the error-page builder's saves.
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    return { accountId, admin: await env().signIn(owner), member: await env().signIn(member) };
  };
  const save = (c: Client, code: string, body: Record<string, unknown>) => c.put(`/error-page/${code}`, { i18n: 'en', ...body });
  const imageUpload = async (c: Client, bytes: Buffer) => {
    const res = await upload(c, { name: 'visual.png', bytes, extraFields: { purpose: 'image' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.file_id as number;
  };

  it('merges partial saves into the stored settings of that code and shows them on GET', async () => {
    const { admin, accountId } = await team();
    const first = await save(admin, '404', { title: '  Nothing here  ', buttonLabel: 'Back to safety' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ ...SPEC_DEFAULTS, title: 'Nothing here', buttonLabel: 'Back to safety' });

    const second = await save(admin, '404', { sublineColor: 'rgba(10, 20, 30, 0.5)', buttonRadius: '12px', keyVisualOn: true });
    expect(second.body.data).toMatchObject({
      title: 'Nothing here',
      buttonLabel: 'Back to safety',
      sublineColor: 'rgba(10, 20, 30, 0.5)',
      buttonRadius: '12px',
      keyVisualOn: true,
    });
    expect((await admin.get('/error-page/404')).body.data).toEqual(second.body.data);
    // The other code keeps its own settings.
    expect((await admin.get('/error-page/403')).body.data).toMatchObject({ ...SPEC_DEFAULTS, title: 'Access denied' });

    const [row] = await env()
      .started.database.db.select({ settings: errorPageSettings.settings })
      .from(errorPageSettings)
      .where(and(eq(errorPageSettings.accountId, accountId), eq(errorPageSettings.code, '404')));
    expect(row?.settings).toEqual({
      title: 'Nothing here',
      buttonLabel: 'Back to safety',
      sublineColor: 'rgba(10, 20, 30, 0.5)',
      buttonRadius: '12px',
      keyVisualOn: true,
    });
    const [recorded] = await env()
      .started.database.db.select({ n: count() })
      .from(events)
      .where(and(eq(events.accountId, accountId), eq(events.type, 'error-page:update')));
    expect(recorded?.n).toBe(2);
  });

  it('saves every setting of the spec in one body, and over a stored value that no longer validates', async () => {
    const { admin, accountId } = await team();
    await store(accountId, '403', { buttonLabel: 42, title: 'Kept' });
    const all = {
      fontFamilyName: "Georgia, 'Times New Roman', serif",
      fontProvider: 'CUSTOM',
      pageBackgroundEnabled: true,
      pageBackgroundColor: '#f0f0f0',
      pageBackgroundPosition: 'Tiling',
      keyVisualOn: true,
      keyVisualMaxHeight: '20vh',
      title: 'Stop',
      titleMetaConfigOn: false,
      titleMetaConfigColor: '#123456',
      description: '',
      sublineEnabled: false,
      sublineColor: 'teal',
      last4LinksEnabled: false,
      last4LinksDefaultColor: '#00f',
      last4LinksHoverColor: 'rgb(0, 0, 128)',
      buttonLabel: 'Start over',
      buttonDefaultBackgroundColor: '#000000',
      buttonFontColor: '#FFFFFFCC',
      buttonHoverBackgroundColor: 'transparent',
      buttonRadius: '50%',
      keyVisualArtUrl: null,
      pageBackgroundUrl: null,
    };
    const res = await save(admin, '403', all);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(all);
  });

  it('refuses visitors with 401 and members with 403, and stores nothing', async () => {
    const { member, accountId } = await team();
    expectRefused(await env().anon().put('/error-page/404', { title: 'Hacked' }), 401);
    expectRefused(await save(member, '404', { title: 'Hacked' }), 403);
    const [row] = await env()
      .started.database.db.select({ n: count() })
      .from(errorPageSettings)
      .where(eq(errorPageSettings.accountId, accountId));
    expect(row?.n).toBe(0);
  });

  it('refuses a save without the CSRF token of the session', async () => {
    const { admin } = await team();
    const res = await admin.put('/error-page/404', { title: 'No token' }, { csrf: false });
    expectRefused(res, 403);
    expect(res.body.error).toBe('Invalid CSRF token');
  });

  it('refuses codes other than 403 and 404, unknown fields, empty saves and invalid values with 400', async () => {
    const { admin } = await team();
    expectRefused(await save(admin, '500', { title: 'x' }), 400, ['code']);
    const unknown = await save(admin, '404', { title: 'x', headline: 'y' });
    expectRefused(unknown, 400, ['_']);
    expect(unknown.body.errors._[0]).toBe('Unknown field: headline');
    expectRefused(await save(admin, '404', {}), 400, ['_']);
    const invalid: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ buttonLabel: '' }, 'buttonLabel'],
      [{ buttonLabel: 7 }, 'buttonLabel'],
      [{ sublineColor: 'not a colour' }, 'sublineColor'],
      [{ buttonFontColor: 'red; background: url(https://evil.example)' }, 'buttonFontColor'],
      [{ pageBackgroundColor: '2D3232' }, 'pageBackgroundColor'],
      [{ keyVisualMaxHeight: '5000px' }, 'keyVisualMaxHeight'],
      [{ keyVisualMaxHeight: 'tall' }, 'keyVisualMaxHeight'],
      [{ buttonRadius: '5pt' }, 'buttonRadius'],
      [{ pageBackgroundPosition: 'Stretching' }, 'pageBackgroundPosition'],
      [{ fontProvider: 'ADOBE' }, 'fontProvider'],
      [{ fontFamilyName: 'Arial; color: red' }, 'fontFamilyName'],
      [{ keyVisualOn: 'yes' }, 'keyVisualOn'],
      [{ keyVisualArtUrl: 42 }, 'keyVisualArtUrl'],
    ];
    for (const [body, field] of invalid) expectRefused(await save(admin, '404', body), 400, [field]);
    expect((await admin.get('/error-page/404')).body.data).toMatchObject({ ...SPEC_DEFAULTS, title: 'Page not found' });
  });

  it('stores a cropped key visual as a setting image, shown publicly, and clears it with null', async () => {
    const { admin } = await team();
    const fileId = await imageUpload(admin, await halves(1200, 600, '#ff0000', '#0000ff'));
    const crop = { x: 400, y: 0, width: 400, height: 400, reference_width: 800 };
    const res = await save(admin, '404', {
      keyVisualArtUrl: 'blob:local',
      keyVisualArtUrl_crop: crop,
      keyVisualArtUrl_ratio: 'square',
      keyVisualArtUrl_isWorkspaceAsset: false,
      keyVisualArtUrl_id: null,
      file_id: fileId,
      payload: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.keyVisualArtUrl;
    expect(url).toMatch(/^\/media\/image\/[A-Za-z0-9_-]{22}\.webp$/);
    const image = await fetchBytes(env().anon(), url);
    expect(image.status).toBe(200);
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([600, 600]);
    expect(data[2]).toBeGreaterThan(200); // the blue right half

    // Saved again as the builder holds it (the stored URL, no crop), the image stays.
    const same = await save(admin, '404', { keyVisualArtUrl: url, keyVisualArtUrl_crop: null });
    expect(same.body.data.keyVisualArtUrl).toBe(url);
    const cleared = await save(admin, '404', { keyVisualArtUrl: null, file_id: null });
    expect(cleared.body.data.keyVisualArtUrl).toBeNull();
  });

  it('stores a page background image the same way', async () => {
    const { admin } = await team();
    const fileId = await imageUpload(admin, await halves(64, 64, '#00ff00', '#00ff00'));
    const res = await save(admin, '403', {
      pageBackgroundUrl: 'blob:x',
      pageBackgroundUrl_crop: null,
      file_id: fileId,
      pageBackgroundEnabled: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pageBackgroundUrl).toMatch(/^\/media\/image\//);
    expect(res.body.data.pageBackgroundEnabled).toBe(true);
  });

  it('refuses images that are not uploads of the account, two uploads at once, and renders nothing for members', async () => {
    const { admin, member, accountId } = await team();
    const other = await team();
    expectRefused(await save(admin, '404', { keyVisualArtUrl: 'https://evil.example/x.png' }), 400, ['keyVisualArtUrl']);
    const theirs = await imageUpload(other.admin, await halves(20, 20, '#000', '#fff'));
    expectRefused(await save(admin, '404', { keyVisualArtUrl: 'blob:x', file_id: theirs }), 400, ['file_id']);
    const theirImage = (await save(other.admin, '404', { keyVisualArtUrl: 'blob:x', file_id: theirs })).body.data.keyVisualArtUrl;
    expectRefused(await save(admin, '404', { keyVisualArtUrl: theirImage }), 400, ['keyVisualArtUrl']);
    const mine = await imageUpload(admin, await halves(20, 20, '#000', '#fff'));
    expectRefused(await save(admin, '404', { keyVisualArtUrl: 'blob:a', pageBackgroundUrl: 'blob:b', file_id: mine }), 400, ['file_id']);
    expectRefused(
      await save(admin, '404', {
        keyVisualArtUrl: 'blob:x',
        keyVisualArtUrl_crop: { x: -5, y: 0, width: 1, height: 1, reference_width: 800 },
        file_id: mine,
      }),
      400,
      ['keyVisualArtUrl_crop.x'],
    );

    const memberFile = await imageUpload(member, await halves(20, 20, '#000', '#fff'));
    expectRefused(await save(member, '404', { keyVisualArtUrl: 'blob:x', file_id: memberFile }), 403);
    const [images] = await env()
      .started.database.db.select({ n: count() })
      .from(settingImages)
      .where(eq(settingImages.accountId, accountId));
    expect(images?.n).toBe(0);
    expect((await admin.get('/error-page/404')).body.data.keyVisualArtUrl).toBeNull();
  });

  it('accepts saves with a personal API token on /v1 for admins', async () => {
    const { admin } = await team();
    const token = (await admin.post('/user/tokens', { name: 'builder' })).body.data.token as string;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    const res = await api.put('/error-page/403', { buttonLabel: 'Go home' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await admin.get('/error-page/403')).body.data.buttonLabel).toBe('Go home');
  });
});
