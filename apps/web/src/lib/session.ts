import type { AccountRole, FeatureFlag, Plan } from '@emblem/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from './api';

/** GET /api/auth/session (docs/api.md). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  language: string;
  avatar: string | null;
  gravatar_hash: string | null;
}

export interface SessionAccount {
  id: number;
  name: string;
  role: AccountRole;
  is_admin: boolean;
  plan: Plan;
  trial_end: string | null;
  trial_days_remaining: number | null;
  feature_flags: FeatureFlag[];
}

export interface Session {
  user: SessionUser | null;
  csrfToken: string | null;
  account: SessionAccount | null;
}

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

/** After signing in: store the new CSRF token, drop everything cached for the previous visitor, load the session. */
export async function startSession(queryClient: QueryClient, csrfToken: string): Promise<Session> {
  setCsrfToken(csrfToken);
  queryClient.removeQueries();
  return queryClient.fetchQuery(sessionQuery);
}

export function isSignedIn(session: Session | undefined): session is SignedInSession {
  return Boolean(session?.user && session.account);
}
