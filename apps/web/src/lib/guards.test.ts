import { describe, expect, it } from 'vitest';
import { brand as brandFixture } from '../test/fixtures';
import { ANONYMOUS, fakeServer, sessionFor } from '../test/utils';
import { requireAdmin, requireBrand, requireFlag, requireUser, routeId } from './guards';
import { createQueryClient } from './queryClient';
import { sessionQueryKey } from './session';

async function thrownStatus(promise: Promise<unknown>): Promise<number | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

const brand = (id: number) => brandFixture({ id });

describe('guards', () => {
  it('requireUser throws 401 without a user and loads the session from the server once', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS } });
    const queryClient = createQueryClient();
    expect(await thrownStatus(requireUser(queryClient))).toBe(401);
    expect(await thrownStatus(requireUser(queryClient))).toBe(401);
    expect(calls.filter((c) => c.path === '/api/auth/session')).toHaveLength(1);
  });

  it('requireUser returns the signed-in session', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() } });
    const session = await requireUser(createQueryClient());
    expect(session.user.email).toBe('ada@example.com');
  });

  it('requireAdmin throws 403 for members and 401 for visitors', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, sessionFor({ admin: false }));
    expect(await thrownStatus(requireAdmin(queryClient))).toBe(403);
    queryClient.setQueryData(sessionQueryKey, sessionFor({ role: 'SUPER_USER' }));
    expect(await thrownStatus(requireAdmin(queryClient))).toBe('resolved');
    queryClient.setQueryData(sessionQueryKey, ANONYMOUS);
    expect(await thrownStatus(requireAdmin(queryClient))).toBe(401);
  });

  it('requireFlag throws 403 without the flag', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, sessionFor({ flags: ['TARGETS'] }));
    expect(await thrownStatus(requireFlag(queryClient, 'TARGETS'))).toBe('resolved');
    expect(await thrownStatus(requireFlag(queryClient, 'MARKETPLACE'))).toBe(403);
  });

  it('routeId accepts positive whole numbers only', () => {
    expect(routeId('42')).toBe(42);
    expect(routeId('007')).toBe(7);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(() => routeId(bad), String(bad)).toThrow(Response);
    }
  });

  it('requireBrand compares the route id as a number and reloads for another brand', async () => {
    const { calls } = fakeServer({ 'GET /api/brand/7': { data: brand(7) }, 'GET /api/brand/8': { data: brand(8) } });
    const queryClient = createQueryClient();
    expect((await requireBrand(queryClient, '7')).id).toBe(7);
    // The same brand, written differently, is the loaded context: no new request.
    expect((await requireBrand(queryClient, '007')).id).toBe(7);
    expect(calls.filter((c) => c.path === '/api/brand/7')).toHaveLength(1);
    expect((await requireBrand(queryClient, '8')).id).toBe(8);
    expect(calls.map((c) => c.path)).toEqual(['/api/brand/7', '/api/brand/8']);
  });

  it('requireBrand turns 404 and 403 answers into route errors', async () => {
    fakeServer({
      'GET /api/brand/404': { status: 404, body: { success: false, error: 'Not found' } },
      'GET /api/brand/403': { status: 403, body: { success: false, error: 'Forbidden' } },
      'GET /api/brand/9': { data: brand(10) },
    });
    const queryClient = createQueryClient();
    const silence = console.error;
    console.error = () => {};
    try {
      expect(await thrownStatus(requireBrand(queryClient, '404'))).toBe(404);
      expect(await thrownStatus(requireBrand(queryClient, '403'))).toBe(403);
      expect(await thrownStatus(requireBrand(queryClient, 'abc'))).toBe(404);
      // The server answered with another brand than the route names.
      expect(await thrownStatus(requireBrand(queryClient, '9'))).toBe(404);
    } finally {
      console.error = silence;
    }
  });
});
