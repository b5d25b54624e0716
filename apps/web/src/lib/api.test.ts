import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/utils';
import { ApiError, api, GraphQLError, graphql, request, resetCsrfToken, setCsrfToken } from './api';

function setMeta(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.append(meta);
  }
  meta.content = content;
}

describe('api client', () => {
  beforeEach(() => {
    setMeta('meta-token');
    resetCsrfToken();
  });
  afterEach(() => {
    document.querySelector('meta[name="csrf-token"]')?.remove();
    resetCsrfToken();
  });

  it('sends the CSRF token from the meta tag on unsafe methods only', async () => {
    const { calls } = fakeServer({ 'GET /api/brand': { data: [] }, 'POST /api/brand': { status: 201, data: { id: 1 } } });
    await api('/api/brand');
    await api('/api/brand', { method: 'POST', body: { name: 'Acme' } });
    expect(calls[0]?.headers['X-CSRF-Token']).toBeUndefined();
    expect(calls[1]?.headers['X-CSRF-Token']).toBe('meta-token');
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ name: 'Acme' });
  });

  it('uses the token from a login or session answer once it is set', async () => {
    const { calls } = fakeServer({ 'DELETE /api/brand/3': { data: { id: 3 } }, 'PATCH /api/brand/3': { data: { id: 3 } } });
    setCsrfToken('fresh-token');
    await api('/api/brand/3', { method: 'DELETE' });
    await api('/api/brand/3', { method: 'PATCH', body: { name: 'B' } });
    expect(calls.map((c) => c.headers['X-CSRF-Token'])).toEqual(['fresh-token', 'fresh-token']);
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('fresh-token');
  });

  it('sends same-origin credentials', async () => {
    const { fetchMock } = fakeServer({ 'GET /api/health': { body: { status: 'ok' } } });
    await request('/api/health');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('unwraps the success envelope', async () => {
    fakeServer({ 'GET /api/brand/1': { data: { id: 1, name: 'Acme' } } });
    await expect(api('/api/brand/1')).resolves.toEqual({ id: 1, name: 'Acme' });
  });

  it('throws ApiError with status, body, envelope error and field errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = { success: false, error: 'Validation failed', errors: { name: ['Is required'] } };
    fakeServer({ 'POST /api/brand': { status: 400, body } });
    const error = await api('/api/brand', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe(`Status code 400 - ${JSON.stringify(body)}`);
    expect(apiError.error).toBe('Validation failed');
    expect(apiError.errors).toEqual({ name: ['Is required'] });
    expect(apiError.fieldError('name')).toBe('Is required');
  });

  it('reads Retry-After on 429', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({ 'POST /api/auth/login': { status: 429, body: { success: false, error: 'Too many' }, headers: { 'Retry-After': '120' } } });
    const error = (await api('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBe(120);
  });

  it('logs unexpected failures, but not handled refusals (4xx) nor aborted requests', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({
      'GET /api/brand': { status: 500, body: { success: false, error: 'Something went wrong. Please try again.' } },
      'POST /api/auth/login': { status: 401, body: { success: false, error: 'Invalid e-mail or password' } },
      'GET /api/brand/9': { status: 404, body: { success: false, error: 'Not found' } },
    });
    await api('/api/brand').catch(() => {});
    expect(log).toHaveBeenCalledTimes(1);
    await api('/api/auth/login', { method: 'POST', body: {} }).catch(() => {});
    await api('/api/brand/9').catch(() => {});
    expect(log).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    await api('/api/brand').catch(() => {});
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('graphql posts query and variables and throws the first error message', async () => {
    const { calls } = fakeServer({
      'POST /graphql-internal': ({ body }) =>
        (body as { variables: { id: string } }).variables.id === 'bad'
          ? { body: { data: null, errors: [{ message: 'Invalid base64Id' }, { message: 'second' }] } }
          : { body: { data: { brand: { name: 'Acme' } } } },
    });
    await expect(graphql('query($id: ID!) { brand(id: $id) { name } }', { id: 'ok' })).resolves.toEqual({ brand: { name: 'Acme' } });
    expect(calls[0]?.body).toEqual({ query: 'query($id: ID!) { brand(id: $id) { name } }', variables: { id: 'ok' } });
    expect(calls[0]?.headers['X-CSRF-Token']).toBe('meta-token');
    const error = await graphql('query { x }', { id: 'bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as Error).message).toBe('Invalid base64Id');
  });
});
