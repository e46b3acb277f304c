/**
 * Default site content: used for every cms_content section that has no stored row, and as
 * the base each stored section is shallow-merged over (docs/cms.md).
 * Plain data with no server imports, so browser code may import it too.
 */
import { DEFAULT_PROMISES, type StorePromises, defaultTopBannerText } from "../catalog/promises";
import { type CmsSection, LIMITS, MARKETING_STATS, PRICING_DEFAULTS, SITE_DEFAULTS } from "../../lib/constants";

export interface BrandingContent {
  site_name: string;
  /** Empty string: no uploaded logo, the built-in mark is shown. */
  logo_url: string;
  primary_color: string;
  /** Empty string: no WhatsApp number configured. */
  whatsapp_number: string;
  logo_upload_enabled: boolean;
  /** Bytes. */
  logo_max_size: number;
  logo_allowed_types: string[];
}

export interface HeroStats {
  customers: string;
  phones_sold: string;
  satisfaction: string;
}

export interface HeroBannerContent {
  title: string;
  subtitle: string;
  description: string;
  cta_primary: string;
  cta_secondary: string;
  stats: HeroStats;
}

export interface HeroBannerSlide {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  cta_primary: string;
  cta_secondary: string;
  background_image: string;
  background_color: string;
  text_color: string;
  active: boolean;
}

export interface HeroBannersContent {
  enabled: boolean;
  autoplay: boolean;
  /** Milliseconds between slides. */
  interval: number;
  infinite_loop: boolean;
  show_dots: boolean;
  show_arrows: boolean;
  banners: HeroBannerSlide[];
  stats: HeroStats;
}

export interface TopBannerContent {
  enabled: boolean;
  text: string;
  background_color: string;
  text_color: string;
  link_url: string;
  link_text: string;
  dismissible: boolean;
}

export interface HomeBannerSlide {
  id: string;
  image_url: string;
  title: string;
  subtitle: string;
  link_url: string;
  link_text: string;
}

export interface HomeBannerContent {
  enabled: boolean;
  slides: HomeBannerSlide[];
  autoplay: boolean;
  /** Milliseconds each slide stays (1 to 30 seconds). */
  autoplay_duration: number;
}

export interface FeaturedCategory {
  name: string;
  count: string;
  description: string;
  image: string;
}

export interface FeaturedCategoriesContent {
  title: string;
  subtitle: string;
  categories: FeaturedCategory[];
}

export interface WhatsappConfigContent {
  /** Empty string: the WhatsApp button stays hidden. */
  number: string;
  display_text: string;
  enabled: boolean;
}

export interface VendorStep {
  step: number;
  title: string;
  description: string;
}

export interface VendorInstructionsContent {
  title: string;
  subtitle: string;
  instructions: string[];
  steps: VendorStep[];
  requirements: string[];
}

export interface VendorBenefit {
  title: string;
  description: string;
  /** Name of an icon the page knows how to draw. */
  icon: string;
}

export interface VendorPageConfigContent {
  hero_section: { title: string; subtitle: string; description: string; cta_text: string };
  requirements_section: { title: string; subtitle: string; items: string[] };
  benefits_section: { title: string; subtitle: string; items: VendorBenefit[] };
  process_section: { title: string; subtitle: string; steps: VendorStep[] };
  terms_section: { title: string; items: string[] };
}

export interface BecomeVendorPageContent {
  title: string;
  subtitle: string;
  benefits: VendorBenefit[];
  pricing_note: string;
  commission_text: string;
}

export interface CmsContentMap {
  branding: BrandingContent;
  hero_banner: HeroBannerContent;
  hero_banners: HeroBannersContent;
  top_banner: TopBannerContent;
  home_banner: HomeBannerContent;
  featured_categories: FeaturedCategoriesContent;
  whatsapp_config: WhatsappConfigContent;
  vendor_instructions: VendorInstructionsContent;
  vendor_page_config: VendorPageConfigContent;
  become_vendor_page: BecomeVendorPageContent;
}

/** Every section key maps to its content type; a new CMS_SECTIONS value fails to compile here. */
export type CmsDefaults = { [S in CmsSection]: CmsContentMap[S] };

