import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * Reads another route's loader data on demand (a page's live refresh): `load` resolves with the
 * data once it has arrived.
 */
export function useRouteData<T>() {
  const fetcher = useFetcher<T>();
  const waiting = useRef<((data: T | undefined) => void) | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current) return;
    const resolve = waiting.current;
    waiting.current = null;
    resolve(fetcher.data as T | undefined);
  }, [fetcher.state, fetcher.data]);

  const load = useCallback(
    (href: string): Promise<T | undefined> =>
      new Promise((resolve) => {
        waiting.current?.(undefined);
        waiting.current = resolve;
        void fetcher.load(href);
      }),
    // fetcher.load keeps its identity across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.load],
  );
  return load;
}
