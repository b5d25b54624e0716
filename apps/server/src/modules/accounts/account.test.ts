import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';

const DAY_MS = 86_400_000;
const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('account, trial and feature flags', (env) => {
  const expiredTrial = () => new Date(Date.now() - 2 * DAY_MS);
  /** A signed-in OWNER (or another role) of a fresh account. */
  const signedIn = async (opts: Parameters<ReturnType<typeof env>['factories']['account']>[0] = {}, role?: 'SUPER_USER' | 'MEMBER') => {
    const { owner, accountId } = await env().factories.account(opts);
    const user = role ? await env().factories.member(accountId, role) : owner;
    return { accountId, c: await env().signIn(user) };
  };

  it('describes the account with the permissions of the caller', async () => {
    const { accountId, c } = await signedIn({ name: 'Account Co', plan: 'PRO', flags: ['SSO', 'ANALYTICS'] });
    const res = await c.get('/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: accountId,
        name: 'Account Co',
        plan: 'PRO',
        trial_plan: 'FREE',
        trial_end: null,
        trial_days_remaining: null,
        company_size: null,
        blocked_extensions: [],
        personal_project_access: true,
        feature_flags: ['SSO', 'ANALYTICS'],
        currentUserPermissions: { isOwner: true, isSuperUser: false },
      },
    });
    const superUser = await signedIn({}, 'SUPER_USER');
    expect((await superUser.c.get('/account')).body.data.currentUserPermissions).toEqual({ isOwner: false, isSuperUser: true });
    expect((await env().anon().get('/account')).status).toBe(401);
  });

  it('extends an expired trial of a paid plan once, by 14 days, for an admin', async () => {
    const { c } = await signedIn({ plan: 'PRO', trialEndsAt: expiredTrial() });
    expect((await c.get('/account')).body.data.trial_days_remaining).toBeLessThan(0);
    // The session tells the web app that this admin may extend it now (and, after, that nobody may).
    expect((await c.get('/auth/session')).body.data.account.trial_extension_available).toBe(true);

    const before = Date.now();
    const res = await c.get('/account/trial-extend');
    const after = Date.now();
    expect(res.status).toBe(200);
    const end = new Date(res.body.data.trial_end).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(end).toBeLessThanOrEqual(after + 14 * DAY_MS);
    expect((await c.get('/account')).body.data).toMatchObject({ trial_end: res.body.data.trial_end, trial_days_remaining: 14 });
    expect((await c.get('/auth/session')).body.data.account.trial_extension_available).toBe(false);

    const again = await c.get('/account/trial-extend');
    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
    expect((await c.get('/account')).body.data.trial_end).toBe(res.body.data.trial_end);
  });

  it('extends only once even after the extension has run out', async () => {
    const { accountId, c } = await signedIn({ plan: 'PRO', trialEndsAt: expiredTrial() });
    expect((await c.get('/account/trial-extend')).status).toBe(200);
    // The extension is over too.
    await env().started.database.db.update(accounts).set({ trialEndsAt: expiredTrial() }).where(eq(accounts.id, accountId));
    const res = await c.get('/account/trial-extend');
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('The trial has already been extended once'));
  });

  it('refuses to extend a FREE plan, a running trial, or for a MEMBER', async () => {
    const free = await signedIn({ plan: 'FREE', trialEndsAt: expiredTrial() });
    const freeRes = await free.c.get('/account/trial-extend');
    expect(freeRes.status).toBe(409);
    expect(freeRes.body).toEqual(refusal('The account is on the free plan and has no trial to extend'));

    const running = await signedIn({ plan: 'PRO', trialEndsAt: new Date(Date.now() + 3 * DAY_MS) });
    const runningRes = await running.c.get('/account/trial-extend');
    expect(runningRes.status).toBe(409);
    expect(runningRes.body).toEqual(refusal('The trial has not ended yet'));

    const member = await signedIn({ plan: 'PRO', trialEndsAt: expiredTrial() }, 'MEMBER');
    for (const who of [free, running, member]) {
      expect((await who.c.get('/auth/session')).body.data.account.trial_extension_available).toBe(false);
    }
    const memberRes = await member.c.get('/account/trial-extend');
    expect(memberRes.status).toBe(403);
    expect(memberRes.body).toEqual(refusal('Only account admins may extend the trial'));
    expect((await member.c.get('/account')).body.data.trial_days_remaining).toBeLessThan(0);
  });

  it('turns feature flags on and off for admins, idempotently and sorted', async () => {
    const { c } = await signedIn({ flags: ['SSO'] });
    const on = await c.put('/development/flag/ANALYTICS');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ success: true, data: { feature_flags: ['ANALYTICS', 'SSO'] } });
    expect((await c.put('/development/flag/ANALYTICS')).body.data.feature_flags).toEqual(['ANALYTICS', 'SSO']);
    expect((await c.get('/account')).body.data.feature_flags).toEqual(['ANALYTICS', 'SSO']);
    expect((await c.get('/auth/session')).body.data.account.feature_flags).toEqual(['ANALYTICS', 'SSO']);

    const off = await c.delete('/development/flag/SSO');
    expect(off.body).toEqual({ success: true, data: { feature_flags: ['ANALYTICS'] } });
    expect((await c.get('/account')).body.data.feature_flags).toEqual(['ANALYTICS']);

    const superUser = await signedIn({}, 'SUPER_USER');
    expect((await superUser.c.put('/development/flag/REPORTS')).body.data.feature_flags).toEqual(['REPORTS']);
  });

  it('refuses flag changes by a MEMBER (403) and unknown flags (400)', async () => {
    const member = await signedIn({ flags: ['SSO'] }, 'MEMBER');
    for (const res of [await member.c.put('/development/flag/ANALYTICS'), await member.c.delete('/development/flag/SSO')]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal('Only account admins may do this'));
    }
    expect((await member.c.get('/account')).body.data.feature_flags).toEqual(['SSO']);

    const { c } = await signedIn();
    for (const flag of ['NOT_A_FLAG', 'analytics']) {
      const res = await c.put(`/development/flag/${flag}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusal('Validation failed', { flag: ['Unknown feature flag'] }));
    }
    expect((await c.get('/account')).body.data.feature_flags).toEqual([]);
  });

  it('counts users by status and role, and access requests', async () => {
    const { owner, accountId } = await env().factories.account();
    await env().factories.member(accountId, 'SUPER_USER');
    const first = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    const second = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    const admin = await env().signIn(owner);
    await admin.post('/account/users/invite', { email: 'pending@example.com', role: 'MEMBER' });
    const request = (await first.post('/access-requests', { message: 'please' })).body.data;
    await second.post('/access-requests', { message: 'me too' });
    await admin.patch(`/access-requests/${request.id}`, { status: 'APPROVED' });

    const res = await admin.get('/account/usage');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        users: { total: 5, active: 4, invited: 1, owners: 1, super_users: 1, members: 3 },
        access_requests: { pending: 1, total: 2 },
      },
    });
    // Another account's figures are its own.
    const { c: other } = await signedIn();
    expect((await other.get('/account/usage')).body.data).toEqual({
      users: { total: 1, active: 1, invited: 0, owners: 1, super_users: 0, members: 0 },
      access_requests: { pending: 0, total: 0 },
    });
  });
});
