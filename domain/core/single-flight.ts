/**
 * Runs `read` for a key once at a time: callers arriving while it runs share its answer, so
 * something wanted by many at the same moment is worked out once.
 */
export function createSingleFlight(): <T>(key: string, read: () => Promise<T>) => Promise<T> {
  const reading = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const running = reading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => reading.delete(key));
    reading.set(key, started);
    return started;
  };
}
