import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { type TestApp, startTestApp } from "../tests/support/app";
import { createTestDatabase } from "../tests/support/database";

interface Answer {
  status: number;
  location: string | undefined;
}

/** A request to the test server as if the browser had typed another host name (fetch cannot set Host). */
function send(app: TestApp, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { port } = new URL(app.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? "intent=place" : undefined);
  });
}

describe("page requests at another host name go to PUBLIC_URL's", () => {
  let database: DatabaseHandle;
  let direct: TestApp;
  let proxied: TestApp;
  const portOf = (app: TestApp) => new URL(app.base).port;

  beforeAll(async () => {
    database = await createTestDatabase();
    direct = await startTestApp(database);
    proxied = await startTestApp(database, { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await database?.close();
  });

  it("a page at localhost is sent permanently to the same path and query at 127.0.0.1, the public address", async () => {
    const other = { Host: `localhost:${portOf(direct)}` };
    for (const method of ["GET", "HEAD"]) {
      const answer = await send(direct, method, "/shop?q=iphone%2012&grade=A", other);
      expect(answer).toEqual({ status: 308, location: `${direct.base}/shop?q=iphone%2012&grade=A` });
    }
    expect(await send(direct, "GET", "/payment-success?reference=pay_123", other)).toEqual({ status: 308, location: `${direct.base}/payment-success?reference=pay_123` });
  });

  it("the public host name itself is served, in any case and with the scheme's default port written out", async () => {
    expect((await send(direct, "GET", "/shop", { Host: `127.0.0.1:${portOf(direct)}` })).status).toBe(200);
    const named = await startTestApp(database, { PUBLIC_URL: "http://Shop.Tokunbo.test" });
    try {
      named.config.redirectToPublicHost = true;
      expect((await send(named, "GET", "/shop", { Host: "shop.tokunbo.test:80" })).status).toBe(200);
      expect(await send(named, "GET", "/shop", { Host: "www.shop.tokunbo.test" })).toEqual({ status: 308, location: "http://shop.tokunbo.test/shop" });
    } finally {
      await named.close();
    }
  });

  it("health checks, /api, the Paystack webhook and form posts are answered at any host name", async () => {
    const other = { Host: `localhost:${portOf(direct)}` };
    expect((await send(direct, "GET", "/healthz", other)).status).toBe(200);
    expect((await send(direct, "GET", "/api/products?limit=1", other)).status).toBe(200);
    expect((await send(direct, "POST", "/api/webhooks/paystack", { ...other, "Content-Type": "application/json" })).status).not.toBe(308);
    expect((await send(direct, "POST", "/checkout", { ...other, "Content-Type": "application/x-www-form-urlencoded" })).status).not.toBe(308);
  });

  it("X-Forwarded-Host names the host only when TRUST_PROXY trusts the proxy that sent it", async () => {
    const own = `127.0.0.1:${portOf(proxied)}`;
    expect(await send(proxied, "GET", "/shop?page=2", { Host: own, "X-Forwarded-Host": "www.tokunbo.test" })).toEqual({ status: 308, location: `${proxied.base}/shop?page=2` });
    expect((await send(proxied, "GET", "/shop", { Host: "10.0.0.5:8080", "X-Forwarded-Host": own })).status).toBe(200);
    // Without TRUST_PROXY the header is anyone's to write and is ignored.
    expect((await send(direct, "GET", "/shop", { Host: `127.0.0.1:${portOf(direct)}`, "X-Forwarded-Host": "www.tokunbo.test" })).status).toBe(200);
  });
});
