/**
 * What each CMS tab may save (docs/cms.md), one zod schema per
 * section. Plain zod with no server imports: the browser checks a form with the same rules.
 */
import { z } from "../../lib/zod";
import { LIMITS, TOP_BANNER_PRESETS } from "../../lib/constants";

export const CMS_TEXTS = {
  topBannerUpdated: "Top banner updated successfully!",
  topBannerFailed: "Failed to update top banner",
  homeBannerSaved: "Home banner settings saved successfully!",
  homeBannerFailed: "Failed to save banner settings",
  uploadFailed: "Failed to upload image",
  sectionUpdated: (section: string) => `${section} updated successfully!`,
  updateFailed: "Failed to update content",
  // Ours:
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  colour: (label: string) => `${label} must be a colour like #1e3a8a`,
  link: (label: string) => `${label} must be a page of this site (starting with /) or an https:// address`,
  image: "Upload the image again",
  seconds: `Autoplay duration must be a whole number of seconds from ${LIMITS.homeBannerAutoplayMinSeconds} to ${LIMITS.homeBannerAutoplayMaxSeconds}`,
  interval: "Slide interval must be a whole number of seconds from 1 to 30",
  whatsapp: "WhatsApp number must be 10 to 15 digits, optionally starting with +",
  whatsappNeeded: "Enter the WhatsApp number to turn the chat button on",
  tooMany: (label: string, max: number) => `At most ${max} ${label}`,
  icon: "Choose one of the icons",
  logoType: "The logo must be a JPEG, PNG or SVG image",
  logoSize: "The logo must be at most 2 MB (2,097,152 bytes)",
  imageType: "Images must be JPEG, PNG or WebP",
  imageSize: "Images must be at most 5 MB",
} as const;

/** Bytes an uploaded banner or category image may have. */
export const CMS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const VENDOR_BENEFIT_ICONS = ["users", "wallet", "shield", "badge"] as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/**
 * A page of this site ("/shop?brand=apple") or an https address; never another scheme. Browsers
 * read a backslash as a slash, so "/\host" is another site like "//host": a path has none.
 */
const LINK = /^(?:\/(?![/\\])[^\s\\]*|https:\/\/[^\s/\\]+(?:\/[^\s]*)?)$/i;
/** An image this site stored, or none. */
const OWN_IMAGE = /^(?:\/uploads\/[a-z0-9_./-]+)?$/;

const text = (label: string, max: number) =>
  z.string({ error: CMS_TEXTS.required(label) }).trim().min(1, CMS_TEXTS.required(label)).max(max, CMS_TEXTS.tooLong(label, max));
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, CMS_TEXTS.tooLong(label, max)).optional().transform((value) => value ?? "");
const colour = (label: string) => z.string({ error: CMS_TEXTS.colour(label) }).trim().regex(HEX, CMS_TEXTS.colour(label));
const link = (label: string) =>
  z.string().trim().max(300, CMS_TEXTS.tooLong(label, 300)).optional().transform((value) => value ?? "")
    .refine((value) => value === "" || LINK.test(value), CMS_TEXTS.link(label));
const image = z.string().trim().optional().transform((value) => value ?? "").refine((value) => OWN_IMAGE.test(value) && !value.includes(".."), CMS_TEXTS.image);
/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z.union([z.boolean(), z.string()]).optional().transform((value) => value === true || value === "on" || value === "true");
const wholeSeconds = (message: string) =>
  z.union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,2}$/, message))
    .transform(Number)
    .pipe(z.number().min(LIMITS.homeBannerAutoplayMinSeconds, message).max(LIMITS.homeBannerAutoplayMaxSeconds, message));
const slideId = (prefix: string) =>
  z.string().trim().regex(/^[a-z0-9-]{1,40}$/).optional().transform((value) => value || `${prefix}-${crypto.randomUUID().slice(0, 8)}`);
const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z.array(item).max(max, CMS_TEXTS.tooMany(label, max)).optional().transform((value) => value ?? []);
const whatsappNumber = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || /^\+?\d{10,15}$/.test(value.replace(/[\s()-]/g, "")), CMS_TEXTS.whatsapp);

const stats = z.object({
  customers: text("Customers figure", 20),
  phones_sold: text("Phones sold figure", 20),
  satisfaction: text("Satisfaction figure", 20),
});

export const topBannerSchema = z
  .object({
    enabled: checkbox,
    text: text("Banner text", 200),
    preset: z.enum(["Custom", ...TOP_BANNER_PRESETS.map((p) => p.name)] as [string, ...string[]]).optional(),
    background_color: colour("Background colour"),
    text_color: colour("Text colour"),
    link_url: link("Link URL"),
    link_text: optionalText("Link text", 40),
    dismissible: checkbox,
  })
  .transform(({ preset, ...banner }) => {
    const chosen = TOP_BANNER_PRESETS.find((p) => p.name === preset);
    return chosen ? { ...banner, background_color: chosen.background_color, text_color: chosen.text_color } : banner;
  });

export const homeBannerSchema = z
  .object({
    enabled: checkbox,
    autoplay: checkbox,
    autoplay_seconds: wholeSeconds(CMS_TEXTS.seconds),
    slides: list(
      z.object({
        id: slideId("slide"),
        image_url: image,
        title: text("Slide title", 100),
        subtitle: optionalText("Slide subtitle", 200),
        link_url: link("Slide link"),
        link_text: optionalText("Slide link text", 40),
      }),
      "slides",
      10,
    ),
  })
  .transform(({ autoplay_seconds, ...banner }) => ({ ...banner, autoplay_duration: autoplay_seconds * 1000 }));

