import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/**
 * A server write of a toolkit component outside the one-setting save path (list entries, attachments, image
 * uploads and deletes), run as a TanStack mutation: `busy` while one runs, `error` the message shown under the
 * control. `run(work, failure)` resolves to what `work` returned, or to `undefined` after it threw, when `failure`
 * turns the error into the message. Clearing an earlier message is the caller's choice (`setError(null)`).
 */
export function useToolkitWrite() {
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useMutation({ mutationFn: (work: () => Promise<unknown>) => work() });
  const run = useCallback(
    async <T>(work: () => Promise<T>, failure: (error: unknown) => string): Promise<T | undefined> => {
      try {
        return (await mutateAsync(work)) as T;
      } catch (e) {
        setError(failure(e));
        return undefined;
      }
    },
    [mutateAsync],
  );
  return { run, busy: isPending, error, setError };
}
