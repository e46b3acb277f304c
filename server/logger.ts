import pino from "pino";
import type { Config } from "./config";
import { currentRequestId } from "./request-context";

export type Logger = pino.Logger;

/**
 * One JSON line per entry (docs/running.md); an entry written while a request is served carries
 * its `requestId`, and an error under `err` comes as fields: `type`, `message`, `stack`.
 */
export function createLogger(config: Pick<Config, "logLevel">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = { level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, mixin: requestFields };
  return destination ? pino(options, destination) : pino(options);
}

function requestFields(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

// The built app bundles its own copy of this module: both copies find the serving logger here.
const LOGGER_KEY = Symbol.for("tokunbo.logger");
const registry = globalThis as unknown as Record<symbol, Logger | undefined>;

/** Makes this the logger of code that is not handed one (pages, the React Router entry). */
export function serveLogsWith(logger: Logger): void {
  registry[LOGGER_KEY] = logger;
}

/** A server error as one JSON line through the serving logger, with the request id when there is one. */
export function logServerError(message: string, error: unknown): void {
  const logger = (registry[LOGGER_KEY] ??= createLogger({ logLevel: "info" }));
  logger.error({ err: error }, message);
}
