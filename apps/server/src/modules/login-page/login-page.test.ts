import { asc, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, loginPageSettings, settingImages } from '../../db/schema.js';
import type { Client } from '../../test/harness.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, halves, upload } from '../../test/media.js';

/** The sign-in page's defaults, written out (not imported from core) so a changed default fails here. */
const DEFAULTS = {
  title: null,
  description: null,
  buttonLabel: null,
  helpText: null,
  keyVisualUrl: null,
  keyVisualMaxHeight: '80px',
  backgroundColor: null,
  backgroundImageUrl: null,
  backgroundPosition: 'Covering',
  buttonStyle: null,
  cardRadius: '8px',
};

const BUTTON_STYLE = {
  family: 'system-ui',
  family_css: 'system-ui, sans-serif',
  provider: 'system',
  color: { rgb: 'rgb(255, 255, 255)', hex: '#FFFFFF', alpha: 100 },
  color_hover: null,
  weight: 700,
  size: '16px',
  line_height: '1.2',
  uppercase: true,
  italic: false,
  border_width: 1,
  border_radius: 20,
  border_color: null,
  border_color_hover: null,
  frame: { top: 10, right: 24, bottom: 10, left: 24 },
  background_color: { rgb: 'rgb(200, 30, 60)', alpha: 100 },
  background_color_hover: { rgb: 'rgb(150, 20, 40)', alpha: 80 },
};

