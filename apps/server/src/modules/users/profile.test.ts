import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emailVerifications, events } from '../../db/schema.js';
import { Client, forEachBackend, type TestEnv } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { mailTo, verificationToken } from '../../test/mail.js';
import { fetchBytes, halves, upload } from '../../test/media.js';
import { EMAIL_VERIFICATION_MAX } from './operations.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const md5 = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.com`;

async function team(env: TestEnv) {
  const { owner, accountId } = await env.factories.account();
  const member = await env.factories.member(accountId, 'MEMBER');
  return { owner, accountId, member, client: await env.signIn(member) };
}

const dataDir = (env: TestEnv) => env.started.app.config.dataDir;

/** The one verification message sent to `to`, and its token. */
function onlyMailTo(env: TestEnv, to: string) {
  const mails = mailTo(dataDir(env), to);
  expect(mails, `messages to ${to}`).toHaveLength(1);
  const mail = mails[0];
  if (!mail) throw new Error('no mail');
  return { mail, token: verificationToken(mail) };
}

forEachBackend('profile: name, language and avatar', (env) => {
  it('changes one’s own name and language; /user/info and the session show them', async () => {
    const { member, client } = await team(env());
    const named = await client.put('/user/profile', { name: '  Zoë Example ', i18n: 'en' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data).toMatchObject({ id: member.id, name: 'Zoë Example', language: 'en' });
    const language = await client.put('/user/profile', { language: 'de', i18n: 'en' });
    expect(language.body.data).toMatchObject({ name: 'Zoë Example', language: 'de' });
    expect((await client.get('/user/info')).body.data).toMatchObject({ name: 'Zoë Example', language: 'de' });
    expect((await client.get('/auth/session')).body.data.user).toMatchObject({ name: 'Zoë Example', language: 'de' });
    const [event] = await env()
      .started.app.db.select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'user:update'), eq(events.subjectId, member.id)))
      .orderBy(sql`${events.id} desc`)
      .limit(1);
    expect(event?.data).toEqual({ language: 'de' });
  });

  it('refuses an empty or too long name, an unknown language, unknown fields and an empty change', async () => {
    const { client } = await team(env());
    expectRefused(await client.put('/user/profile', { name: '   ' }), 400, ['name']);
    expectRefused(await client.put('/user/profile', { name: 'x'.repeat(121) }), 400, ['name']);
    expectRefused(await client.put('/user/profile', { language: 'xx' }), 400, ['language']);
    expectRefused(await client.put('/user/profile', { name: 'Ok', email: 'new@example.com' }), 400, ['_']);
    expectRefused(await client.put('/user/profile', { i18n: 'en' }), 400, ['_']);
    expectRefused(await client.put('/user/profile', { name: 42 }), 400, ['name']);
    expect((await client.get('/user/info')).body.data.name).toBe('Mia MEMBER');
  });

  it('offers the rollout languages only where the account has the I18N_ROLLOUT flag', async () => {
    const { client } = await team(env());
    expectRefused(await client.put('/user/profile', { language: 'it' }), 400, ['language']);
    expect((await client.get('/user/info')).body.data.language).toBe('en');
    expect((await client.put('/user/profile', { language: 'es' })).body.data.language).toBe('es');

    const { accountId } = await env().factories.account({ flags: ['I18N_ROLLOUT'] });
    const rollout = await env().signIn(await env().factories.member(accountId));
    expect((await rollout.put('/user/profile', { language: 'no' })).body.data.language).toBe('no');
    expect((await rollout.get('/auth/session')).body.data.user.language).toBe('no');
  });

  it('needs a session, and the CSRF token with it', async () => {
    const { client } = await team(env());
    expectRefused(await env().anon().put('/user/profile', { name: 'Anon' }), 401);
    const res = await client.put('/user/profile', { name: 'No token' }, { csrf: false });
    expectRefused(res, 403);
    expect(res.body.error).toBe('Invalid CSRF token');
  });

  it('sets the avatar from a square crop of an upload; /user/info, the colleague’s view and the member list show it', async () => {
    const { owner, member, client } = await team(env());
    const up = await upload(client, {
      name: 'me.png',
      bytes: await halves(1200, 600, '#ff0000', '#0000ff'),
      extraFields: { purpose: 'image' },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const crop = { x: 400, y: 0, width: 400, height: 400, reference_width: 800 };
    const res = await client.put('/user/profile', {
      avatar: 'blob:local',
      avatar_crop: crop,
      avatar_ratio: 'square',
      avatar_id: null,
      avatar_isWorkspaceAsset: false,
      file_id: up.body.data.file_id,
      payload: null,
      i18n: 'en',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.avatar;
    expect(url).toMatch(/^\/media\/image\/[A-Za-z0-9_-]{22}\.webp$/);
    const image = await fetchBytes(env().anon(), url);
    expect(image.status).toBe(200);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([600, 600]);

    expect((await client.get('/user/info')).body.data.avatar).toBe(url);
    expect((await client.get('/auth/session')).body.data.user.avatar).toBe(url);
    const admin = await env().signIn(owner);
    expect((await admin.get(`/user/info/${member.id}`)).body.data.preview_url_without_placeholder).toBe(url);
    const listed = (await admin.get('/account/users')).body.data.find((u: { id: number }) => u.id === member.id);
    expect(listed.avatar).toBe(url);

    // Saved again unchanged it stays; null clears it.
    expect((await client.put('/user/profile', { avatar: url, avatar_crop: crop, i18n: 'en' })).body.data.avatar).toBe(url);
    const cleared = await client.put('/user/profile', { avatar: null, file_id: null, i18n: 'en' });
    expect(cleared.body.data.avatar).toBeNull();
  });

  it('refuses an avatar that is not one of the account’s uploaded images', async () => {
    const { client } = await team(env());
    const other = await team(env());
    const foreign = await upload(other.client, {
      name: 'x.png',
      bytes: await halves(20, 20, '#000', '#fff'),
      extraFields: { purpose: 'image' },
    });
    expectRefused(await client.put('/user/profile', { avatar: 'blob:x', file_id: foreign.body.data.file_id }), 400, ['file_id']);
    expectRefused(await client.put('/user/profile', { avatar: 'https://example.com/me.png' }), 400, ['avatar']);
    expectRefused(
      await client.put('/user/profile', { avatar: 'blob:x', avatar_crop: { x: -1, y: 0, width: 5, height: 5, reference_width: 800 } }),
      400,
      ['avatar_crop.x'],
    );
    expect((await client.get('/user/info')).body.data.avatar).toBeNull();
  });
});

forEachBackend('profile: password change', (env) => {
  const put = (c: Client, password: string, password_new: string) => c.put('/user/password', { password, password_new, i18n: 'en' });

  it('checks the current password, sets the new one and signs out every other session', async () => {
    const { member, client } = await team(env());
    const elsewhere = await env().signIn(member);
    const res = await put(client, member.password, 'a-brand-new-password');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ revoked_sessions: 1 });
    // This session goes on; the other one is gone.
    expect((await client.get('/user/info')).status).toBe(200);
    expectRefused(await elsewhere.get('/user/info'), 401);
    expectRefused(await env().anon().post('/auth/login', { email: member.email, password: member.password }), 401);
    expect((await env().anon().post('/auth/login', { email: member.email, password: 'a-brand-new-password' })).status).toBe(200);
  });

  it('an API token can change neither the password nor the e-mail address (a leaked token cannot take the account)', async () => {
    const { member, client } = await team(env());
    const bearer = new Client(env().base, { prefix: '/v1', bearer: (await client.post('/user/tokens', { name: 't' })).body.data.token });
    expectRefused(await put(bearer, member.password, 'a-brand-new-password'), 403);
    expectRefused(await bearer.post(`/user/${member.id}/email-verification`, { email: 'thief@example.com' }), 403);
    expect((await env().anon().post('/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    expect((await bearer.get('/user/info')).body.data.email).toBe(member.email);
  });

  it('a wrong current password is refused at the password field and changes nothing', async () => {
    const { member, client } = await team(env());
    const res = await put(client, 'not-my-password', 'a-brand-new-password');
    expectRefused(res, 400, ['password']);
    expect(res.body.error).toBe('The current password is wrong');
    expect((await env().anon().post('/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });

  it('refuses a new password that breaks the password rules, repeats the current one, or is missing', async () => {
    const { member, client } = await team(env());
    expectRefused(await put(client, member.password, 'short'), 400, ['password_new']);
    expectRefused(await put(client, member.password, 'x'.repeat(257)), 400, ['password_new']);
    expectRefused(await put(client, member.password, member.password), 400, ['password_new']);
    expectRefused(await client.put('/user/password', { password: member.password }), 400, ['password_new']);
    expectRefused(await client.put('/user/password', { password_new: 'a-brand-new-password' }), 400, ['password']);
    expectRefused(await env().anon().put('/user/password', { password: 'x', password_new: 'a-brand-new-password' }), 401);
    expect((await env().anon().post('/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });

  it('after 10 wrong current passwords refuses the 11th try with 429, even with the right password', async () => {
    const { member, client } = await team(env());
    for (let i = 0; i < 10; i++) expectRefused(await put(client, `wrong-${i}-password`, 'a-brand-new-password'), 400, ['password']);
    const limited = await put(client, member.password, 'a-brand-new-password');
    expectRefused(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await team(env());
    expect((await put(other.client, other.member.password, 'a-brand-new-password')).status).toBe(200);
  });
});

forEachBackend('profile: e-mail change and verification', (env) => {
  const request = (c: Client, userId: number, email: string) => c.post(`/user/${userId}/email-verification`, { email, i18n: 'en' });
  const confirm = (token: string, c: Client = env().anon()) => c.post('/user/email-verification', { email_verification_token: token });

  it('a change is mailed as a link and takes effect, once, when the link is opened (signed out too)', async () => {
    const { member, client } = await team(env());
    const next = freshEmail('Zoe.New');
    const res = await request(client, member.id, next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ email: next.toLowerCase(), change: true });

    const { mail, token } = onlyMailTo(env(), next.toLowerCase());
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(mail.text).toContain(`${env().started.app.config.publicUrl}/user-email-verification?token=${token}`);
    expect(mail.html).toContain(`/user-email-verification?token=${token}`);
    // 256 bits, stored only as its SHA-256.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await env()
      .started.app.db.select({ tokenHash: emailVerifications.tokenHash, email: emailVerifications.email })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, member.id));
    expect(rows).toEqual([{ tokenHash: sha256(token), email: next.toLowerCase() }]);

    // Until the link is opened the old address stays; the pending one is shown.
    const before = (await client.get('/user/info')).body.data;
    expect(before).toMatchObject({ email: member.email, email_verified_at: null, pending_email: next.toLowerCase() });

    const done = await confirm(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ user_id: member.id, email: next.toLowerCase(), email_verified_at: expect.any(String) });
    const after = (await client.get('/user/info')).body.data;
    expect(after).toMatchObject({ email: next.toLowerCase(), pending_email: null, gravatar_hash: md5(next) });
    expect(after.email_verified_at).toEqual(expect.any(String));
    expect((await env().anon().post('/auth/login', { email: next, password: member.password })).status).toBe(200);
    expectRefused(await env().anon().post('/auth/login', { email: member.email, password: member.password }), 401);

    const again = await confirm(token);
    expectRefused(again, 400);
    expect(again.body.error).toBe('This verification link was already used.');
  });

  it('re-sends the link for the current, unverified address (the verify button), then refuses an already verified one', async () => {
    const { member, client } = await team(env());
    const res = await request(client, member.id, member.email.toUpperCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ email: member.email, change: false });
    const { mail, token } = onlyMailTo(env(), member.email);
    expect(mail.subject).toBe('Verify your e-mail address');
    expect((await client.get('/user/info')).body.data.pending_email).toBeNull();
    // Signed in works as well as signed out.
    expect((await confirm(token, client)).status).toBe(200);
    const info = (await client.get('/user/info')).body.data;
    expect(info.email).toBe(member.email);
    expect(info.email_verified_at).toEqual(expect.any(String));

    const verified = await request(client, member.id, member.email);
    expectRefused(verified, 409, ['email']);
    expect(verified.body.error).toBe('This e-mail address is already verified');
  });

  it('a new request replaces the earlier link', async () => {
    const { member, client } = await team(env());
    const first = freshEmail('first');
    const second = freshEmail('second');
    await request(client, member.id, first);
    await request(client, member.id, second);
    expectRefused(await confirm(onlyMailTo(env(), first).token), 404);
    expect((await confirm(onlyMailTo(env(), second).token)).status).toBe(200);
    expect((await client.get('/user/info')).body.data.email).toBe(second);
  });

  it('refuses an address another user has (409), at the request and when it was taken before the link was opened', async () => {
    const { owner, member, client } = await team(env());
    const taken = await request(client, member.id, owner.email.toUpperCase());
    expectRefused(taken, 409, ['email']);
    expect(taken.body.error).toBe('This e-mail address is used by another user');
    expect(mailTo(dataDir(env()), owner.email)).toEqual([]);

    const wanted = freshEmail('wanted');
    await request(client, member.id, wanted);
    const { token } = onlyMailTo(env(), wanted);
    // Someone else verifies the address first.
    const rival = await team(env());
    await request(rival.client, rival.member.id, wanted);
    const rivalToken = mailTo(dataDir(env()), wanted)[1];
    if (!rivalToken) throw new Error('no second mail');
    expect((await confirm(verificationToken(rivalToken))).status).toBe(200);
    expectRefused(await confirm(token), 409, ['email']);
    expect((await client.get('/user/info')).body.data.email).toBe(member.email);
  });

  it('is only for oneself: 403 for a colleague, 404 for someone in another account or nobody', async () => {
    const { owner, member, client } = await team(env());
    const admin = await env().signIn(owner);
    expectRefused(await request(admin, member.id, freshEmail('hijack')), 403);
    const stranger = await team(env());
    expectRefused(await request(client, stranger.member.id, freshEmail('x')), 404);
    expectRefused(await request(client, 2_000_000_000, freshEmail('x')), 404);
    expectRefused(await request(env().anon(), member.id, freshEmail('x')), 401);
    expectRefused(await client.post('/user/abc/email-verification', { email: freshEmail('x') }), 400, ['userId']);
    const rows = await env().started.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, member.id));
    expect(rows).toEqual([]);
  });

  it('refuses a missing or malformed address', async () => {
    const { member, client } = await team(env());
    expectRefused(await request(client, member.id, 'not-an-address'), 400, ['email']);
    expectRefused(await client.post(`/user/${member.id}/email-verification`, {}), 400, ['email']);
    expectRefused(await client.post(`/user/${member.id}/email-verification`, { email: freshEmail('x'), extra: 1 }), 400, ['_']);
  });

  it('refuses unknown, malformed and expired tokens with a clear message', async () => {
    const { member, client } = await team(env());
    const unknown = await confirm('A'.repeat(43));
    expectRefused(unknown, 404);
    expect(unknown.body.error).toBe('This verification link is not valid. Request a new one from your profile.');
    expectRefused(await confirm('not a token!'), 400, ['email_verification_token']);
    expectRefused(await env().anon().post('/user/email-verification', {}), 400, ['email_verification_token']);

    const next = freshEmail('late');
    await request(client, member.id, next);
    const { token } = onlyMailTo(env(), next);
    await env()
      .started.app.db.update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailVerifications.userId, member.id));
    const expired = await confirm(token);
    expectRefused(expired, 400);
    expect(expired.body.error).toBe('This verification link has expired. Request a new one from your profile.');
    expect((await client.get('/user/info')).body.data).toMatchObject({ email: member.email, pending_email: null });
  });

  it(`sends at most ${EMAIL_VERIFICATION_MAX} verification e-mails per hour`, async () => {
    const { member, client } = await team(env());
    for (let i = 0; i < EMAIL_VERIFICATION_MAX; i++) expect((await request(client, member.id, freshEmail(`n${i}`))).status).toBe(200);
    const limited = await request(client, member.id, freshEmail('one-too-many'));
    expectRefused(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

const deadPort = await closedPort();

describe('profile: mail failure', () => {
  forEachBackend(
    'e-mail verification when the SMTP server cannot be reached',
    (env) => {
      it('answers 503 and keeps no pending change', async () => {
        expect(env().started.app.mailer.kind).toBe('smtp');
        const { member, client } = await team(env());
        const res = await client.post(`/user/${member.id}/email-verification`, { email: freshEmail('unsent'), i18n: 'en' });
        expectRefused(res, 503);
        expect(res.body.error).toBe('The verification e-mail could not be sent. Please try again later.');
        const rows = await env().started.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, member.id));
        expect(rows).toEqual([]);
        expect((await client.get('/user/info')).body.data.pending_email).toBeNull();
      });
    },
    { env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } },
  );
});
