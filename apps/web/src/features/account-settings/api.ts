import type { FeatureFlag, Plan } from '@emblem/core';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { projectKeys } from '../projects/api';

/** GET /api/account (docs/api.md "Accounts"). */
export interface Account {
  id: number;
  name: string;
  plan: Plan;
  trial_plan: Plan;
  trial_end: string | null;
  trial_days_remaining: number | null;
  company_size: string | null;
  /** Refused on upload anywhere in the account (normalised: lower-case, no dot). */
  blocked_extensions: string[];
  personal_project_access: boolean;
  feature_flags: FeatureFlag[];
  currentUserPermissions: { isOwner: boolean; isSuperUser: boolean };
}

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
