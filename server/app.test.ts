import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { type Server, createServer, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../tests/support/database";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { TEST_AUTH_SECRET } from "../tests/support/app";

describe("the HTTP edges", () => {
  let database: DatabaseHandle;
  let server: Server;
  let base: string;
  let dataDir: string;
  const logged: Array<{ level: number; msg: string; path?: string }> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-app-"));
    // Listening first: page requests at another host name than PUBLIC_URL's are sent there.
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production", AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: base });
    await mkdir(path.join(config.uploadsDir, "products"), { recursive: true });
    await writeFile(path.join(config.uploadsDir, "products/phone.webp"), Buffer.from("RIFF\0\0\0\0WEBPVP8 "));
    database = await createTestDatabase();
    const logger = pino({ level: "debug", base: undefined }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    server.on("request", createApp({ config, database, logger }));
  });
  afterAll(async () => {
    server?.close();
    await database?.close().catch(() => {}); // the last test closes it on purpose
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (p: string, init?: RequestInit) => fetch(`${base}${p}`, init);
  /** Sends the path exactly as written (fetch would resolve dot segments first). */
  const rawGet = (p: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request(`${base}${p}`, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on("error", reject)
        .end();
    });

  it("report health while the database answers", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answer /favicon.ico with the site icon, cacheable, without a redirect", async () => {
    const res = await get("/favicon.ico", { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const ico = Buffer.from(await res.arrayBuffer());
    // An icon file with one 48×48 image, a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([0, 1, 1, 48, 48]);
    const png = ico.subarray(ico.readUInt32LE(18));
    expect(png.length).toBe(ico.readUInt32LE(14));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("send security headers on every response", async () => {
    const res = await get("/healthz");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("log every request with its whole path, static files at debug level", async () => {
    await get("/uploads/products/phone.webp");
    await get("/api/nothing-here");
    await get("/healthz");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const levelOf = (path: string) => logged.find((entry) => entry.msg === "request" && entry.path === path)?.level;
    expect(levelOf("/uploads/products/phone.webp")).toBe(pino.levels.values.debug);
    expect(levelOf("/api/nothing-here")).toBe(pino.levels.values.info);
    expect(levelOf("/healthz")).toBe(pino.levels.values.info);
  });

  it("answer unknown and malformed API calls with JSON errors, before any route runs", async () => {
    const missing = await get("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });

    const malformed = await get("/api/products", { method: "POST", headers: { "content-type": "application/json" }, body: "{bad" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body is not valid JSON." });

    const huge = await get("/api/products", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify("a".repeat(200_000)),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "The request body is too large." });
  });

  it("serve uploads as inert data", async () => {
    const res = await get("/uploads/products/phone.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
  });

  it.each([
    ["/uploads/products/missing.webp", 404, "Not found."],
    ["/uploads/products/..%2f..%2f..%2fetc%2fpasswd", 403, "Forbidden."],
    ["/product/%zz", 400, "Bad request."],
  ])("answer %s briefly, without paths or stack traces", async (p, status, text) => {
    expect(await rawGet(p)).toEqual({ status, body: text });
  });

  it.each(["/uploads/%2e%2e/%2e%2e/etc/passwd", "/uploads/../../etc/passwd"])("never serve files outside uploads: %s", async (p) => {
    const res = await rawGet(p);
    expect(res.status).not.toBe(200);
    expect(res.body).not.toContain("root:");
  });

  it("refuse an oversized form before reading it", async () => {
    const res = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=signin&email=${"a".repeat(1_100_000)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The request is too large.");
  });

  it("refuse a page form of unstated length, which could grow past any limit", async () => {
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`intent=signin&email=${"a".repeat(2_000_000)}`));
        controller.close();
      },
    });
    const res = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(411);
    expect(await res.text()).toBe("The request must state its length.");
  });

  it("hide the development mailbox in production", async () => {
    const res = await get("/dev/mailbox");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Mailbox");
  });

  it("report unavailable once the database stops answering", async () => {
    await database.close();
    const res = await get("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });

});
