import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { loadAccountHeader } from "./site/signed-in-header";
import { StylesheetText } from "./site/inline-stylesheet";
import stylesheetText from "./app.css?inline";
import { logServerError } from "../server/logger";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions. A refusal (401, 403, 404 thrown on purpose) is an
 * answer, not a failure: only real errors are logged, and never aborted requests.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logServerError("request failed", error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The site bar's signed-in parts are a chunk of their own: loaded once, so no page streams them in late.
  await loadAccountHeader();
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers (and link previews such as WhatsApp's) get the complete document at once; so does
    // everyone when no loader left data to come later: streaming it would only add React's
    // reveal script and markers (on the home page, enough to need a second round trip).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !defersData(routerContext) ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetText.Provider value={stylesheetText}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetText.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = pageBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html; charset=utf-8");

          pipe(body);

          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by the request handler.
          if (shellRendered) logServerError("page rendering failed", error);
        },
      },
    );
  });
}

/** Whether a loader returned a promise among its data, for the page to stream in when it settles. */
function defersData({ staticHandlerContext }: EntryContext): boolean {
  return Object.values(staticHandlerContext.loaderData).some(
    (data) => typeof data === "object" && data !== null && Object.values(data).some((value) => value instanceof Promise),
  );
}

/**
 * React writes a page in pieces of about 2 KB, and the server compresses and flushes each piece
 * it is given on its own, which made the home page a tenth bigger on the wire (over the 14 KB a
 * new connection carries in its first round trip). What React writes in one go leaves in one
 * piece; parts streamed later still leave as soon as they are written.
 */
function pageBody(onEnd: () => void): Transform {
  let pending: Uint8Array[] = [];
  return new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      if (pending.length === 0) {
        setImmediate(() => {
          if (pending.length > 0) this.push(Buffer.concat(pending));
          pending = [];
        });
      }
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      onEnd();
      if (pending.length > 0) this.push(Buffer.concat(pending));
      pending = [];
      callback();
    },
  });
}
