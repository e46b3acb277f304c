/**
 * A loopback proxy that can stop one request on its way: before it reaches the server behind it,
 * or after the server answered (the answer never arrives). It stands between the app and Paystack,
 * and between Paystack and the app's webhook, so a test can kill the app while it waits.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

export interface Exchange extends ProxiedRequest {
  /** The status the caller received; "held" while it waits, "failed" when the server could not be reached. */
  status: number | "held" | "failed";
}

type Match = (request: ProxiedRequest) => boolean;

export interface HoldingProxy {
  url: string;
  /** Every request so far, oldest first. */
  exchanges: Exchange[];
  /**
   * The next matching request is held: at "request" it never reaches the server; at "answer" the
   * server answers and the caller never hears. Resolves once one is held.
   */
  holdNext(match: Match, at: "request" | "answer"): Promise<ProxiedRequest>;
  /** Matching requests get 503 without reaching the server, until `refuseNone`. */
  refuse(match: Match): void;
  refuseNone(): void;
  /** Cuts the held requests' connections: their callers see a network error. */
  dropHeld(): void;
  close(): Promise<void>;
}

interface Hold {
  match: Match;
  at: "request" | "answer";
  held: (request: ProxiedRequest) => void;
}

export async function startHoldingProxy(target: string, port = 0): Promise<HoldingProxy> {
  const targetUrl = new URL(target);
  const exchanges: Exchange[] = [];
  const heldAnswers = new Set<http.ServerResponse>();
  let hold: Hold | null = null;
  let refused: Match | null = null;

  const takeHold = (request: ProxiedRequest): Hold | null => {
    if (!hold?.match(request)) return null;
    const taken = hold;
    hold = null;
    return taken;
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ProxiedRequest = { method: req.method ?? "GET", path: req.url ?? "/", body: Buffer.concat(chunks).toString("utf8") };
    const exchange: Exchange = { ...request, status: "held" };
    exchanges.push(exchange);
    if (refused?.(request)) {
      exchange.status = 503;
      return void res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Refused by the test proxy" }));
    }
    const taken = takeHold(request);
    if (taken?.at === "request") {
      heldAnswers.add(res);
      return taken.held(request);
    }
    forward(targetUrl, req, Buffer.concat(chunks), (status, headers, body) => {
      if (taken) {
        heldAnswers.add(res);
        return taken.held(request);
      }
      exchange.status = status;
      res.writeHead(status, headers).end(body);
    }, () => {
      exchange.status = "failed";
      res.writeHead(502, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "The server behind the test proxy could not be reached" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    exchanges,
    holdNext: (match, at) => new Promise((held) => (hold = { match, at, held })),
    refuse: (match) => (refused = match),
    refuseNone: () => (refused = null),
    dropHeld() {
      for (const res of heldAnswers) res.destroy();
      heldAnswers.clear();
    },
    async close() {
      for (const res of heldAnswers) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function forward(
  target: URL,
  req: http.IncomingMessage,
  body: Buffer,
  answered: (status: number, headers: http.OutgoingHttpHeaders, body: Buffer) => void,
  failed: () => void,
): void {
  const outgoing = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const headers = { ...response.headers };
      delete headers["transfer-encoding"];
      answered(response.statusCode ?? 502, headers, Buffer.concat(chunks));
    },
  );
  outgoing.on("error", failed);
  outgoing.end(body);
}
