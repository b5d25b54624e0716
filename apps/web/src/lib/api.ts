/**
 * The API client (docs/api.md).
 * - JSON in and out, cookies same-origin.
 * - Unsafe methods send X-CSRF-Token: first from <meta name="csrf-token">, then from login and session answers.
 * - A non-OK reply throws ApiError ("Status code {status} - {body}") that also carries the envelope for forms.
 * - Failures are logged to the console unless the request was aborted.
 */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  /** The raw response body. */
  readonly body: string;
  /** The envelope's `error` message, when the body is one. */
  readonly error: string | undefined;
  /** Field messages from a validation envelope. */
  readonly errors: FieldErrors;
  /** Seconds from a Retry-After header (429). */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: string, retryAfter?: number) {
    super(`Status code ${status} - ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    const envelope = parseEnvelope(body);
    this.error = envelope?.error;
    this.errors = envelope?.errors ?? {};
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

interface ErrorEnvelope {
  error?: string;
  errors?: FieldErrors;
}

function parseEnvelope(body: string): ErrorEnvelope | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { error, errors } = parsed as Record<string, unknown>;
    const result: ErrorEnvelope = {};
    if (typeof error === 'string') result.error = error;
    if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
      const fieldErrors: FieldErrors = {};
      for (const [field, messages] of Object.entries(errors)) {
        if (Array.isArray(messages)) fieldErrors[field] = messages.filter((m): m is string => typeof m === 'string');
        else if (typeof messages === 'string') fieldErrors[field] = [messages];
      }
      result.errors = fieldErrors;
    }
    return result;
  } catch {
    return undefined;
  }
}

let csrfToken: string | null | undefined;

function readMetaToken(): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  return content ? content : null;
}

/** The token sent with unsafe methods: the last one the server gave us, else the page's meta value. */
export function getCsrfToken(): string | null {
  if (csrfToken === undefined) csrfToken = readMetaToken();
  return csrfToken;
}

/** Called with the token from the login, invitation and session answers. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (meta) meta.content = token ?? '';
}

/** Forget the cached token so the next call reads the meta tag again (tests, sign-out). */
export function resetCsrfToken(): void {
  csrfToken = undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  return e.name === 'AbortError' || e.code === 20 || (typeof e.message === 'string' && /abort/i.test(e.message));
}

/** Low-level request: returns the parsed JSON body of an OK reply. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    const token = getCsrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  try {
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      throw new ApiError(response.status, text, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    // Only unexpected failures belong in the console: a refusal the screen handles (4xx) and an aborted request do not.
    if (!isAbortError(error) && !(error instanceof ApiError && error.status < 500))
      console.error(`Request failed: ${method} ${path}`, error);
    throw error;
  }
}

interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

/** A call to the REST API: unwraps the `{success, data}` envelope. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await request<SuccessEnvelope<T>>(path, options);
  return envelope.data;
}

export class GraphQLError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphQLError';
  }
}

/** POST /graphql-internal; throws the first error message. */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
  type Result = { data?: T; errors?: { message: string }[] };
  let result: Result;
  try {
    result = await request<Result>('/graphql-internal', { method: 'POST', body: { query, variables }, signal });
  } catch (error) {
    // A GraphQL server may answer errors with a non-OK status; the first error message still wins.
    const message = error instanceof ApiError ? firstGraphQLMessage(error.body) : undefined;
    if (message) throw new GraphQLError(message);
    throw error;
  }
  const first = result.errors?.[0];
  if (first) throw new GraphQLError(first.message);
  return result.data as T;
}

/** The best user-facing message for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.error ?? fallback;
  if (error instanceof GraphQLError) return error.message;
  return fallback;
}

function firstGraphQLMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: unknown }[] };
    const message = parsed.errors?.[0]?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
