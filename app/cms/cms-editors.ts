/** What each CMS tab shows: its fields in order, read from and named after the section's content. */
import type { CmsContentMap } from "../../domain/cms/defaults";
import { type EditableSection, VENDOR_BENEFIT_ICONS } from "../../domain/cms/validation";
import { LIMITS } from "../../lib/constants";

export type CmsField =
  | { kind: "text" | "textarea" | "link" | "colour" | "phone"; name: string; label: string; max?: number; hint?: string; required?: boolean }
  | { kind: "checkbox"; name: string; label: string }
  | { kind: "seconds"; name: string; label: string; source: string; hint: string }
  | { kind: "image"; name: string; label: string; hint: string; accept: string }
  | { kind: "select"; name: string; label: string; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "presets"; name: string; label: string }
  | { kind: "list"; name: string; label: string; itemLabel: string; max: number; fields: CmsField[]; blank: Record<string, unknown> };

const IMAGE = { accept: "image/jpeg,image/png,image/webp", hint: "JPEG, PNG or WebP, up to 5 MB" };

/** A title and a line under it, as most sections and slides open. */
const TITLE_AND_SUBTITLE: CmsField[] = [
  { kind: "text", name: "title", label: "Title", max: 100, required: true },
  { kind: "text", name: "subtitle", label: "Subtitle", max: 200 },
];

const STATS: CmsField[] = [
  { kind: "text", name: "stats.customers", label: "Customers figure", max: 20, required: true },
  { kind: "text", name: "stats.phones_sold", label: "Phones sold figure", max: 20, required: true },
  { kind: "text", name: "stats.satisfaction", label: "Satisfaction figure", max: 20, required: true },
];

