import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/lifecycle";
import { allEndpoints, keyOf } from "./endpoints";

describe("the inventory of doors", () => {
  const { app } = useTestApp();

  it("finds the pages, their actions, the API, the webhook and the uploads", () => {
    const keys = allEndpoints(app().app).map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining([
      "GET /", "GET /product/:id", "POST /cart", "GET /admin/preapproval-documents/*", "GET /api/products",
      "GET /api/events", "POST /api/webhooks/paystack", "GET /uploads/*", "GET /healthz", "GET /favicon.ico",
      "POST /paystack-standin/transaction/initialize", "GET /*", "POST /admin/payouts", "GET /admin/export/:kind",
    ]));
    expect(keys).not.toContain("GET /cart/items");
    // Every change a person makes goes through a page's action: /api keeps only what is not a page.
    expect(keys.filter((key) => key.includes(" /api/")).sort()).toEqual(["GET /api/events", "GET /api/products", "POST /api/webhooks/paystack"]);
    expect(keys).not.toContain("GET *splat");
  });
});
