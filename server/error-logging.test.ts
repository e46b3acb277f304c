import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { TEST_AUTH_SECRET } from "../tests/support/app";
import { createTestDatabase } from "../tests/support/database";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { createLogger } from "./logger";

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  err?: { type: string; message: string; stack: string };
}

/** A failing request, as the log and the client see it (docs/running.md). */
describe("server errors", () => {
  let database: DatabaseHandle;
  let server: Server;
  let base: string;
  let dataDir: string;
  const written: string[] = [];
  const errorLines = () => written.map((line) => JSON.parse(line) as LogLine).filter((line) => line.level >= 50);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-errors-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "production", AUTH_SECRET: TEST_AUTH_SECRET });
    // The test reaches the server at its own port, not at the default public address.
    config.redirectToPublicHost = false;
    database = await createTestDatabase();
    const logger = createLogger(config, { write: (line: string) => void written.push(line) });
    const app = createApp({ config, database, logger });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => {
    written.length = 0;
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    server?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Requests the path while the table is gone, so its reader throws as an outage would. */
  async function failing(table: string, requestPath: string) {
    const stderr = vi.spyOn(process.stderr, "write");
    const consoleError = vi.spyOn(console, "error");
    await database.query(`alter table ${table} rename to ${table}_gone`);
    try {
      const response = await fetch(`${base}${requestPath}`);
      const body = await response.text();
      // The request's own line is written once the answer is sent.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { response, body, stderr: stderr.mock.calls, consoleError: consoleError.mock.calls };
    } finally {
      await database.query(`alter table ${table}_gone rename to ${table}`);
    }
  }

  function expectOneJsonLine(requestId: string, message: string, missing: string) {
    const lines = errorLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: message, requestId, err: { type: expect.any(String), message: expect.stringContaining(missing) } });
    expect(lines[0]!.err!.stack).toContain(missing);
    expect(lines[0]!.err!.stack).toMatch(/\n\s+at /);
    const raw = written.find((line) => line.includes('"level":50'))!;
    expect(raw.trimEnd().split("\n")).toHaveLength(1);
  }

  it("a page whose loader throws: one JSON line with the request id, the error's message and stack; the visitor gets the generic page and the id", async () => {
    const { response, body, stderr, consoleError } = await failing("user_roles", "/super-admin-bootstrap");
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toContain("Something went wrong");
    expect(body).not.toContain("user_roles");
    expect(body).not.toMatch(/\n\s+at /);

    expectOneJsonLine(requestId, "request failed", "user_roles");
    expect(consoleError).toEqual([]);
    expect(stderr).toEqual([]);
    const requestLine = written.map((line) => JSON.parse(line) as LogLine & { status?: number }).find((line) => line.msg === "request");
    expect(requestLine).toMatchObject({ requestId, status: 500 });
  });

  it("an endpoint that throws: one JSON line with the id the client sent, and a brief answer", async () => {
    const stderr = vi.spyOn(process.stderr, "write");
    await database.query("alter table products rename to products_gone");
    try {
      const response = await fetch(`${base}/api/products`, { headers: { "X-Request-Id": "support-ticket-42" } });
      expect(response.status).toBe(500);
      expect(response.headers.get("x-request-id")).toBe("support-ticket-42");
      expect(await response.text()).not.toContain("products");
    } finally {
      await database.query("alter table products_gone rename to products");
    }
    expectOneJsonLine("support-ticket-42", "api request failed", "products");
    expect(stderr.mock.calls).toEqual([]);
  });
});
