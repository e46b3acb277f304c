import type { DatabaseHandle } from "./client";

/**
 * Runs `task` every `everyMs` on whichever instance takes the advisory lock `lockKey`: a job
 * scheduled in every instance runs in one at a time. Returns a function that stops the timer and
 * waits for a run in progress.
 */
export function scheduleExclusively(
  database: Pick<DatabaseHandle, "exclusively">,
  { lockKey, everyMs }: { lockKey: number; everyMs: number },
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = database.exclusively(lockKey, task).catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
