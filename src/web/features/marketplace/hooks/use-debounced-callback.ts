import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns a function that runs `callback` once calls have stopped for `delayMs`, plus a cancel.
 * The latest callback is always the one that runs, so it may close over fresh state.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
) {
  const callbackRef = useRef(callback);
  const timerRef = useRef<number | undefined>(undefined);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  const cancel = useCallback(() => window.clearTimeout(timerRef.current), []);

  // An unmounted page must not write to the URL of the page that replaced it.
  useEffect(() => cancel, [cancel]);

  const run = useCallback(
    (...args: Args) => {
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(() => callbackRef.current(...args), delayMs);
    },
    [delayMs],
  );

  return [run, cancel] as const;
}
