/**
 * Decoding and re-encoding pictures is the heaviest work the shop does. Every upload (product
 * photos, pre-approval documents, site content images) takes one of a few slots, and the rest
 * wait their turn: a burst of uploads queues up instead of taking every core from page requests.
 */
export const IMAGE_WORK_CONCURRENCY = 2;

let running = 0;
let peak = 0;
const waiting: Array<() => void> = [];

/** Runs `work` once a slot is free; slots are handed over in arrival order. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORK_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` stays the same.
    if (next) next();
    else running--;
  }
}

/** For tests and diagnostics: jobs running and waiting now, and the most ever running at once. */
export function imageWorkStats(): { running: number; waiting: number; peak: number } {
  return { running, waiting: waiting.length, peak };
}
