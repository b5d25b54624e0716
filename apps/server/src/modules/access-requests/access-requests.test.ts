import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('access requests', (env) => {
  /** An account with a signed-in admin and two signed-in members. */
  const account = async () => {
    const { owner, accountId } = await env().factories.account();
    const ann = await env().factories.member(accountId, 'MEMBER');
    const ben = await env().factories.member(accountId, 'MEMBER');
    return { admin: await env().signIn(owner), ann: { ...ann, c: await env().signIn(ann) }, ben: { ...ben, c: await env().signIn(ben) } };
  };

  it('a member files a request (201)', async () => {
    const { ann } = await account();
    const res = await ann.c.post('/access-requests', { message: '  Need the logo library  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        user: { id: ann.id, name: 'Mia MEMBER', email: ann.email },
        message: 'Need the logo library',
        status: 'PENDING',
        created_at: expect.any(String),
        decided_at: null,
      },
    });
  });

  it('allows one pending request per user: the second is refused with 409', async () => {
    const { ann, ben } = await account();
    expect((await ann.c.post('/access-requests', { message: 'first' })).status).toBe(201);
    const second = await ann.c.post('/access-requests', { message: 'second' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(refusal('You already have a pending access request'));
    expect((await ann.c.get('/access-requests')).body.data.map((r: { message: string }) => r.message)).toEqual(['first']);
    // Someone else may still file theirs.
    expect((await ben.c.post('/access-requests', { message: 'mine' })).status).toBe(201);
  });

  it('members see only their own requests; admins see all of the account', async () => {
    const { admin, ann, ben } = await account();
    const other = await account();
    await other.ann.c.post('/access-requests', { message: 'elsewhere' });
    const a = (await ann.c.post('/access-requests', { message: 'from ann' })).body.data;
    const b = (await ben.c.post('/access-requests', { message: 'from ben' })).body.data;

    expect((await ann.c.get('/access-requests')).body.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await ben.c.get('/access-requests')).body.data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const all = (await admin.get('/access-requests')).body.data.map((r: { id: number }) => r.id);
    expect(all.sort()).toEqual([a.id, b.id].sort());
  });

  it('an admin approves or declines a pending request once; deciding twice is refused with 409', async () => {
    const { admin, ann, ben } = await account();
    const a = (await ann.c.post('/access-requests', { message: 'please' })).body.data;
    const b = (await ben.c.post('/access-requests', { message: 'please' })).body.data;

    const approved = await admin.patch(`/access-requests/${a.id}`, { status: 'APPROVED' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: a.id, status: 'APPROVED', decided_at: expect.any(String), user: { id: ann.id } });
    expect((await ann.c.get('/access-requests')).body.data[0].status).toBe('APPROVED');
    expect((await admin.patch(`/access-requests/${b.id}`, { status: 'DECLINED' })).body.data.status).toBe('DECLINED');

    for (const status of ['DECLINED', 'APPROVED']) {
      const again = await admin.patch(`/access-requests/${a.id}`, { status });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(refusal('This request has already been decided'));
    }
    expect((await admin.get('/access-requests')).body.data.find((r: { id: number }) => r.id === a.id).status).toBe('APPROVED');
    // With nothing pending, a new request may be filed.
    expect((await ann.c.post('/access-requests', { message: 'again' })).status).toBe(201);
  });

  it('a member cannot decide, not even their own request (403)', async () => {
    const { admin, ann } = await account();
    const a = (await ann.c.post('/access-requests', { message: 'let me in' })).body.data;
    const res = await ann.c.patch(`/access-requests/${a.id}`, { status: 'APPROVED' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refusal('Only account admins may decide access requests'));
    expect((await admin.get('/access-requests')).body.data[0].status).toBe('PENDING');
  });

  it('requests of other members or accounts are not found for the caller (404)', async () => {
    const { admin, ann, ben } = await account();
    const other = await account();
    const a = (await ann.c.post('/access-requests', { message: 'mine' })).body.data;
    expect((await ben.c.patch(`/access-requests/${a.id}`, { status: 'APPROVED' })).status).toBe(404);
    expect((await other.admin.patch(`/access-requests/${a.id}`, { status: 'APPROVED' })).status).toBe(404);
    expect((await admin.patch('/access-requests/2000000000', { status: 'APPROVED' })).status).toBe(404);
    expect((await admin.get('/access-requests')).body.data[0].status).toBe('PENDING');
  });

  it('refuses bad bodies with 400', async () => {
    const { admin, ann } = await account();
    const tooLong = await ann.c.post('/access-requests', { message: 'x'.repeat(1001) });
    expect(tooLong.body).toEqual(refusal('Validation failed', { message: ['Is too long'] }));
    expect((await ann.c.post('/access-requests', { message: 'hi', role: 'OWNER' })).status).toBe(400);
    const a = (await ann.c.post('/access-requests', { message: 'ok' })).body.data;
    for (const body of [{ status: 'PENDING' }, { status: 'approved' }, {}]) {
      const res = await admin.patch(`/access-requests/${a.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['status']);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await env().anon().get('/access-requests')).status).toBe(401);
    expect((await env().anon().post('/access-requests', { message: 'x' })).status).toBe(401);
  });
});
