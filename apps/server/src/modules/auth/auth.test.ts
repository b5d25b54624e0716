import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('sign-in and sessions', (env) => {
  /** A second client that replays another client's cookie (someone holding a copied cookie). */
  const withCookie = (cookie: string | null) => {
    const c = env().anon();
    c.cookie = cookie;
    return c;
  };
  const isSignedIn = async (c: Client) => (await c.get('/user/info')).status === 200;

  it('signs in, returns the CSRF token and sets an HttpOnly SameSite=Lax cookie', async () => {
    const { owner } = await env().factories.account();
    const c = env().anon();
    const res = await c.post('/auth/login', { email: owner.email.toUpperCase(), password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toEqual({ id: owner.id, name: 'Olive Owner', email: owner.email });
    expect(res.body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('emblem_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await c.get('/auth/session');
    expect(session.body.data.user.email).toBe(owner.email);
    expect(session.body.data.csrfToken).toBe(res.body.data.csrfToken);
    expect(session.body.data.account.is_admin).toBe(true);
  });

  it('refuses a wrong password or unknown e-mail with 401 "Invalid email or password"', async () => {
    const { owner } = await env().factories.account();
    for (const body of [
      { email: owner.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: owner.password },
    ]) {
      const res = await env().anon().post('/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Invalid email or password', errors: {} });
    }
  });

  it('refuses malformed sign-in bodies with 400 and field messages', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ email: 'someone@example.com' }, { password: ['Is required'] }],
      [{ password: 'whatever-password' }, { email: ['Is required'] }],
      [{ email: 'not-an-email', password: 'whatever-password' }, { email: ['Must be a valid e-mail address'] }],
      [{ email: 'someone@example.com', password: 'whatever-password', remember: true }, { _: ['Unknown field: remember'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await env().anon().post('/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusal('Validation failed', errors));
    }
  });

  it('answers the anonymous session with nulls', async () => {
    const res = await env().anon().get('/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { user: null, csrfToken: null, account: null } });
  });

  it('describes the signed-in user and account in the session answer', async () => {
    const { accountId } = await env().factories.account({ plan: 'PRO', flags: ['ANALYTICS'], name: 'Session Co' });
    const member = await env().factories.member(accountId, 'MEMBER');
    const res = await (await env().signIn(member)).get('/auth/session');
    expect(res.body.data.user).toEqual({
      id: member.id,
      name: 'Mia MEMBER',
      email: member.email,
      language: 'en',
      avatar: null,
      gravatar_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(res.body.data.account).toEqual({
      id: accountId,
      name: 'Session Co',
      role: 'MEMBER',
      is_admin: false,
      plan: 'PRO',
      trial_end: null,
      trial_days_remaining: null,
      trial_extension_available: false,
      feature_flags: ['ANALYTICS'],
    });
  });

  it('signs out: answers {}, clears the cookie and revokes the session for anyone replaying it', async () => {
    const { owner } = await env().factories.account();
    const c = await env().signIn(owner);
    const copied = c.cookie;
    expect(await isSignedIn(withCookie(copied))).toBe(true);

    const res = await c.post('/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: {} });
    expect(res.headers.getSetCookie().some((v) => /^emblem_session=;/.test(v))).toBe(true);
    expect(c.cookie).toBeNull();

    const replay = withCookie(copied);
    expect((await replay.get('/user/info')).body).toEqual(refusal('Not signed in'));
    expect((await replay.get('/auth/session')).body.data.user).toBeNull();
  });

  it('lists the live sessions of the user, marking the current one', async () => {
    const { owner } = await env().factories.account();
    const first = env().anon();
    const login = await first.post(
      '/auth/login',
      { email: owner.email, password: owner.password },
      { headers: { 'user-agent': 'EmblemTest/1.0' } },
    );
    first.csrf = login.body.data.csrfToken;
    const second = await env().signIn(owner);

    const res = await first.get('/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const [mine, other] = res.body.data;
    expect(mine).toEqual({
      id: expect.any(Number),
      user_agent: 'EmblemTest/1.0',
      ip: '127.0.0.1',
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
      current: true,
    });
    expect(other.current).toBe(false);
    expect(new Date(mine.expires_at).getTime()).toBeGreaterThan(new Date(mine.created_at).getTime());

    const fromSecond = await second.get('/auth/sessions');
    expect(fromSecond.body.data.map((s: { id: number; current: boolean }) => [s.id, s.current])).toEqual([
      [mine.id, false],
      [other.id, true],
    ]);
  });

  it('revokes one session: its cookie stops working while the caller stays signed in', async () => {
    const { owner } = await env().factories.account();
    const laptop = await env().signIn(owner);
    const phone = await env().signIn(owner);
    const phoneSession = (await phone.get('/auth/sessions')).body.data.find((s: { current: boolean }) => s.current);

    const res = await laptop.delete(`/auth/sessions/${phoneSession.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: phoneSession.id } });

    expect((await phone.get('/user/info')).status).toBe(401);
    expect(await isSignedIn(laptop)).toBe(true);
    const left = (await laptop.get('/auth/sessions')).body.data.map((s: { id: number }) => s.id);
    expect(left).not.toContain(phoneSession.id);
    expect(left).toHaveLength(1);
    // Revoking it again: it is gone.
    expect((await laptop.delete(`/auth/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it("cannot revoke another user's session (404) and refuses a malformed id (400)", async () => {
    const { owner, accountId } = await env().factories.account();
    const colleague = await env().signIn(await env().factories.member(accountId));
    const colleagueSession = (await colleague.get('/auth/sessions')).body.data[0];
    const c = await env().signIn(owner);

    const res = await c.delete(`/auth/sessions/${colleagueSession.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(refusal('Not found'));
    expect(await isSignedIn(colleague)).toBe(true);

    const bad = await c.delete('/auth/sessions/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation failed');
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
  });

  it('no longer accepts the cookie of an expired session', async () => {
    const { owner } = await env().factories.account();
    const c = await env().signIn(owner);
    expect(await isSignedIn(c)).toBe(true);

    await env()
      .started.database.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, owner.id));

    const copied = c.cookie;
    const res = await c.get('/user/info');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(refusal('Not signed in'));
    expect(res.headers.getSetCookie().some((v) => /^emblem_session=;/.test(v))).toBe(true);
    expect((await withCookie(copied).get('/auth/session')).body.data).toEqual({ user: null, csrfToken: null, account: null });
  });

  it('refuses a cookie-less sign-in posted from another site, accepts one from this site', async () => {
    const { owner } = await env().factories.account();
    const credentials = { email: owner.email, password: owner.password };
    const foreign = await env()
      .anon()
      .post('/auth/login', credentials, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(refusal('Invalid CSRF token'));
    expect(foreign.headers.getSetCookie().some((v) => v.startsWith('emblem_session=') && !/^emblem_session=;/.test(v))).toBe(false);

    const same = await env()
      .anon()
      .post('/auth/login', credentials, { headers: { origin: env().base } });
    expect(same.status).toBe(200);
  });
});
