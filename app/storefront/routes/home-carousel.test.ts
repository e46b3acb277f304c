import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client";
import { CMS_DEFAULTS } from "../../../domain/cms/defaults";
import { cmsContent } from "../../../db/schema/cms";
import { heroBannersSchema } from "../../../domain/cms/validation";
import { type TestApp, startTestApp } from "../../../tests/support/app";
import { TEST_ENGINES, createDatabaseFor } from "../../../tests/support/database";

interface RenderedSlide {
  label: string | undefined;
  hidden: boolean;
  /** The slide's markup and whatever follows it up to the next slide. */
  markup: string;
}

const SLIDE_MARK = 'role="group" aria-roledescription="slide"';

function heroSlidesIn(html: string): RenderedSlide[] {
  const carousel = html.split('aria-roledescription="carousel" aria-label="Highlights"')[1] ?? "";
  return carousel
    .split(SLIDE_MARK)
    .slice(1)
    .map((markup) => ({ label: markup.match(/^[^>]*aria-label="([^"]*)"/)?.[1], hidden: /^[^>]*\shidden=""/.test(markup), markup }));
}

/** A banner as the CMS form sends it: every field a string, "on" for a ticked box. */
function bannerFields(title: string, active: boolean) {
  return {
    title,
    subtitle: `${title} subtitle`,
    description: `${title} description`,
    cta_primary: "Browse phones",
    cta_secondary: "Sell with us",
    background_image: "",
    background_color: "#1e3a8a",
    text_color: "#ffffff",
    ...(active ? { active: "on" } : {}),
  };
}

/** The home page's hero as the server sends it, whichever hero_banners section is stored. */
describe.each(TEST_ENGINES)("home page banner carousel, server-rendered (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;

  const home = async () => {
    const response = await fetch(`${app.base}/`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const storeCarousel = async (content: Record<string, unknown>) => {
    await database.db
      .insert(cmsContent)
      .values({ section: "hero_banners", content })
      .onConflictDoUpdate({ target: cmsContent.section, set: { content } });
    // What the database's change notice does a moment later, when it arrives: this test is about rendering, not the notice.
    app.services.pageCache.invalidate();
  };
  const carouselFromForm = (fields: Record<string, unknown>) =>
    heroBannersSchema.parse({ interval_seconds: "7", stats: CMS_DEFAULTS.hero_banners.stats, ...fields }) as Record<string, unknown>;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database);
  });
  beforeEach(async () => {
    await database.db.delete(cmsContent);
    app.services.pageCache.invalidate();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("shows the plain hero while the carousel is off, as it is by default", async () => {
    const html = await home();
    expect(html).toContain(`<h1 id="hero-title"`);
    expect(html).toContain(CMS_DEFAULTS.hero_banner.title);
    expect(heroSlidesIn(html)).toEqual([]);

    await storeCarousel(carouselFromForm({ autoplay: "on", banners: [bannerFields("Switched off banner", true)] }));
    const stillOff = await home();
    expect(stillOff).toContain(`<h1 id="hero-title"`);
    expect(stillOff).not.toContain("Switched off banner");
  });

  it("shows the active banners in place of the hero, the first one visible, and no inactive one", async () => {
    await storeCarousel(
      carouselFromForm({
        enabled: "on",
        autoplay: "on",
        infinite_loop: "on",
        show_dots: "on",
        show_arrows: "on",
        banners: [bannerFields("Retired Easter offer", false), bannerFields("Grade A iPhone 13 week", true), bannerFields("Samsung S22 restock", true)],
      }),
    );
    const html = await home();
    expect(html).not.toContain(`id="hero-title"`);
    expect(html).not.toContain("Retired Easter offer");

    const slides = heroSlidesIn(html);
    expect(slides.map(({ label, hidden }) => ({ label, hidden }))).toEqual([
      { label: "1 of 2", hidden: false },
      { label: "2 of 2", hidden: true },
    ]);
    expect(slides[0]!.markup).toMatch(/<h1[^>]*>Grade A iPhone 13 week<\/h1>/);
    expect(slides[0]!.markup).toContain("Grade A iPhone 13 week description");
    expect(slides[0]!.markup).toContain('style="background-color:#1e3a8a;color:#ffffff"');
    expect(slides[0]!.markup).toMatch(/<a[^>]*href="\/shop"[^>]*>Browse phones<\/a>/);
    expect(slides[0]!.markup).toMatch(/<a[^>]*href="\/vendor-application"[^>]*>Become a Vendor<\/a>/);
    expect(slides[1]!.markup).toContain("Samsung S22 restock");

    // The hero's search box, the controls and the figures are all in the first response.
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/shop"/);
    for (const label of ["Previous slide", "Next slide", "Pause slides", "Show slide 1", "Show slide 2"]) {
      expect(html).toContain(`aria-label="${label}"`);
    }
    expect(html).toContain(CMS_DEFAULTS.hero_banners.stats.customers);
  });

  it("leaves out the arrows, the dots and the pause button when they are turned off or there is one banner", async () => {
    await storeCarousel(carouselFromForm({ enabled: "on", autoplay: "on", banners: [bannerFields("One and only", true), bannerFields("Also shown", true)] }));
    const twoQuiet = await home();
    expect(heroSlidesIn(twoQuiet)).toHaveLength(2);
    for (const label of ["Next slide", "Show slide 1"]) expect(twoQuiet).not.toContain(`aria-label="${label}"`);
    expect(twoQuiet).toContain('aria-label="Pause slides"');

    await storeCarousel(carouselFromForm({ enabled: "on", autoplay: "on", show_dots: "on", show_arrows: "on", banners: [bannerFields("One and only", true)] }));
    const single = await home();
    expect(heroSlidesIn(single)).toHaveLength(1);
    for (const label of ["Next slide", "Show slide 1", "Pause slides"]) expect(single).not.toContain(`aria-label="${label}"`);
  });

  it("falls back to the plain hero when no banner is active", async () => {
    await storeCarousel(carouselFromForm({ enabled: "on", banners: [bannerFields("Paused campaign", false)] }));
    const html = await home();
    expect(html).toContain(`<h1 id="hero-title"`);
    expect(html).not.toContain("Paused campaign");
  });

  it("replaces a stored colour that is not hex and drops an image address that is not this site's or https", async () => {
    const banner = { ...bannerFields("Hand-edited banner", true), active: true, background_color: "red;background:url(x)", text_color: "#fff", background_image: "javascript:alert(1)" };
    await storeCarousel({ ...CMS_DEFAULTS.hero_banners, enabled: true, banners: [banner, { ...banner, title: "Bucket image banner", background_image: "https://cdn.example.com/b.jpg" }] });
    const [first, second] = heroSlidesIn(await home());
    const fallback = CMS_DEFAULTS.hero_banners.banners[0]!.background_color;
    expect(first!.markup).toContain(`style="background-color:${fallback};color:#fff"`);
    expect(first!.markup).not.toContain("javascript:");
    expect(first!.markup).not.toContain("<img");
    expect(second!.markup).toContain('src="https://cdn.example.com/b.jpg"');
  });
});
