import type { UserInfo, VerifiedEmail } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { UserInfo, VerifiedEmail } from '@emblem/core';

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
