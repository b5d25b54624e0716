import {
  type InvalidateQueryFilters,
  type MutationFunctionContext,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';

/** A query to mark stale after a write: its key, or filters (e.g. `refetchType: 'none'`). */
export type Invalidation = QueryKey | InvalidateQueryFilters;

export interface WriteOptions<TData, TVariables, TContext>
  extends Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'onMutate'> {
  onMutate?: (variables: TVariables, context: MutationFunctionContext) => Promise<TContext> | TContext;
  /**
   * After a successful write (and after `onSuccess`): the queries to refresh, all at once. Awaited, so the write
   * resolves once they were refetched.
   */
  invalidates?: (data: TData, variables: TVariables) => Invalidation[];
  /** Queries refreshed after success (and after `invalidates`) without waiting for them. */
  refreshes?: (data: TData, variables: TVariables) => Invalidation[];
  /** The message shown for a failed write; `failure` holds it until the next write starts. */
  failureMessage?: (error: Error, variables: TVariables) => string;
}

export type WriteResult<TData, TVariables, TContext> = UseMutationResult<TData, Error, TVariables, TContext> & {
  /** The write is under way. */
  busy: boolean;
  /** The message of the last failed write (see `failureMessage`), cleared when the next one starts. */
  failure: string | null;
  clearFailure: () => void;
};

function filters(invalidation: Invalidation): InvalidateQueryFilters {
  return Array.isArray(invalidation) ? { queryKey: invalidation } : (invalidation as InvalidateQueryFilters);
}

/** Mark queries stale and refetch the active ones; resolves when all were refetched. */
export async function invalidateAll(queryClient: QueryClient, invalidations: Invalidation[]): Promise<void> {
  await Promise.all(invalidations.map((invalidation) => queryClient.invalidateQueries(filters(invalidation))));
}

/**
 * A write through TanStack Query with what every screen repeats: busy while it runs, a user-facing failure message,
 * and the queries to refresh after it succeeded. Features wrap it in named hooks (features/<x>/mutations.ts).
 */
export function useWrite<TData = unknown, TVariables = void, TContext = unknown>(
  options: WriteOptions<TData, TVariables, TContext>,
): WriteResult<TData, TVariables, TContext> {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { invalidates, refreshes, failureMessage, onMutate, onSuccess, onError, ...rest } = options;
  const mutation = useMutation<TData, Error, TVariables, TContext>({
    ...rest,
    onMutate: async (variables, context) => {
      setFailure(null);
      return (await onMutate?.(variables, context)) as TContext;
    },
    onSuccess: async (data, variables, onMutateResult, context) => {
      await onSuccess?.(data, variables, onMutateResult, context);
      await invalidateAll(queryClient, invalidates?.(data, variables) ?? []);
      for (const invalidation of refreshes?.(data, variables) ?? []) void queryClient.invalidateQueries(filters(invalidation));
    },
    onError: async (error, variables, onMutateResult, context) => {
      if (failureMessage) setFailure(failureMessage(error, variables));
      await onError?.(error, variables, onMutateResult, context);
    },
  });
  return { ...mutation, busy: mutation.isPending, failure, clearFailure: () => setFailure(null) };
}
