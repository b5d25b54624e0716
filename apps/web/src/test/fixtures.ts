import type { AccountUser } from '../features/admin-users/api';
import type { Brand } from '../features/brands/api';
import type { AccountUsage } from '../features/usage/api';

export function brand(overrides: Partial<Brand> = {}): Brand {
  const id = overrides.id ?? 1;
  return {
    id,
    account_id: 1,
    name: `Brand ${id}`,
    slug: `brand-${id}`,
    avatar: null,
    is_favourite: false,
    created_at: '2025-03-01T10:00:00.000Z',
    permissions: { canEdit: true, canDelete: true },
    ...overrides,
  };
}

export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    role: 'MEMBER',
    status: 'active',
    gravatar_hash: null,
    avatar: null,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const USAGE: AccountUsage = {
  users: { total: 7, active: 5, invited: 2, owners: 1, super_users: 2, members: 4 },
  access_requests: { pending: 3, total: 9 },
};
