/**
 * What the shop knows about the request being served, wherever the code runs (a loader, a
 * service, an error handler), without passing it along: the request id of docs/running.md.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
}

// The built app bundles its own copy of this module: both copies find the one store here.
const STORE_KEY = Symbol.for("tokunbo.request-context");
const registry = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
const store = (registry[STORE_KEY] ??= new AsyncLocalStorage<RequestContext>());

/** Runs the rest of the request (and everything it starts) with its context. */
export function runInRequest<T>(context: RequestContext, serve: () => T): T {
  return store.run(context, serve);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
