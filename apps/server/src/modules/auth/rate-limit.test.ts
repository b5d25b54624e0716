import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

forEachBackend('sign-in rate limit', (env) => {
  const login = (email: string, password: string) => env().anon().post('/auth/login', { email, password });

  it('after 10 failed sign-ins for one e-mail and IP, refuses the 11th with 429 and Retry-After, even with the right password', async () => {
    const { owner } = await env().factories.account();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await login(owner.email, `wrong-password-${attempt}`);
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }

    const limited = await login(owner.email, owner.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many failed sign-in attempts. Try again later.', errors: {} });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.headers.getSetCookie().some((v) => v.startsWith('emblem_session='))).toBe(false);

    // The e-mail is normalised, so changing its case does not reset the count.
    expect((await login(owner.email.toUpperCase(), owner.password)).status).toBe(429);
  });

  it('counts failures per e-mail: another e-mail from the same IP still signs in', async () => {
    const { owner: victim } = await env().factories.account();
    const { owner: bystander } = await env().factories.account();
    for (let attempt = 1; attempt <= 11; attempt++) await login(victim.email, 'wrong-password');
    expect((await login(victim.email, victim.password)).status).toBe(429);

    const res = await login(bystander.email, bystander.password);
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(bystander.id);
  });

  it('does not count successful sign-ins as failures', async () => {
    const { owner } = await env().factories.account();
    for (let attempt = 1; attempt <= 9; attempt++) await login(owner.email, 'wrong-password');
    for (let attempt = 1; attempt <= 3; attempt++) expect((await login(owner.email, owner.password)).status).toBe(200);
  });
});