forEachBackend('login page', (env) => {
  const db = () => env().started.database.db;
  const firstAccount = async () => {
    const [row] = await db().select({ id: accounts.id }).from(accounts).orderBy(asc(accounts.id)).limit(1);
    return row?.id ?? 0;
  };
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    return { accountId, admin: await env().signIn(owner), member: await env().signIn(member) };
  };
  const save = (c: Client, body: Record<string, unknown>) => c.put('/login-page', { i18n: 'en', ...body });

  it("shows visitors the defaults, then the first account's settings; signed-in callers see their own", async () => {
    const first = await team();
    const second = await team();
    expect(await firstAccount()).toBe(first.accountId);

    const before = await env().anon().get('/login-page');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ settings: DEFAULTS, shown_on_sign_in: true });

    const saved = await save(first.admin, { title: 'Welcome to Acme', buttonLabel: 'Enter' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ settings: { ...DEFAULTS, title: 'Welcome to Acme', buttonLabel: 'Enter' }, shown_on_sign_in: true });
    await save(second.admin, { title: 'Second account' });

    expect((await env().anon().get('/login-page')).body.data.settings.title).toBe('Welcome to Acme');
    const own = (await second.member.get('/login-page')).body.data;
    expect(own).toEqual({ settings: { ...DEFAULTS, title: 'Second account' }, shown_on_sign_in: false });
    expect((await first.member.get('/login-page')).body.data.settings.buttonLabel).toBe('Enter');
  });

  it('merges partial saves, resets texts to the translated defaults with null, and keeps stored values that still validate', async () => {
    const { admin, accountId } = await team();
    await save(admin, { title: 'Hello', description: 'Use your work e-mail.', helpText: 'Ask IT for an account.' });
    const styled = await save(admin, { buttonStyle: BUTTON_STYLE, backgroundColor: '#FAFAF5', backgroundPosition: 'Tiling' });
    expect(styled.body.data.settings).toEqual({
      ...DEFAULTS,
      title: 'Hello',
      description: 'Use your work e-mail.',
      // A help text without tags is plain text: it is stored as escaped rich text.
      helpText: '<p>Ask IT for an account.</p>',
      buttonStyle: BUTTON_STYLE,
      backgroundColor: '#FAFAF5',
      backgroundPosition: 'Tiling',
    });
    const reset = await save(admin, { title: null, description: '' });
    expect(reset.body.data.settings).toMatchObject({ title: null, description: '', helpText: '<p>Ask IT for an account.</p>' });

    await db()
      .update(loginPageSettings)
      .set({ settings: { title: 42, buttonLabel: 'Go', junk: true } })
      .where(eq(loginPageSettings.accountId, accountId));
    expect((await admin.get('/login-page')).body.data.settings).toEqual({ ...DEFAULTS, buttonLabel: 'Go' });
  });

  it('refuses visitors with 401 and members with 403, and stores nothing', async () => {
    const { member, accountId } = await team();
    expectRefused(await env().anon().put('/login-page', { title: 'Hacked' }), 401);
    expectRefused(await save(member, { title: 'Hacked' }), 403);
    const [row] = await db().select({ n: count() }).from(loginPageSettings).where(eq(loginPageSettings.accountId, accountId));
    expect(row?.n).toBe(0);
  });

  it('refuses unknown fields, empty saves and invalid values with 400', async () => {
    const { admin } = await team();
    const unknown = await save(admin, { title: 'x', subtitle: 'y' });
    expectRefused(unknown, 400, ['_']);
    expect(unknown.body.errors._[0]).toBe('Unknown field: subtitle');
    expectRefused(await save(admin, {}), 400, ['_']);
    const invalid: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ buttonLabel: '  ' }, 'buttonLabel'],
      [{ buttonLabel: 'x'.repeat(41) }, 'buttonLabel'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ helpText: 5 }, 'helpText'],
      [{ helpText: `<p>${'x'.repeat(4994)}</p>` }, 'helpText'],
      [{ backgroundColor: 'url(x)' }, 'backgroundColor'],
      [{ backgroundPosition: 'Fill' }, 'backgroundPosition'],
      [{ keyVisualMaxHeight: '2000px' }, 'keyVisualMaxHeight'],
      [{ cardRadius: '1km' }, 'cardRadius'],
      [{ buttonStyle: { ...BUTTON_STYLE, weight: 950 } }, 'buttonStyle.weight'],
      [{ buttonStyle: { ...BUTTON_STYLE, background_color: { rgb: 'javascript:alert(1)' } } }, 'buttonStyle.background_color'],
      [{ buttonStyle: { ...BUTTON_STYLE, family_css: 'x;} body{display:none' } }, 'buttonStyle.family_css'],
      [{ buttonStyle: { ...BUTTON_STYLE, extra: 1 } }, 'buttonStyle'],
      [{ keyVisualUrl: 'https://evil.example/x.png' }, 'keyVisualUrl'],
    ];
    for (const [body, field] of invalid) expectRefused(await save(admin, body), 400, [field]);
    expect((await admin.get('/login-page')).body.data.settings).toEqual(DEFAULTS);
  });

  it('stores the key visual and the background image as setting images; members render none', async () => {
    const { admin, member, accountId } = await team();
    const up = await upload(admin, {
      name: 'visual.png',
      bytes: await halves(400, 200, '#ff0000', '#00ff00'),
      extraFields: { purpose: 'image' },
    });
    expect(up.status).toBe(201);
    const res = await save(admin, {
      keyVisualUrl: 'blob:local',
      keyVisualUrl_crop: { x: 0, y: 0, width: 400, height: 400, reference_width: 800 },
      keyVisualUrl_ratio: 'square',
      file_id: up.body.data.file_id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.settings.keyVisualUrl;
    expect(url).toMatch(/^\/media\/image\/[A-Za-z0-9_-]{22}\.webp$/);
    expect((await fetchBytes(env().anon(), url)).status).toBe(200);

    const bg = await upload(admin, { name: 'bg.png', bytes: await halves(40, 40, '#000', '#fff'), extraFields: { purpose: 'image' } });
    const withBackground = await save(admin, { backgroundImageUrl: 'blob:x', file_id: bg.body.data.file_id });
    expect(withBackground.body.data.settings.backgroundImageUrl).toMatch(/^\/media\/image\//);
    expect(withBackground.body.data.settings.keyVisualUrl).toBe(url);

    const theirs = await upload(member, { name: 'm.png', bytes: await halves(40, 40, '#000', '#fff'), extraFields: { purpose: 'image' } });
    expectRefused(await save(member, { keyVisualUrl: 'blob:x', file_id: theirs.body.data.file_id }), 403);
    const [images] = await db().select({ n: count() }).from(settingImages).where(eq(settingImages.accountId, accountId));
    expect(images?.n).toBe(2);
  });

  it('stores the help text as sanitised rich text: scripts, handlers and javascript: links go, allowed tags stay', async () => {
    const { admin, accountId } = await team();
    const res = await save(admin, {
      helpText:
        '<p onclick="steal()">No account? <strong>Ask</strong> <em>IT</em> <u>now</u><script>alert(1)</script></p>' +
        '<p><a href="https://it.acme.example/join" target="_blank" onmouseover="x()">Request access</a> or ' +
        '<a href="javascript:alert(document.cookie)">this</a><iframe src="https://evil.example"></iframe>' +
        '<span style="color: #c81e3c; position: fixed">!</span></p>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const clean =
      '<p>No account? <strong>Ask</strong> <em>IT</em> <u>now</u></p>' +
      '<p><a href="https://it.acme.example/join" target="_blank" rel="noopener noreferrer">Request access</a> or ' +
      '<a>this</a><span style="color:#c81e3c">!</span></p>';
    expect(res.body.data.settings.helpText).toBe(clean);
    const [row] = await db()
      .select({ settings: loginPageSettings.settings })
      .from(loginPageSettings)
      .where(eq(loginPageSettings.accountId, accountId));
    expect(row?.settings).toEqual({ helpText: clean });
    expect((await admin.get('/login-page')).body.data.settings.helpText).toBe(clean);

    // Only a script: nothing is left, so no help text shows.
    expect((await save(admin, { helpText: '<script>alert(1)</script>' })).body.data.settings.helpText).toBe('');
    // The limit counts the sanitised HTML: 5000 characters are accepted.
    const long = `<p>${'x'.repeat(4993)}</p>`;
    expect((await save(admin, { helpText: long })).body.data.settings.helpText).toBe(long);
    // Links that open a new window gain rel on save, which may take the HTML over the limit: refused, nothing stored.
    const links = '<a href="https://x.example" target="_blank">x</a>'.repeat(100);
    const grown = await save(admin, { helpText: `<p>${links}${'y'.repeat(5000 - links.length - 7)}</p>` });
    expectRefused(grown, 400, ['helpText']);
    expect(grown.body.errors.helpText[0]).toBe('Must be at most 5000 characters');
    expect((await admin.get('/login-page')).body.data.settings.helpText).toBe(long);
  });

  it('answers a help text stored as plain text before it became rich text escaped, and sanitises stored HTML on read', async () => {
    const { admin, accountId } = await team();
    const store = (helpText: string) =>
      db()
        .insert(loginPageSettings)
        .values({ accountId, settings: { helpText } })
        .onConflictDoUpdate({
          target: loginPageSettings.accountId,
          set: { settings: { helpText } },
        });
    await store('Ask IT & co <it@acme.example>\nRoom 4');
    expect((await admin.get('/login-page')).body.data.settings.helpText).toBe('<p>Ask IT &amp; co &lt;it@acme.example&gt;<br />Room 4</p>');
    await store('<p>Hi<img src="x" onerror="alert(1)"></p>');
    expect((await admin.get('/login-page')).body.data.settings.helpText).toBe('<p>Hi<img src="x" /></p>');
  });
});
