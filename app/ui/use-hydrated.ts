import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** True once the page's scripts run (false during the server render and without JavaScript). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
