import { describe, expect, it } from "vitest";
import { returnPathOf, signInHref } from "./cart-sign-in";

describe("the page to return to after signing in", () => {
  it("is a same-site relative path, kept with its query", () => {
    expect(returnPathOf("/product/3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f")).toBe("/product/3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f");
    expect(returnPathOf("/shop?brand=apple")).toBe("/shop?brand=apple");
    expect(signInHref("/product/abc")).toBe("/auth?redirect=%2Fproduct%2Fabc");
  });

  it("is never another site, a script, or something that is not a path", () => {
    for (const bad of [
      "//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "product/1", "", " /shop",
      "/\t/evil.example", "/shop\nSet-Cookie: x=1", `/${"a".repeat(600)}`, null, undefined, 42, ["/shop"],
    ]) {
      expect(returnPathOf(bad)).toBeNull();
    }
  });
});
