import { ApiError, isAbortError, request } from '../../lib/api';
import { pageLoader } from '../../lib/navigation';

/**
 * The one save path of the toolkit: the
 * serialised fields plus the i18n language go to the setting's api; the answer's success, errors, error,
 * savedEntry and data are read. Without an api the save succeeds locally.
 */

/** POST (default) or PUT as the spec names them; PATCH for resources the API edits partially (docs/api.md). */
export type SaveMethod = 'POST' | 'PUT' | 'PATCH';

/** What the toolkit reads from a save answer (or from a refusal's body). */
export interface SaveReply {
  success: boolean;
  /** HTTP status; 0 when the request never got an answer, 200 for a local save. */
  status: number;
  /** Field messages: the errors map of the answer, first message per field. */
  errors: Record<string, string>;
  /** The answer's error message (often a translation key). */
  error?: string;
  /** The saved list entry or record, when the server sends one. */
  savedEntry?: unknown;
  data?: unknown;
  /** The whole parsed body, for field kinds that read more (password error_types). */
  body: unknown;
  /** True when nothing was sent (no api path). */
  local: boolean;
}

export interface SaveRequest {
  api?: string | null;
  method?: SaveMethod;
  fields: Record<string, unknown>;
  language: string;
  signal?: AbortSignal;
}

function firstMessages(errors: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return result;
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof first === 'string' && first !== '') result[field] = first;
  }
  return result;
}

/** Reads a parsed body into a reply. A body that says success: false is a failure even with status 200. */
export function readReply(body: unknown, status: number): SaveReply {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const okStatus = status >= 200 && status < 300;
  const success = okStatus && object.success !== false;
  return {
    success,
    status,
    errors: firstMessages(object.errors),
    error: typeof object.error === 'string' ? object.error : undefined,
    savedEntry: object.savedEntry,
    data: object.data,
    body,
    local: false,
  };
}

/** The body that is sent: the serialised fields plus `i18n` (the current language). */
export function saveBody(fields: Record<string, unknown>, language: string): Record<string, unknown> {
  return { ...fields, i18n: language };
}

/**
 * A 401 (except a needs-password-reset error) or a 403 "Invalid CSRF token" sends the
 * visitor to sign in, with the current path as referer.
 */
export function needsSignIn(status: number, error: string | undefined): boolean {
  if (status === 401) return !/password[\s_-]*reset/i.test(error ?? '');
  return status === 403 && error === 'Invalid CSRF token';
}

export async function saveSetting({ api, method = 'POST', fields, language, signal }: SaveRequest): Promise<SaveReply> {
  if (!api) return { success: true, status: 200, errors: {}, body: null, local: true, data: fields };
  try {
    const body = await request<unknown>(api, { method, body: saveBody(fields, language), signal });
    return readReply(body, 200);
  } catch (error) {
    if (error instanceof ApiError) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(error.body);
      } catch {
        // Not JSON (a proxy page): no field messages.
      }
      const reply = readReply(parsed, error.status);
      if (needsSignIn(error.status, reply.error) && typeof window !== 'undefined') {
        pageLoader.assign(`/auth?referer=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      }
      return reply;
    }
    if (isAbortError(error)) return { success: false, status: 0, errors: {}, body: null, local: false, error: undefined };
    return { success: false, status: 0, errors: {}, body: null, local: false };
  }
}
