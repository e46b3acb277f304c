import express, { type ErrorRequestHandler, type Router } from "express";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "./logger";

/** JSON endpoints under /api. Every answer is JSON, including errors. */
export function createApiRouter({ database, logger }: { database: DatabaseHandle; logger: Logger }): Router {
  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));

  api.get("/health", async (_req, res) => {
    const healthy = await isDatabaseHealthy(database);
    res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "unavailable", database: database.kind });
  });

  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  api.use(apiErrorHandler(logger));
  return api;
}

export async function isDatabaseHealthy(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.query("select 1");
    return true;
  } catch {
    return false;
  }
}

function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status >= 500) {
      logger.error({ err: error, path: req.path }, "api request failed");
      res.status(500).json({ error: "Something went wrong. Please try again." });
      return;
    }
    const messages: Record<string, string> = {
      "entity.parse.failed": "The request body is not valid JSON.",
      "entity.too.large": "The request body is too large.",
      "encoding.unsupported": "The request body encoding is not supported.",
    };
    res.status(status).json({ error: messages[error.type as string] ?? "The request could not be understood." });
  };
}
