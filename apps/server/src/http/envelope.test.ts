import { expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app.js';
import { Client, forEachBackend } from '../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('JSON envelope and refusals of bad input', (env) => {
  const admin = async () => env().signIn((await env().factories.account()).owner);
  const brandNames = async (c: Client) => (await c.get('/brand')).body.data.map((b: { name: string }) => b.name);

  it('wraps success as {success: true, data}', async () => {
    const c = await admin();
    const res = await c.get('/brand');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('answers malformed JSON with 400 "Invalid JSON body"', async () => {
    const c = await admin();
    for (const raw of ['{"name": ', "{name: 'x'}", '', '{"name": "a"} trailing']) {
      const res = await c.post('/brand', undefined, { raw });
      expect(res.status, JSON.stringify(raw)).toBe(400);
      expect(res.body).toEqual(refusal('Invalid JSON body'));
    }
    expect(await brandNames(c)).toEqual([]);
  });

  it('answers missing and unknown fields with 400 "Validation failed" and field messages', async () => {
    const c = await admin();
    expect((await c.post('/brand', {})).body).toEqual(refusal('Validation failed', { name: ['Is required'] }));
    expect((await c.post('/brand', { name: 'Fine', extra: 1, more: 2 })).body).toEqual(
      refusal('Validation failed', { _: ['Unknown fields: extra, more'] }),
    );
    expect((await c.post('/brand', undefined, { raw: 'null' })).status).toBe(400);
    expect((await c.post('/brand', undefined, { raw: '"just a string"' })).status).toBe(400);
    expect(await brandNames(c)).toEqual([]);
  });

  it('answers wrong types with 400 and a type message ("Must be a string"/"Must be a number"), not "Is required"', async () => {
    const c = await admin();
    for (const name of [42, true, ['a'], { text: 'a' }]) {
      const res = await c.post('/brand', { name });
      expect(res.status).toBe(400);
      expect(res.body, JSON.stringify(name)).toEqual(refusal('Validation failed', { name: ['Must be a string'] }));
    }
    const path = await c.get('/user/info/abc');
    expect(path.body).toEqual(refusal('Validation failed', { userId: ['Must be a number'] }));
    expect(await brandNames(c)).toEqual([]);
  });

  it('answers 401 "Not signed in" without a session', async () => {
    const res = await env().anon().get('/brand');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(refusal('Not signed in'));
  });

  it('answers unknown /api and /v1 paths of a signed-in caller with 404 "Not found"', async () => {
    const c = await admin();
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/brand/1/nothing'],
      ['DELETE', '/api/account'],
    ] as const) {
      const res = await c.request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(refusal('Not found'));
    }
    const token = (await c.post('/user/tokens', { name: 't' })).body.data.token;
    const v1 = await new Client(env().base, { prefix: '/v1', bearer: token }).get('/v1/nothing-here');
    expect(v1.status).toBe(404);
    expect(v1.body).toEqual(refusal('Not found'));
    // Cookie routes are not part of /v1.
    expect((await new Client(env().base, { prefix: '/v1', bearer: token }).get('/v1/auth/sessions')).status).toBe(404);
  });

  it('answers unknown /api and /v1 paths with 404 "Not found" also without a session (docs/api.md: "also for unknown /api paths")', async () => {
    for (const path of ['/api/nothing-here', '/api', '/v1/nothing-here']) {
      const res = await env().anon().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(refusal('Not found'));
    }
  });

  it('hands unknown non-API GET paths to the web app also without a session, not a 401 JSON refusal', async () => {
    // Without a web build the app answers a plain-text 404; with one, index.html. Never the API's 401.
    const res = await fetch(`${env().base}/admin/users`);
    expect(res.status).not.toBe(401);
    expect(res.headers.get('content-type')).not.toMatch(/^application\/json/);
  });

  it('answers a JSON body over 1 MB with 413, and one just under it with the usual validation', async () => {
    const c = await admin();
    const over = await c.post('/brand', { name: 'x'.repeat(JSON_BODY_LIMIT) });
    expect(over.status).toBe(413);
    expect(over.body).toEqual(refusal('Request body is too large (limit 1 MB)'));

    const under = await c.post('/brand', { name: 'x'.repeat(JSON_BODY_LIMIT - 100) });
    expect(under.status).toBe(400);
    expect(under.body).toEqual(refusal('Validation failed', { name: ['Is too long'] }));
    expect(await brandNames(c)).toEqual([]);
  });

  it('answers an unsupported content type with 415', async () => {
    const c = await admin();
    for (const type of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await c.post('/brand', undefined, { raw: 'name=Evil', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual(refusal('Unsupported media type'));
    }
    expect(await brandNames(c)).toEqual([]);
  });

  it('refuses ids beyond the database integer range with 400 instead of failing in SQL', async () => {
    const c = await admin();
    const res = await c.get('/brand/99999999999');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal('Validation failed', { id: ['Is too large'] }));
  });
});
