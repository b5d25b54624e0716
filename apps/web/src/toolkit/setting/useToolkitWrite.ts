import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A server write of a toolkit component outside the one-setting save path (list entries, attachments, image
 * uploads and deletes), run as a TanStack mutation: `busy` while one runs. `run(work, failure)` resolves to what
 * `work` returned, or to `undefined` after it threw; then `failure` turns the error into the message handed to
 * `setError` (the component's own message state, which several writes may share).
 */
export function useToolkitWrite<M = string | null>(setError: (message: M) => void) {
  const { mutateAsync, isPending } = useMutation({ mutationFn: (work: () => Promise<unknown>) => work() });
  const run = useCallback(
    async <T>(work: () => Promise<T>, failure: (error: unknown) => M): Promise<T | undefined> => {
      try {
        return (await mutateAsync(work)) as T;
      } catch (e) {
        setError(failure(e));
        return undefined;
      }
    },
    [mutateAsync, setError],
  );
  return { run, busy: isPending };
}
