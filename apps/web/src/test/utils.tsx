import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../App';
import { createQueryClient } from '../lib/queryClient';
import type { Session } from '../lib/session';
import { createRoutes } from '../router';

/** A reply of the fake server: a JSON body (wrapped in the envelope unless `raw`) and a status. */
export interface FakeReply {
  status?: number;
  data?: unknown;
  /** A full body instead of `{success: true, data}`. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler =
  | FakeReply
  | ((request: { method: string; path: string; body: unknown; headers: Record<string, string> }) => FakeReply);

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stubs global fetch with a table of "METHOD /path" → reply. Unknown calls answer 404 like the server does.
 * Returns the list of calls made, for assertions.
 */
export function fakeServer(routes: Record<string, FakeHandler>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname + url.search, body, headers };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const reply: FakeReply = handler
      ? typeof handler === 'function'
        ? handler(call)
        : handler
      : { status: 404, body: { success: false, error: 'Not found' } };
    const status = reply.status ?? 200;
    const payload = reply.body !== undefined ? reply.body : { success: status < 400, data: reply.data ?? null };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ANONYMOUS: Session = { user: null, csrfToken: null, account: null };

export function sessionFor(options: { admin?: boolean; role?: 'OWNER' | 'SUPER_USER' | 'MEMBER'; flags?: string[] } = {}): Session {
  const role = options.role ?? (options.admin === false ? 'MEMBER' : 'OWNER');
  return {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', language: 'en', avatar: null, gravatar_hash: 'abc' },
    csrfToken: 'session-csrf',
    account: {
      id: 1,
      name: 'Acme Corp',
      role,
      is_admin: role !== 'MEMBER',
      plan: 'PRO',
      trial_end: null,
      trial_days_remaining: null,
      trial_extension_available: false,
      feature_flags: (options.flags ?? []) as NonNullable<Session['account']>['feature_flags'],
    },
  };
}

/** Renders the real route table at `path` with a fresh query client. */
export function renderApp(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const result = render(<App queryClient={queryClient} router={router} />);
  return { ...result, router, queryClient };
}

/** A consent cookie so the consent dialog stays out of tests that are not about it. */
export function acceptCookies() {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `emblem_cookie_consent=${encodeURIComponent(JSON.stringify({ preferences: false, statistics: false }))}; Path=/`;
}

/**
 * jsdom does no layout: elements measure 0 × 0, so a virtualised list would render nothing. This gives every
 * element a client size (the virtualiser reads clientWidth/clientHeight of its scroll element).
 */
export function stubLayout(size: { width: number; height: number } = { width: 1200, height: 800 }): () => void {
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => size.width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => size.height });
  return () => {
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
  };
}
