import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { CMS_SECTIONS } from "../../lib/constants";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { CMS_DEFAULTS } from "./defaults";
import { cmsContent } from "../../db/schema/cms";
import { getSiteContent } from "./service";

describe("CMS defaults", () => {
  it("has a default for every section", () => {
    expect(Object.keys(CMS_DEFAULTS).sort()).toEqual([...CMS_SECTIONS].sort());
  });

  it("uses the specified defaults", () => {
    expect(CMS_DEFAULTS.branding).toMatchObject({
      site_name: "Tokunbo Phones",
      primary_color: "#FF4500",
      whatsapp_number: "",
      logo_max_size: 2097152,
      logo_allowed_types: ["image/jpeg", "image/png", "image/svg+xml"],
    });
    expect(CMS_DEFAULTS.whatsapp_config).toMatchObject({ number: "", enabled: false });
    expect(CMS_DEFAULTS.home_banner.autoplay_duration).toBe(5000);
    expect(CMS_DEFAULTS.hero_banner.stats).toEqual({ customers: "50,000+", phones_sold: "100,000+", satisfaction: "99%" });
    expect(CMS_DEFAULTS.vendor_page_config.process_section.steps.map((s) => [s.step, s.title])).toEqual([
      [1, "Apply"],
      [2, "Review"],
      [3, "Approval"],
      [4, "Start Selling"],
    ]);
    expect(CMS_DEFAULTS.vendor_page_config.process_section.steps[1]?.description).toContain("2-3 business days");
    const terms = CMS_DEFAULTS.vendor_page_config.terms_section.items.join(" ");
    expect(terms).toContain("within 24 hours");
    expect(terms).toContain("weekly");
    expect(terms).toContain("10% commission");
  });
});

describe.each(TEST_ENGINES)("getSiteContent on %s", (engine) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("returns every default when nothing is stored", async () => {
    expect(await getSiteContent(db)).toEqual(CMS_DEFAULTS);
  });

  it("shallow-merges stored sections over their defaults", async () => {
    await db.insert(cmsContent).values([
      { section: "branding", content: { site_name: "Lagos Phone Hub", whatsapp_number: "+234 803 123 4567" } },
      { section: "whatsapp_config", content: { enabled: true, number: "08031234567" } },
      // A nested object is replaced whole, not merged.
      { section: "hero_banner", content: { stats: { customers: "60,000+" } } },
      // Fields of the wrong JSON type keep their default; unknown fields are kept.
      { section: "top_banner", content: { enabled: "yes", text: 42, link_text: "See deals", extra_note: "kept" } },
    ]);

    const content = await getSiteContent(db, ["branding", "whatsapp_config", "hero_banner", "top_banner", "home_banner"]);
    expect(Object.keys(content).sort()).toEqual(["branding", "hero_banner", "home_banner", "top_banner", "whatsapp_config"]);
    expect(content.branding).toEqual({
      ...CMS_DEFAULTS.branding,
      site_name: "Lagos Phone Hub",
      whatsapp_number: "+234 803 123 4567",
    });
    expect(content.whatsapp_config).toEqual({
      number: "08031234567",
      display_text: CMS_DEFAULTS.whatsapp_config.display_text,
      enabled: true,
    });
    expect(content.hero_banner.title).toBe(CMS_DEFAULTS.hero_banner.title);
    expect(content.hero_banner.stats).toEqual({ customers: "60,000+" });
    expect(content.top_banner).toEqual({ ...CMS_DEFAULTS.top_banner, link_text: "See deals", extra_note: "kept" });
    expect(content.home_banner).toEqual(CMS_DEFAULTS.home_banner);
  });

  it("returns only the sections asked for", async () => {
    const content = await getSiteContent(db, ["whatsapp_config"]);
    expect(content).toEqual({ whatsapp_config: { ...CMS_DEFAULTS.whatsapp_config, number: "08031234567", enabled: true } });
    expect(await getSiteContent(db, [])).toEqual({});
  });

  it("does not let a merge change the shared defaults", async () => {
    const content = await getSiteContent(db, ["branding"]);
    content.branding.site_name = "Changed";
    expect(CMS_DEFAULTS.branding.site_name).toBe("Tokunbo Phones");
    expect((await getSiteContent(db, ["branding"])).branding.site_name).toBe("Lagos Phone Hub");
  });
});