export const heroBannerSchema = z.object({
  title: text("Title", 100),
  subtitle: optionalText("Subtitle", 150),
  description: optionalText("Description", 500),
  cta_primary: text("Primary button", 40),
  cta_secondary: text("Secondary button", 40),
  stats,
});

export const heroBannersSchema = z
  .object({
    enabled: checkbox,
    autoplay: checkbox,
    interval_seconds: wholeSeconds(CMS_TEXTS.interval),
    infinite_loop: checkbox,
    show_dots: checkbox,
    show_arrows: checkbox,
    banners: list(
      z.object({
        id: slideId("hero"),
        title: text("Banner title", 100),
        subtitle: optionalText("Banner subtitle", 150),
        description: optionalText("Banner description", 500),
        cta_primary: optionalText("Primary button", 40),
        cta_secondary: optionalText("Secondary button", 40),
        background_image: image,
        background_color: colour("Background colour"),
        text_color: colour("Text colour"),
        active: checkbox,
      }),
      "banners",
      10,
    ),
    stats,
  })
  .transform(({ interval_seconds, ...carousel }) => ({ ...carousel, interval: interval_seconds * 1000 }));

export const brandingSchema = z.object({
  site_name: text("Site name", 60),
  logo_url: image,
  primary_color: colour("Primary colour"),
  whatsapp_number: whatsappNumber,
});

export const featuredCategoriesSchema = z.object({
  title: text("Title", 100),
  subtitle: optionalText("Subtitle", 200),
  categories: list(
    z.object({
      name: text("Category name", 40),
      count: optionalText("Category count", 30),
      description: optionalText("Category description", 200),
      image,
    }),
    "categories",
    12,
  ),
});

export const whatsappConfigSchema = z
  .object({
    number: whatsappNumber,
    display_text: text("Button text", 60),
    enabled: checkbox,
  })
  .refine((config) => !config.enabled || config.number !== "", { message: CMS_TEXTS.whatsappNeeded, path: ["number"] });

export const becomeVendorPageSchema = z.object({
  title: text("Title", 100),
  subtitle: optionalText("Subtitle", 200),
  benefits: list(
    z.object({
      title: text("Benefit title", 60),
      description: text("Benefit description", 300),
      icon: z.enum(VENDOR_BENEFIT_ICONS, { error: CMS_TEXTS.icon }),
    }),
    "benefits",
    8,
  ),
  pricing_note: optionalText("Pricing note", 500),
  commission_text: optionalText("Commission text", 500),
});

/** The sections the CMS dashboard edits, with their tab names (docs/cms.md). */
export const CMS_EDITABLE = {
  hero_banner: { tab: "Hero Banner", schema: heroBannerSchema },
  home_banner: { tab: "Home Banner", schema: homeBannerSchema },
  top_banner: { tab: "Top Banner", schema: topBannerSchema },
  hero_banners: { tab: "Banner Carousel", schema: heroBannersSchema },
  branding: { tab: "Branding", schema: brandingSchema },
  featured_categories: { tab: "Categories", schema: featuredCategoriesSchema },
  whatsapp_config: { tab: "WhatsApp", schema: whatsappConfigSchema },
  become_vendor_page: { tab: "Become Vendor", schema: becomeVendorPageSchema },
} as const;

export type EditableSection = keyof typeof CMS_EDITABLE;
export const EDITABLE_SECTIONS = Object.keys(CMS_EDITABLE) as EditableSection[];

export function isEditableSection(value: unknown): value is EditableSection {
  return typeof value === "string" && Object.hasOwn(CMS_EDITABLE, value);
}

/** The toast after a save, as docs/cms.md words it per section. */
export function savedText(section: EditableSection): string {
  if (section === "top_banner") return CMS_TEXTS.topBannerUpdated;
  if (section === "home_banner") return CMS_TEXTS.homeBannerSaved;
  return CMS_TEXTS.sectionUpdated(CMS_EDITABLE[section].tab);
}

export function failedText(section: EditableSection): string {
  if (section === "top_banner") return CMS_TEXTS.topBannerFailed;
  if (section === "home_banner") return CMS_TEXTS.homeBannerFailed;
  return CMS_TEXTS.updateFailed;
}

/**
 * Form fields named by path ("slides.0.title") into the nested value the schemas read. List
 * items ticked for removal ("slides.1.__remove") and blank new items are left out.
 */
export function nestFormValues(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const path = name.split(".");
    if (path.some((part) => part === "__proto__" || part === "constructor" || part === "prototype")) continue;
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return listsFromIndexes(root) as Record<string, unknown>;
}

function listsFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d{1,3}$/.test(key));
  if (!indexed) return Object.fromEntries(entries.map(([key, child]) => [key, listsFromIndexes(child)]));
  return entries
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, child]) => child as Record<string, unknown>)
    .filter((item) => item.__remove !== "on" && !isBlankItem(item))
    .map(({ __remove: _removed, __new: _new, ...item }) => listsFromIndexes(item));
}

/** The empty item offered for adding a new one, left untouched. */
function isBlankItem(item: Record<string, unknown>): boolean {
  if (item.__new !== "on") return false;
  return Object.entries(item).every(([key, v]) => key.startsWith("__") || key === "id" || /color|icon|active/.test(key) || v === "");
}