export const CMS_EDITORS: { [S in EditableSection]: CmsField[] } = {
  hero_banner: [
    { kind: "text", name: "title", label: "Title", max: 100, required: true },
    { kind: "text", name: "subtitle", label: "Subtitle", max: 150 },
    { kind: "textarea", name: "description", label: "Description", max: 500 },
    { kind: "text", name: "cta_primary", label: "Primary button", max: 40, required: true },
    { kind: "text", name: "cta_secondary", label: "Secondary button", max: 40, required: true },
    ...STATS,
  ],
  home_banner: [
    { kind: "checkbox", name: "enabled", label: "Show the home banner" },
    { kind: "checkbox", name: "autoplay", label: "Rotate slides automatically" },
    {
      kind: "seconds",
      name: "autoplay_seconds",
      label: "Autoplay duration (seconds)",
      source: "autoplay_duration",
      hint: `${LIMITS.homeBannerAutoplayMinSeconds} to ${LIMITS.homeBannerAutoplayMaxSeconds} seconds`,
    },
    {
      kind: "list",
      name: "slides",
      label: "Slides",
      itemLabel: "Slide",
      max: 10,
      blank: { id: "", image_url: "", title: "", subtitle: "", link_url: "", link_text: "" },
      fields: [
        { kind: "image", name: "image_url", label: "Image", ...IMAGE },
        ...TITLE_AND_SUBTITLE,
        { kind: "link", name: "link_url", label: "Link", hint: "A page of this site like /shop, or an https:// address" },
        { kind: "text", name: "link_text", label: "Link text", max: 40 },
      ],
    },
  ],
  top_banner: [
    { kind: "checkbox", name: "enabled", label: "Show the top banner" },
    { kind: "text", name: "text", label: "Banner text", max: 200, required: true },
    { kind: "presets", name: "preset", label: "Colour preset" },
    { kind: "colour", name: "background_color", label: "Background colour" },
    { kind: "colour", name: "text_color", label: "Text colour" },
    { kind: "link", name: "link_url", label: "Link URL", hint: "A page of this site like /shop, or an https:// address" },
    { kind: "text", name: "link_text", label: "Link text", max: 40 },
    { kind: "checkbox", name: "dismissible", label: "Visitors can dismiss it" },
  ],
  hero_banners: [
    { kind: "checkbox", name: "enabled", label: "Show the banner carousel" },
    { kind: "checkbox", name: "autoplay", label: "Rotate banners automatically" },
    { kind: "seconds", name: "interval_seconds", label: "Interval (seconds)", source: "interval", hint: "1 to 30 seconds" },
    { kind: "checkbox", name: "infinite_loop", label: "Loop back to the first banner" },
    { kind: "checkbox", name: "show_dots", label: "Show dots" },
    { kind: "checkbox", name: "show_arrows", label: "Show arrows" },
    {
      kind: "list",
      name: "banners",
      label: "Banners",
      itemLabel: "Banner",
      max: 10,
      blank: {
        id: "", title: "", subtitle: "", description: "", cta_primary: "", cta_secondary: "", background_image: "",
        background_color: "#111827", text_color: "#ffffff", active: true,
      },
      fields: [
        { kind: "text", name: "title", label: "Title", max: 100, required: true },
        { kind: "text", name: "subtitle", label: "Subtitle", max: 150 },
        { kind: "textarea", name: "description", label: "Description", max: 500 },
        { kind: "text", name: "cta_primary", label: "Primary button", max: 40 },
        { kind: "text", name: "cta_secondary", label: "Secondary button", max: 40 },
        { kind: "image", name: "background_image", label: "Background image", ...IMAGE },
        { kind: "colour", name: "background_color", label: "Background colour" },
        { kind: "colour", name: "text_color", label: "Text colour" },
        { kind: "checkbox", name: "active", label: "Active" },
      ],
    },
    ...STATS,
  ],
  branding: [
    { kind: "text", name: "site_name", label: "Site name", max: 60, required: true },
    { kind: "image", name: "logo_url", label: "Logo", accept: "image/jpeg,image/png,image/svg+xml", hint: "One JPEG, PNG or SVG image, up to 2 MB" },
    { kind: "colour", name: "primary_color", label: "Primary colour" },
    { kind: "phone", name: "whatsapp_number", label: "WhatsApp number", hint: "With the country code, e.g. +2348031234567" },
  ],
  featured_categories: [
    ...TITLE_AND_SUBTITLE,
    {
      kind: "list",
      name: "categories",
      label: "Categories",
      itemLabel: "Category",
      max: 12,
      blank: { name: "", count: "", description: "", image: "" },
      fields: [
        { kind: "text", name: "name", label: "Name", max: 40, required: true },
        { kind: "text", name: "count", label: "Count", max: 30, hint: "e.g. 120+ models" },
        { kind: "text", name: "description", label: "Description", max: 200 },
        { kind: "image", name: "image", label: "Image", ...IMAGE, hint: "One JPEG, PNG or WebP image, up to 5 MB" },
      ],
    },
  ],
  whatsapp_config: [
    { kind: "checkbox", name: "enabled", label: "Show the WhatsApp chat button" },
    { kind: "phone", name: "number", label: "WhatsApp number", hint: "With the country code, e.g. +2348031234567" },
    { kind: "text", name: "display_text", label: "Button text", max: 60, required: true },
  ],
  become_vendor_page: [
    ...TITLE_AND_SUBTITLE,
    {
      kind: "list",
      name: "benefits",
      label: "Benefits",
      itemLabel: "Benefit",
      max: 8,
      blank: { title: "", description: "", icon: "users" },
      fields: [
        { kind: "text", name: "title", label: "Title", max: 60, required: true },
        { kind: "textarea", name: "description", label: "Description", max: 300 },
        { kind: "select", name: "icon", label: "Icon", options: VENDOR_BENEFIT_ICONS.map((icon) => ({ value: icon, label: icon })) },
      ],
    },
    { kind: "textarea", name: "pricing_note", label: "Pricing note", max: 500 },
    { kind: "textarea", name: "commission_text", label: "Commission text", max: 500 },
  ],
};

export type EditableContent = { [S in EditableSection]: CmsContentMap[S] };

/** The value at a dotted path ("stats.customers") of some content. */
export function valueAt(content: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), content);
}
