import type { LoginBody, PasswordResetConfirmBody, PasswordResetDone, PasswordResetRequestBody } from '@emblem/core';
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

/** POST /api/auth/password-reset: the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useWrite({
    mutationFn: (body: PasswordResetRequestBody) => api<Record<string, never>>('/api/auth/password-reset', { method: 'POST', body }),
  });
}

/** POST /api/auth/password-reset/confirm: sets the new password; nobody is signed in by it. */
export function useConfirmPasswordReset() {
  return useWrite({
    mutationFn: (body: PasswordResetConfirmBody) => api<PasswordResetDone>('/api/auth/password-reset/confirm', { method: 'POST', body }),
  });
}
