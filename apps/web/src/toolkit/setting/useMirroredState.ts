import { type RefObject, useCallback, useState } from 'react';

/**
 * A state mirrored in a ref the caller owns (created with its initial value): event handlers, timers and an awaited
 * save read the ref at once, before React has rendered the change. The setter updates both.
 */
export function useMirroredState<T>(ref: RefObject<T>): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(ref.current);
  const set = useCallback(
    (next: T) => {
      ref.current = next;
      setValue(next);
    },
    [ref],
  );
  return [value, set];
}
