import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

forEachBackend('health', (env) => {
  it('answers 200 {status: "ok"} to anyone while the database answers', async () => {
    const res = await env().anon().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

// Closing the database breaks everything after it, so this suite has its own server and does nothing else.
forEachBackend('health with the database gone', (env) => {
  it('answers 503 {status: "unavailable"} on /api/health, and 500 without details elsewhere', async () => {
    const { owner } = await env().factories.account();
    const c = await env().signIn(owner);
    expect((await c.get('/health')).status).toBe(200);

    const database = env().started.database;
    await database.close();
    // The suite's teardown closes it again; a pg pool refuses a second end().
    database.close = async () => {};

    const health = await env().anon().get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable' });

    // A request that needs the database fails with the generic 500 envelope: no stack, no SQL, no driver message.
    const res = await c.get('/brand');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Something went wrong. Please try again.', errors: {} });
    const login = await env().anon().post('/auth/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(500);
    expect(login.body).toEqual({ success: false, error: 'Something went wrong. Please try again.', errors: {} });
  });
});
