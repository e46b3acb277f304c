/** One Server-Sent Event as a browser's EventSource would see it. */
export interface StreamEvent {
  id: number;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  events: StreamEvent[];
  /** Comment lines (heartbeats) received so far. */
  comments: number;
  /** Resolves with the first event (received so far or later) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Whether the server has ended the stream. */
  ended: boolean;
  close(): void;
}

/** Connects to an event stream over real HTTP and parses it as it arrives. */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: abort.signal });
  const client: EventStreamClient = {
    status: response.status,
    events: [],
    comments: 0,
    waitFor: (match, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const deadline = Date.now() + timeoutMs;
        const check = () => {
          const found = client.events.find(match);
          if (found) return resolve(found);
          if (Date.now() > deadline) return reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(client.events)}`));
          setTimeout(check, 10);
        };
        check();
      }),
    ended: false,
    close: () => abort.abort(),
  };
  if (!response.ok || !response.body) return client;
  void readBlocks(response.body, (block) => {
    const lines = block.split("\n");
    if (lines.every((line) => line.startsWith(":"))) {
      client.comments++;
      return;
    }
    const id = lines.find((line) => line.startsWith("id: "))?.slice(4);
    const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
    if (id !== undefined && data !== undefined) client.events.push({ id: Number(id), data: JSON.parse(data) });
  })
    .then(() => {
      client.ended = true;
    })
    .catch(() => {});
  return client;
}

async function readBlocks(body: ReadableStream<Uint8Array>, onBlock: (block: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      onBlock(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
    }
  }
}
