import { describe, expect, it } from "vitest";
import { hexColourOr, safeImageUrl, slideIntervalMs } from "./safe-values";

describe("safeImageUrl", () => {
  it.each([
    ["/uploads/cms/banner.webp", "/uploads/cms/banner.webp"],
    ["  /uploads/logo.png ", "/uploads/logo.png"],
    ["https://bucket.example.com/banner.jpg", "https://bucket.example.com/banner.jpg"],
    ["//evil.example.com/x.png", null],
    ["/\\evil.example", null],
    ["/\\/evil.example", null],
    ["/shop\\..\\\\evil.example", null],
    ["/\t/evil.example", null],
    ["/\n/evil.example", null],
    ["http://example.com/x.png", null],
    ["javascript:alert(1)", null],
    ["data:image/svg+xml,<svg/>", null],
    ["", null],
  ])("%j gives %j", (url, expected) => {
    expect(safeImageUrl(url)).toBe(expected);
  });
});

describe("hexColourOr", () => {
  it.each([
    ["#1e3a8a", "#1e3a8a"],
    ["#FFF", "#FFF"],
    [" #111827 ", "#111827"],
    ["red", "#000000"],
    ["#12345", "#000000"],
    ["#111827;background:url(x)", "#000000"],
    [undefined, "#000000"],
    [42, "#000000"],
  ])("%j gives %j", (colour, expected) => {
    expect(hexColourOr(colour, "#000000")).toBe(expected);
  });
});

describe("slideIntervalMs", () => {
  it.each([
    [7000, 7000],
    [0, 5000],
    ["abc", 5000],
    [200, 1000],
    [90_000, 30_000],
  ])("%j gives %j", (configured, expected) => {
    expect(slideIntervalMs(configured, 5000)).toBe(expected);
  });
});
