import { defaultLoginPageSettings, type LoginPageResponse, validLoginPageSettings } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET and PUT /api/login-page (docs/api.md "Sign-in page"): the core response type. */
export type LoginPage = LoginPageResponse;

/** The answer read defensively: stored values over the defaults, so a partial answer still renders. */
export function readLoginPage(data: unknown): LoginPage {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as { settings?: unknown; shown_on_sign_in?: unknown };
  return {
    settings: { ...defaultLoginPageSettings(), ...validLoginPageSettings(answer.settings) },
    shown_on_sign_in: answer.shown_on_sign_in === true,
  };
}

export const loginPageKeys = { all: ['login-page'] as const };

export const loginPageQuery = queryOptions({
  queryKey: loginPageKeys.all,
  queryFn: async ({ signal }) => readLoginPage(await api<unknown>('/api/login-page', { signal })),
  retry: false,
});
