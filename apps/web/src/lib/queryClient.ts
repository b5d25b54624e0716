import { LOOKUP_STALE_TIME_MS } from '@emblem/core';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Server data lives here: no refetch on window focus; lookups stay fresh five minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: LOOKUP_STALE_TIME_MS,
        // Client errors (401, 403, 404, 409 …) will not change by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
