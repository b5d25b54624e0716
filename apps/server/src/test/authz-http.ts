import { Buffer } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import type { Client, Json } from './harness.js';

/*
 * Helpers of the authorisation matrix (authz-matrix.test.ts) that know nothing of its rows: unique names,
 * requests the test Client does not model (raw, tus), and the lists of routes the completeness tests compare.
 */

export const b64 = (s: string) => Buffer.from(s).toString('base64');
let counter = 0;
/** A short name no other cell uses. */
export const uniq = (prefix: string) => `${prefix}${(counter++).toString(36)}${Date.now().toString(36).slice(-4)}`;
/** A lower-case name for lists whose entries are letters and digits (blocked extensions). */
export const uniqExt = () => `q${(counter++).toString(36).padStart(6, '0')}`;

/** A request with the caller's credentials (cookie and CSRF token, or bearer) that Client does not model. */
export async function raw(
  c: Client,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Json> {
  const headers: Record<string, string> = { ...init.headers };
  if (c.cookie) headers.cookie = c.cookie;
  if (c.csrf && method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = c.csrf;
  if (c.opts.bearer) headers.authorization = `Bearer ${c.opts.bearer}`;
  const res = await fetch(`${c.base}${path}`, {
    method,
    headers,
    body: init.body ? new Uint8Array(init.body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}

/** The prefix the caller's domain requests go to. */
export const prefixOf = (c: Client) => c.opts.prefix ?? '/api';

/** A tus 1.0 request (`path` below the prefix) with the caller's credentials. */
export function tus(c: Client, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  return raw(c, method, `${prefixOf(c)}${path}`, { headers: { 'tus-resumable': '1.0.0', ...headers }, body });
}
export const tusMetadata = (projectId: number) => `filename ${b64('matrix.png')},project_id ${b64(String(projectId))}`;

/** A GraphQL cell's answer: the status its first error carries, else the HTTP status. */
export function graphqlAnswer(res: Json): number {
  const status = res.body?.errors?.[0]?.extensions?.status;
  return typeof status === 'number' ? status : res.status;
}

/** The route a row is about: its key without the variant in parentheses. */
export const routeOf = (key: string) => key.replace(/ \(.*\)$/, '');
/** A route with its parameters unnamed (`/brand/:id` and `/brand/:brandId` are one path to Fastify). */
export const shape = (route: string) => route.replace(/:[^/]+/g, ':');

/**
 * Every route Fastify serves, as `METHOD /path` with unnamed parameters, read from `printRoutes` (routes cannot be
 * listed otherwise once the server is ready). The HEAD routes Fastify adds to GET routes are left out.
 */
export function fastifyRoutes(app: FastifyInstance): Set<string> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n').filter(Boolean);
  const prefixes: string[] = [];
  const byPath = new Map<string, Set<string>>();
  for (const line of lines) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/.exec(line);
    if (!m) throw new Error(`Cannot read this line of printRoutes: ${JSON.stringify(line)}`);
    const depth = (m[1] ?? '').length / 4;
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (m[2] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!m[3]) continue;
    const methods = byPath.get(shape(path)) ?? new Set<string>();
    for (const method of m[3].split(', ')) methods.add(method);
    byPath.set(shape(path), methods);
  }
  const routes = new Set<string>();
  for (const [path, methods] of byPath) {
    for (const method of methods) if (!(method === 'HEAD' && methods.has('GET'))) routes.add(`${method} ${path}`);
  }
  return routes;
}