const HERO_STATS: HeroStats = {
  customers: MARKETING_STATS.customers,
  phones_sold: MARKETING_STATS.phonesSold,
  satisfaction: MARKETING_STATS.satisfaction,
};

const COMMISSION_PERCENT = PRICING_DEFAULTS.commissionRate;

const VENDOR_STEPS: VendorStep[] = [
  {
    step: 1,
    title: "Apply",
    description: "Fill in the vendor application with your business name, contact details and business address.",
  },
  {
    step: 2,
    title: "Review",
    description: `Our team reviews your application and verifies your business within ${LIMITS.vendorReviewDays}.`,
  },
  {
    step: 3,
    title: "Approval",
    description: "Once approved, your vendor account is verified and your dashboard is unlocked.",
  },
  {
    step: 4,
    title: "Start Selling",
    description: "List your graded UK-used phones and reach buyers in every state of Nigeria.",
  },
];

const VENDOR_BENEFITS: VendorBenefit[] = [
  {
    title: "Reach buyers nationwide",
    description: "Thousands of buyers from Lagos to Kano shop for tokunbo phones here every day.",
    icon: "users",
  },
  {
    title: "Weekly payouts",
    description: "Your earnings are paid out every week, straight to your Nigerian bank account.",
    icon: "wallet",
  },
  {
    title: "We handle payments",
    description: "Buyers pay by card or bank transfer online; no more chasing customers for transfers.",
    icon: "shield",
  },
  {
    title: "Verified vendor badge",
    description: "Approved vendors get a verified badge that tells buyers they can trust your listings.",
    icon: "badge",
  },
];

const VENDOR_TERMS: string[] = [
  "Vendors reply to customer enquiries within 24 hours.",
  "Commission payouts are made weekly.",
  `A ${COMMISSION_PERCENT}% commission is charged on the final price of each phone sold.`,
  "Every phone must be graded honestly (A, B or C) and described accurately.",
];

