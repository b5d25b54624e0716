import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/user/info (docs/api.md "Users"; data-api.md §3 User). */
export interface UserInfo {
  id: number;
  name: string | null;
  email: string;
  email_verified_at: string | null;
  /** The address of an open change request; it replaces `email` once its link is opened. */
  pending_email: string | null;
  language: string;
  avatar: string | null;
  gravatar_hash: string;
  created_at: string;
  role: string;
  organization: { id: number; name: string };
}

/** POST /api/user/email-verification. */
export interface VerifiedEmail {
  user_id: number;
  email: string;
  email_verified_at: string;
}

export const profileKeys = {
  info: ['user', 'info'] as const,
};

/** Always asked again when the profile opens: a link opened elsewhere may have changed the address. */
export const userInfoQuery = queryOptions({
  queryKey: profileKeys.info,
  queryFn: ({ signal }) => api<UserInfo>('/api/user/info', { signal }),
  staleTime: 0,
});

export const PROFILE_API = '/api/user/profile';
export const PASSWORD_API = '/api/user/password';
export const emailVerificationApi = (userId: number) => `/api/user/${userId}/email-verification`;

export function confirmEmailVerification(token: string, signal?: AbortSignal) {
  return api<VerifiedEmail>('/api/user/email-verification', { method: 'POST', body: { email_verification_token: token }, signal });
}
