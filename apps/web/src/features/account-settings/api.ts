import type { AccountResponse } from '@emblem/core';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { projectKeys } from '../projects/api';

/** GET /api/account (docs/api.md "Accounts"): the core response type. */
export type Account = AccountResponse;

export const accountKeys = {
  /** Not ['account']: that prefix also holds the members list and the storage usage. */
  detail: ['account', 'detail'] as const,
};

export const accountQuery = queryOptions({
  queryKey: accountKeys.detail,
  queryFn: ({ signal }) => api<Account>('/api/account', { signal }),
});

/** The extension rules that uploads check ahead come from the account list too: ask for them again. */
export function invalidateExtensionRules(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'extensions'] });
  void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'detail'] });
}
