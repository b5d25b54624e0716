import type { QueryClient, QueryKey } from '@tanstack/react-query';

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Invalidates a query key once after a burst of calls (e.g. fifty uploads finishing): the listing is asked for
 * again at most every `delay` ms instead of once per file.
 */
export function scheduleInvalidate(queryClient: QueryClient, queryKey: QueryKey, delay = 400): void {
  const id = JSON.stringify(queryKey);
  if (timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      void queryClient.invalidateQueries({ queryKey });
    }, delay),
  );
}
