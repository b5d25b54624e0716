import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { prepare, type Started } from '../../server.js';
import { Client, forEachBackend, type TestUser } from '../../test/harness.js';

/*
 * Issue 16 §2: session lookups are cached for a few seconds in each process, and nothing that changes permissions
 * may outlive its revocation. Two Emblem servers on one database (PostgreSQL: two apps with their own pools and
 * LISTEN connections; PGlite: two apps sharing the one embedded database) each serve a warm cached session; after a
 * sign-out, a collaborator's removal or an admin's demotion through server A, the very next request is refused by A
 * and by B. The announcement travels through the database (NOTIFY) after the change commits: on PostgreSQL it
 * reaches each process a moment after the answer to the change may have, so the next request waits until both
 * servers have heard it (never longer; without the invalidation their caches would still answer).
 */
forEachBackend('permission revocation across two servers', (env) => {
  /** Server B beside the suite's server A, on the same database and session secret. */
  async function serverB(): Promise<{ b: Started; base: string }> {
    const a = env().started;
    const b = await prepare(a.app.config, { seed: false, database: env().backend === 'pglite' ? a.database : undefined });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    return { b, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  }

  /** The user's one session, as a browser tab on A and another on B. */
  async function onBoth(user: TestUser, baseB: string): Promise<{ a: Client; b: Client }> {
    const a = await env().signIn(user);
    const b = new Client(baseB);
    b.cookie = a.cookie;
    b.csrf = a.csrf;
    return { a, b };
  }

  /** Runs the change through A, and resolves once A and B have both heard of it. */
  async function change(b: Started, run: () => Promise<{ status: number }>) {
    const servers = [env().started.app, b.app];
    const before = servers.map((s) => s.sessionCache.heard);
    expect((await run()).status).toBe(200);
    await vi.waitFor(
      () => {
        for (const [i, s] of servers.entries()) expect(s.sessionCache.heard).toBeGreaterThan(before[i] ?? 0);
      },
      { interval: 1 },
    );
  }

  /** Several answers from each server, so that both hold the session in their caches; all must be `status`. */
  async function warm(tabs: { a: Client; b: Client }, request: (c: Client) => Promise<{ status: number }>, status = 200) {
    for (let i = 0; i < 3; i++) {
      for (const c of [tabs.a, tabs.b]) expect((await request(c)).status).toBe(status);
    }
  }

  it('refuses a signed-out session, a removed collaborator and a demoted admin on both servers at once', async () => {
    const { b, base } = await serverB();
    try {
      const { accountId, owner } = await env().factories.account();
      const member = await env().factories.member(accountId, 'MEMBER');
      const admin = await env().factories.member(accountId, 'SUPER_USER');
      const leaving = await env().factories.member(accountId, 'MEMBER');
      const project = await env().factories.project(owner.actor);
      const ownerTab = await env().signIn(owner);
      expect((await ownerTab.put(`/project/${project.id}/user/${member.id}`, { level: 'VIEW' })).status).toBe(200);

      // (a) Sign-out through A: the cookie that was good on both is refused by both.
      const leavingTabs = await onBoth(leaving, base);
      const cookie = leavingTabs.a.cookie;
      await warm(leavingTabs, (c) => c.get('/brand'));
      await change(b, () => leavingTabs.a.post('/auth/logout'));
      for (const c of [new Client(env().base), new Client(base)]) {
        c.cookie = cookie;
        expect((await c.get('/brand')).status).toBe(401);
      }

      // (b) A collaborator removed through A no longer sees the project's assets on A or on B.
      const memberTabs = await onBoth(member, base);
      const listProject = (c: Client) => c.post('/asset/list', { project_id: project.id });
      await warm(memberTabs, listProject);
      // Project levels are read on every request, never cached: nothing to announce, nothing to wait for.
      expect((await ownerTab.delete(`/project/${project.id}/user/${member.id}`)).status).toBe(200);
      for (const c of [memberTabs.a, memberTabs.b]) expect((await listProject(c)).status).toBe(404);

      // (c) An admin demoted through A is refused admin-only requests on A and on B.
      const adminTabs = await onBoth(admin, base);
      await warm(adminTabs, (c) => c.get('/account/users'));
      await change(b, () => ownerTab.patch(`/account/users/${admin.id}`, { role: 'MEMBER' }));
      for (const c of [adminTabs.a, adminTabs.b]) expect((await c.get('/account/users')).status).toBe(403);
      // …while the session itself stays good, now as a member.
      for (const c of [adminTabs.a, adminTabs.b]) expect((await c.get('/brand')).status).toBe(200);
    } finally {
      await b.stop();
    }
  });

  it('looks every session up while the listening connection is lost, and caches again once it is back', async (ctx) => {
    if (env().backend !== 'postgres') ctx.skip();
    const app = env().started.app;
    const { owner } = await env().factories.account();
    const tab = await env().signIn(owner);
    for (let i = 0; i < 3; i++) expect((await tab.get('/brand')).status).toBe(200);
    const admin = new pg.Client({ connectionString: app.config.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "emblem_access"'`,
      );
      await vi.waitFor(() => expect(app.sessionCache.listening).toBe(false), { interval: 5 });
      // Revoked while nobody hears the announcement: the cached session must not answer.
      await admin.query('update sessions set revoked_at = now() where user_id = $1', [owner.id]);
      expect((await tab.get('/brand')).status).toBe(401);
      await vi.waitFor(() => expect(app.sessionCache.listening).toBe(true), { timeout: 10_000 });
    } finally {
      await admin.end();
    }
  });
});