export const CMS_DEFAULTS: CmsDefaults = {
  branding: {
    site_name: SITE_DEFAULTS.siteName,
    logo_url: "",
    primary_color: SITE_DEFAULTS.primaryColor,
    whatsapp_number: "",
    logo_upload_enabled: true,
    logo_max_size: LIMITS.logoMaxBytes,
    logo_allowed_types: [...LIMITS.logoAllowedTypes],
  },
  hero_banner: {
    title: "Quality UK-Used Phones",
    subtitle: "Graded, tested and guaranteed",
    description:
      "Buy tokunbo iPhones, Samsungs and Pixels from verified Nigerian vendors. Every phone is graded A, B or C, passes a 15-point quality check and comes with up to 30 days warranty.",
    cta_primary: "Shop Now",
    cta_secondary: "Become a Vendor",
    stats: HERO_STATS,
  },
  hero_banners: {
    enabled: false,
    autoplay: true,
    interval: LIMITS.heroIntervalMs,
    infinite_loop: true,
    show_dots: true,
    show_arrows: true,
    banners: [
      {
        id: "hero-1",
        title: "Quality UK-Used Phones",
        subtitle: "Graded, tested and guaranteed",
        description: "Tokunbo phones from verified vendors, delivered anywhere in Nigeria.",
        cta_primary: "Shop Now",
        cta_secondary: "Become a Vendor",
        background_image: "",
        background_color: "#111827",
        text_color: "#ffffff",
        active: true,
      },
      {
        id: "hero-2",
        title: "Grade A iPhones",
        subtitle: "Like new, for less",
        description: "Minimal signs of use, battery health checked, 30-day warranty.",
        cta_primary: "Shop iPhones",
        cta_secondary: "Become a Vendor",
        background_image: "",
        background_color: "#1e3a8a",
        text_color: "#ffffff",
        active: true,
      },
    ],
    stats: HERO_STATS,
  },
  top_banner: {
    enabled: true,
    // Until an admin writes their own, the text follows the pricing config: see topBannerFor.
    text: defaultTopBannerText(DEFAULT_PROMISES),
    background_color: "#1e3a8a",
    text_color: "#ffffff",
    link_url: "/shop",
    link_text: "Shop now",
    dismissible: true,
  },
  home_banner: {
    enabled: false,
    slides: [
      {
        id: "slide-1",
        image_url: "",
        title: "UK-Used iPhones from ₦250,000",
        subtitle: "Every phone tested and graded before it is listed",
        link_url: "/shop?brand=apple",
        link_text: "Shop iPhones",
      },
      {
        id: "slide-2",
        image_url: "",
        title: "Samsung Galaxy deals",
        subtitle: "S and Note series in Grade A and B condition",
        link_url: "/shop?brand=samsung",
        link_text: "Shop Samsung",
      },
      {
        id: "slide-3",
        image_url: "",
        title: "Sell your phones with us",
        subtitle: "Reach buyers across all 36 states and the FCT",
        link_url: "/become-vendor",
        link_text: "Become a Vendor",
      },
    ],
    autoplay: true,
    autoplay_duration: LIMITS.homeBannerAutoplayMs,
  },
  featured_categories: {
    title: "Shop by Brand",
    subtitle: "Popular UK-used phones, graded and tested",
    categories: [
      { name: "iPhone", count: "120+ models", description: "From iPhone XR to the latest Pro Max", image: "" },
      { name: "Samsung", count: "85+ models", description: "Galaxy S, Note, A and Z series", image: "" },
      { name: "Google Pixel", count: "25+ models", description: "Pure Android with the best cameras", image: "" },
      { name: "OnePlus", count: "30+ models", description: "Flagship speed at a fair price", image: "" },
    ],
  },
  whatsapp_config: {
    number: "",
    display_text: "Chat with us on WhatsApp",
    enabled: false,
  },
  vendor_instructions: {
    title: "How to Become a Vendor",
    subtitle: "Start selling UK-used phones to buyers across Nigeria",
    instructions: [
      "Sign in or create an account before you apply.",
      "Fill in the vendor application with your registered business details.",
      `Our team reviews every application within ${LIMITS.vendorReviewDays}.`,
      "After approval, complete your vendor profile and list your first phones.",
    ],
    steps: VENDOR_STEPS,
    requirements: [
      "A registered business name (CAC registration preferred)",
      "A valid business e-mail address and phone number",
      "A physical business address in Nigeria",
      "Genuine UK-used phones you can grade honestly",
      "A Nigerian bank account for weekly payouts",
    ],
  },
  vendor_page_config: {
    hero_section: {
      title: "Sell Your Phones on Tokunbo",
      subtitle: "Join Nigeria's trusted marketplace for graded UK-used phones",
      description:
        "List your tokunbo phones, reach buyers nationwide and get paid every week. We handle payments, so you can focus on selling.",
      cta_text: "Apply Now",
    },
    requirements_section: {
      title: "What You Need",
      subtitle: "Have these ready before you apply",
      items: [
        "A registered business name",
        "A valid business e-mail address and phone number",
        "A physical business address in Nigeria",
        "Genuine UK-used phones in stock",
      ],
    },
    benefits_section: {
      title: "Why Sell With Us",
      subtitle: "Everything you need to grow your phone business",
      items: VENDOR_BENEFITS,
    },
    process_section: {
      title: "How It Works",
      subtitle: "From application to your first sale in four steps",
      steps: VENDOR_STEPS,
    },
    terms_section: {
      title: "Vendor Terms",
      items: VENDOR_TERMS,
    },
  },
  become_vendor_page: {
    title: "Become a Vendor",
    subtitle: "Sell graded UK-used phones to buyers across Nigeria",
    benefits: VENDOR_BENEFITS,
    pricing_note:
      "No listing fees and no monthly subscription. You set the suggested price; our team sets the final selling price when your listing is approved.",
    commission_text: `We charge a ${COMMISSION_PERCENT}% commission on the final price of each phone sold; you keep ${100 - COMMISSION_PERCENT}%. Payouts are made weekly, and vendors reply to customers within 24 hours.`,
  },
};

/**
 * The top banner as shown: a banner still carrying the default text promises what the pricing
 * config says (warranty days, free delivery or the fee: docs/orders.md, docs/admin.md), not a fixed string.
 * An admin's own text is shown as written.
 */
export function topBannerFor(banner: TopBannerContent, promises: StorePromises): TopBannerContent {
  if (banner.text !== CMS_DEFAULTS.top_banner.text) return banner;
  return { ...banner, text: defaultTopBannerText(promises) };
}
