import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * Reads another route's loader data on demand (a page's live refresh): `load` resolves with the
 * data once it has arrived. A load started while another is on its way (a live event's reload
 * while the buyer presses Refresh) supersedes it, and both callers get the newer data.
 */
export function useRouteData<T>() {
  const fetcher = useFetcher<T>();
  const waiting = useRef<Array<(data: T | undefined) => void>>([]);

  useEffect(() => {
    if (fetcher.state !== "idle" || waiting.current.length === 0) return;
    const resolvers = waiting.current;
    waiting.current = [];
    for (const resolve of resolvers) resolve(fetcher.data as T | undefined);
  }, [fetcher.state, fetcher.data]);

  const load = useCallback(
    (href: string): Promise<T | undefined> =>
      new Promise((resolve) => {
        waiting.current.push(resolve);
        void fetcher.load(href);
      }),
    // fetcher.load keeps its identity across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.load],
  );
  return load;
}
