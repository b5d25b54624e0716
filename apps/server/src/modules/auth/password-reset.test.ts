import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { events, passwordResets, users } from '../../db/schema.js';
import { sha256 } from '../../lib/secrets.js';
import { type Client, forEachBackend, type TestEnv } from '../../test/harness.js';
import { linkToken, mailTo, waitForMail } from '../../test/mail.js';
import { PASSWORD_RESET_MAX_PER_ADDRESS, PASSWORD_RESET_MAX_PER_IP } from './password-reset.js';

const NEW_PASSWORD = 'a-fresh-password-after-reset';
const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });
const INVALID = 'This password reset link is not valid. Ask for a new one with "Forgot password?" on the sign-in page.';
const USED = 'This password reset link was already used. Ask for a new one with "Forgot password?" on the sign-in page.';
const EXPIRED = 'This password reset link has expired. Ask for a new one with "Forgot password?" on the sign-in page.';

let ipCounter = 0;
/** A client address of its own per test (the server trusts X-Forwarded-For here), so per-IP limits do not add up. */
const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

// TRUST_PROXY: the tests choose the client's IP with X-Forwarded-For.
forEachBackend(
  'password reset',
  (env) => {
    const dataDir = (e: TestEnv) => e.started.app.config.dataDir;
    const db = () => env().started.database.db;
    const request = (email: string, ip = freshIp()) =>
      env()
        .anon()
        .post('/auth/password-reset', { email }, { headers: { 'x-forwarded-for': ip } });
    const confirm = (token: string, password = NEW_PASSWORD, c: Client = env().anon()) =>
      c.post('/auth/password-reset/confirm', { token, password });
    /** Asks for a link for `email` and reads its token from the mail (the `n`th message to that address). */
    const linkFor = async (email: string, n = 1) => {
      expect((await request(email)).status).toBe(200);
      const mails = await waitForMail(dataDir(env()), email, n);
      const mail = mails[n - 1];
      if (!mail) throw new Error('no mail');
      return { mail, token: linkToken(mail, '/auth/password-reset') };
    };
    const isSignedIn = async (c: Client) => (await c.get('/user/info')).status === 200;
    const eventsOf = (type: string, userId: number) =>
      db()
        .select({ data: events.data, actorId: events.actorId })
        .from(events)
        .where(and(eq(events.type, type), eq(events.subjectId, userId)));

    it('mails a one-time link (stored hashed, valid one hour) and answers the same for an unknown address', async () => {
      const { owner } = await env().factories.account();
      const unknown = `nobody-${Date.now()}@example.com`;
      const forUnknown = await request(unknown);
      const forOwner = await request(owner.email.toUpperCase());
      expect(forUnknown.status).toBe(200);
      expect(forOwner.status).toBe(200);
      expect(forOwner.body).toEqual({ success: true, data: {} });
      expect(forUnknown.body).toEqual(forOwner.body);
      expect(forUnknown.headers.getSetCookie()).toEqual([]);

      const [mail] = await waitForMail(dataDir(env()), owner.email);
      expect(mail?.subject).toBe('Reset your Emblem password');
      expect(mail?.text).toContain('Hello Olive Owner,');
      expect(mail?.text).toContain('The link works once, for 60 minutes.');
      expect(mail?.html).toContain('Choose a new password');
      const token = linkToken(mail as NonNullable<typeof mail>, '/auth/password-reset');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail?.text).toContain(`${env().started.app.config.publicUrl}/auth/password-reset/${token}`);
      expect(mailTo(dataDir(env()), unknown)).toEqual([]);

      const rows = await db().select().from(passwordResets).where(eq(passwordResets.userId, owner.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      const minutes = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
      expect(await eventsOf('auth:password-reset-request', owner.id)).toEqual([{ actorId: owner.id, data: { ip: expect.any(String) } }]);
    });

    it('sends nothing to an invited person who has no password yet, with the same answer', async () => {
      const { owner } = await env().factories.account();
      const admin = await env().signIn(owner);
      const email = `pending-${Date.now()}@example.com`;
      expect((await admin.post('/account/users/invite', { email })).status).toBe(201);
      const res = await request(email);
      expect(res.body).toEqual({ success: true, data: {} });
      // The one message is the invitation.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailTo(dataDir(env()), email).map((m) => m.subject)).toEqual([expect.stringMatching(/^You are invited/)]);
    });

    it('sets the new password: the old one stops working, every session ends, this link and every other link die', async () => {
      const { owner } = await env().factories.account();
      const laptop = await env().signIn(owner);
      const phone = await env().signIn(owner);
      const first = await linkFor(owner.email, 1);
      const second = await linkFor(owner.email, 2);
      expect(first.token).not.toBe(second.token);

      const res = await confirm(second.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ success: true, data: { email: owner.email } });
      // Resetting does not sign anyone in.
      expect(res.headers.getSetCookie()).toEqual([]);

      expect(await isSignedIn(laptop)).toBe(false);
      expect(await isSignedIn(phone)).toBe(false);
      expect((await env().anon().post('/auth/login', { email: owner.email, password: owner.password })).status).toBe(401);
      const signedIn = await env().anon().post('/auth/login', { email: owner.email, password: NEW_PASSWORD });
      expect(signedIn.status).toBe(200);

      // Used, and the other open link of the user died with it.
      expect((await confirm(second.token, 'yet-another-password')).body).toEqual(refusal(USED));
      const other = await confirm(first.token, 'yet-another-password');
      expect(other.status).toBe(400);
      expect(other.body).toEqual(refusal(USED));
      expect((await env().anon().post('/auth/login', { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
      expect(await eventsOf('auth:password-reset', owner.id)).toEqual([{ actorId: owner.id, data: { revoked_sessions: 2 } }]);
    });

    it('refuses unknown and expired links with 400 and a message saying what to do; the password stays', async () => {
      const { owner } = await env().factories.account();
      const unknown = await confirm('x'.repeat(43));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual(refusal(INVALID));

      const { token } = await linkFor(owner.email);
      await db().update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.userId, owner.id));
      const expired = await confirm(token);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual(refusal(EXPIRED));
      expect((await env().anon().post('/auth/login', { email: owner.email, password: owner.password })).status).toBe(200);
    });

    it('a link stops working once the user’s address changed', async () => {
      const { owner } = await env().factories.account();
      const { token } = await linkFor(owner.email);
      await db()
        .update(users)
        .set({ email: `moved-${Date.now()}@example.com` })
        .where(eq(users.id, owner.id));
      expect((await confirm(token)).body).toEqual(refusal(INVALID));
    });

    it('refuses bad bodies with 400 and field messages, keeping the link usable', async () => {
      const { owner } = await env().factories.account();
      const { token } = await linkFor(owner.email);
      const cases: [string, unknown, Record<string, string[]>][] = [
        ['/auth/password-reset', { email: 'not-an-email' }, { email: ['Must be a valid e-mail address'] }],
        ['/auth/password-reset', {}, { email: ['Is required'] }],
        ['/auth/password-reset', { email: owner.email, password: 'x' }, { _: ['Unknown field: password'] }],
        ['/auth/password-reset/confirm', { token, password: 'short' }, { password: ['Must be at least 10 characters'] }],
        ['/auth/password-reset/confirm', { password: NEW_PASSWORD }, { token: ['Is required'] }],
        ['/auth/password-reset/confirm', { token: 'short', password: NEW_PASSWORD }, { token: ['Is invalid'] }],
      ];
      for (const [path, body, errors] of cases) {
        const res = await env()
          .anon()
          .post(path, body, { headers: { 'x-forwarded-for': freshIp() } });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body).toEqual(refusal('Validation failed', errors));
      }
      expect((await confirm(token)).status).toBe(200);
    });

    it(`allows ${PASSWORD_RESET_MAX_PER_ADDRESS} requests per address an hour, known or not, then answers 429 with Retry-After`, async () => {
      const { owner } = await env().factories.account();
      const unknown = `ghost-${Date.now()}@example.com`;
      for (const email of [owner.email, unknown]) {
        for (let n = 1; n <= PASSWORD_RESET_MAX_PER_ADDRESS; n++) expect((await request(email)).status, `${email} #${n}`).toBe(200);
        const limited = await request(email);
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual(refusal('Too many password reset requests. Try again later.'));
        const retryAfter = Number(limited.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      await waitForMail(dataDir(env()), owner.email, PASSWORD_RESET_MAX_PER_ADDRESS);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailTo(dataDir(env()), owner.email)).toHaveLength(PASSWORD_RESET_MAX_PER_ADDRESS);
      // Another address is not affected.
      const { owner: other } = await env().factories.account();
      expect((await request(other.email)).status).toBe(200);
    });

    it(`allows ${PASSWORD_RESET_MAX_PER_IP} requests per IP an hour, then 429 for any address from it`, async () => {
      const ip = freshIp();
      for (let n = 1; n <= PASSWORD_RESET_MAX_PER_IP; n++) {
        expect((await request(`ip-${n}-${Date.now()}@example.com`, ip)).status, `request ${n}`).toBe(200);
      }
      const { owner } = await env().factories.account();
      const limited = await request(owner.email, ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailTo(dataDir(env()), owner.email)).toEqual([]);
      expect((await request(owner.email, freshIp())).status).toBe(200);
      await waitForMail(dataDir(env()), owner.email);
    });

    it('refuses a request posted from another site (the login CSRF rule) and sends nothing', async () => {
      const { owner } = await env().factories.account();
      const foreign = await env()
        .anon()
        .post(
          '/auth/password-reset',
          { email: owner.email },
          { headers: { origin: 'https://evil.example', 'x-forwarded-for': freshIp() } },
        );
      expect(foreign.status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailTo(dataDir(env()), owner.email)).toEqual([]);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
