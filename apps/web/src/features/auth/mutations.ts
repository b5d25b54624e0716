import type { LoginBody } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { pageLoader } from '../../lib/navigation';
import { startSession } from '../../lib/session';

interface LoginAnswer {
  user: { id: number; name: string; email: string };
  csrfToken: string;
}

/** POST /api/auth/login, then the new session replaces everything cached for the previous visitor. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async (body: LoginBody) => {
      const answer = await api<LoginAnswer>('/api/auth/login', { method: 'POST', body });
      await startSession(queryClient, answer.csrfToken);
    },
  });
}

/** POST /api/auth/invitation/accept: the new user is signed in at once. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async (body: { token: string; name: string; password: string }) => {
      const answer = await api<{ csrfToken: string }>('/api/auth/invitation/accept', { method: 'POST', body });
      await startSession(queryClient, answer.csrfToken);
    },
  });
}

/** POST /api/auth/logout, then a full page load of /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async () => {
      await api('/api/auth/logout', { method: 'POST' });
      setCsrfToken(null);
      queryClient.clear();
      // A full page load: the next visitor starts with a fresh page, CSRF meta and caches.
      pageLoader.assign('/auth');
    },
  });
}
