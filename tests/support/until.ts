/** Polls `read` until it answers something truthy, and answers that; gives up after `timeoutMs`. */
export async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
