import { describe, expect, it } from "vitest";
import { homeBannerSchema, isEditableSection, nestFormValues, topBannerSchema } from "./validation";

describe("CMS forms", () => {
  it("knows only its own sections, not the names every object inherits", () => {
    expect(isEditableSection("hero_banner")).toBe(true);
    for (const inherited of ["valueOf", "constructor", "__proto__", "toString"]) expect(isEditableSection(inherited)).toBe(false);
  });

  it("nests dotted names into lists, dropping removed and untouched new items", () => {
    const values = nestFormValues([
      ["enabled", "on"],
      ["slides.0.title", "First"],
      ["slides.1.title", "Gone"],
      ["slides.1.__remove", "on"],
      ["slides.2.__new", "on"],
      ["slides.2.title", ""],
      ["__proto__.polluted", "yes"],
    ]);
    expect(values).toEqual({ enabled: "on", slides: [{ title: "First" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stores the autoplay duration in milliseconds, 1 to 30 seconds", () => {
    const ok = homeBannerSchema.parse({ autoplay: "on", autoplay_seconds: "7", slides: [{ title: "A", link_url: "/shop" }] });
    expect(ok).toMatchObject({ enabled: false, autoplay: true, autoplay_duration: 7000 });
    expect(homeBannerSchema.safeParse({ autoplay_seconds: "0" }).success).toBe(false);
    expect(homeBannerSchema.safeParse({ autoplay_seconds: "31" }).success).toBe(false);
    expect(homeBannerSchema.safeParse({ autoplay_seconds: "5", slides: [{ title: "A", link_url: "javascript:alert(1)" }] }).success).toBe(false);
  });

  it("refuses links that browsers read as another site: //host and /\\host", () => {
    const withLink = (link_url: string) => homeBannerSchema.safeParse({ autoplay_seconds: "5", slides: [{ title: "A", link_url }] });
    for (const link of ["//evil.example", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/shop\\x"]) {
      const parsed = withLink(link);
      expect(parsed.success, link).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Slide link must be a page of this site (starting with /) or an https:// address");
    }
    expect(withLink("/shop?brand=apple").success).toBe(true);
    expect(withLink("https://wa.me/2348031234567").success).toBe(true);
  });

  it("applies a top banner preset's colours", () => {
    const banner = topBannerSchema.parse({ text: "Hi", preset: "Danger", background_color: "#000", text_color: "#000" });
    expect(banner).toMatchObject({ background_color: "#b91c1c", text_color: "#ffffff" });
    expect(banner).not.toHaveProperty("preset");
  });
});
