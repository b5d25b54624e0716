import type { SessionAccount, SessionResponse, SessionUser } from '@emblem/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LocaleGroup } from '../locales/groups';
import { api, setCsrfToken } from './api';
import { applyLanguage, chooseLanguage } from './i18n';

/** GET /api/auth/session (docs/api.md): the core response types. */
export type { SessionAccount, SessionUser } from '@emblem/core';
export type Session = SessionResponse;

export interface SignedInSession extends Session {
  user: SessionUser;
  account: SessionAccount;
}

export const sessionQueryKey = ['session'] as const;

export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  const session = await api<Session>('/api/auth/session', { signal });
  // The session answer carries the CSRF token for this session (or none when signed out).
  if (session.csrfToken) setCsrfToken(session.csrfToken);
  return session;
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * After signing in: store the new CSRF token, load the new session into the cache (observers such as the
 * header update at once) and drop everything else cached for the previous visitor.
 */
export async function startSession(queryClient: QueryClient, csrfToken: string): Promise<Session> {
  setCsrfToken(csrfToken);
  const session = await fetchSession();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
  return session;
}

export function isSignedIn(session: Session | undefined): session is SignedInSession {
  return Boolean(session?.user && session.account);
}

/**
 * The session on pages behind requireUser. If it is gone meanwhile (signed out in another tab, expired),
 * the 401 goes to the router error element, which sends the visitor to sign in.
 */
export function useSignedInSession(): SignedInSession {
  const { data } = useSession();
  if (!isSignedIn(data)) throw new Response('Not signed in', { status: 401, statusText: 'Not signed in' });
  return data;
}

/** The interface language for this session: the user's own choice where the account offers it, else the browser's. */
function sessionLanguage(session: Session | undefined) {
  return chooseLanguage(session?.user, session?.account?.feature_flags);
}

/** Shows the interface in the session's language, with the strings of `groups` loaded (before a route renders). */
export function applySessionLanguage(session: Session | undefined, ...groups: LocaleGroup[]): Promise<void> {
  return applyLanguage(sessionLanguage(session), ...groups);
}

/** Follows the session's language at once, without a reload: a profile change, a sign-in, a sign-out. */
export function useSessionLanguage(): void {
  const { data } = useSession();
  const language = sessionLanguage(data);
  useEffect(() => {
    void applyLanguage(language);
  }, [language]);
}
