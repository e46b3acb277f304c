import { type Brand, GRADE_LABELS, type Grade, type StorageOption } from "../../lib/constants";

/** A phone model as sold UK-used in Lagos in 2026. */
export interface PhoneModel {
  brand: Brand;
  model: string;
  /** Grade A asking price in naira for each storage size the model came in. */
  gradeAPrices: Partial<Record<StorageOption, number>>;
  /** Official colour names; the first ones are the most common on the market. */
  colors: readonly string[];
  /** How many listings of it the demo catalogue carries. */
  listings: number;
}

const APPLE: readonly PhoneModel[] = [
  { brand: "Apple", model: "iPhone XR", gradeAPrices: { "64GB": 230_000, "128GB": 260_000 }, colors: ["Black", "White", "Red", "Blue", "Coral", "Yellow"], listings: 3 },
  { brand: "Apple", model: "iPhone 11", gradeAPrices: { "64GB": 330_000, "128GB": 365_000, "256GB": 405_000 }, colors: ["Black", "White", "Purple", "Green", "Red", "Yellow"], listings: 4 },
  { brand: "Apple", model: "iPhone 11 Pro", gradeAPrices: { "64GB": 385_000, "256GB": 435_000, "512GB": 485_000 }, colors: ["Midnight Green", "Space Grey", "Gold", "Silver"], listings: 2 },
  { brand: "Apple", model: "iPhone 11 Pro Max", gradeAPrices: { "64GB": 430_000, "256GB": 480_000, "512GB": 530_000 }, colors: ["Midnight Green", "Space Grey", "Gold", "Silver"], listings: 3 },
  { brand: "Apple", model: "iPhone 12", gradeAPrices: { "64GB": 400_000, "128GB": 440_000, "256GB": 490_000 }, colors: ["Black", "Blue", "White", "Green", "Purple", "Red"], listings: 4 },
  { brand: "Apple", model: "iPhone 12 Pro", gradeAPrices: { "128GB": 520_000, "256GB": 570_000, "512GB": 630_000 }, colors: ["Pacific Blue", "Graphite", "Gold", "Silver"], listings: 2 },
  { brand: "Apple", model: "iPhone 12 Pro Max", gradeAPrices: { "128GB": 600_000, "256GB": 650_000, "512GB": 720_000 }, colors: ["Pacific Blue", "Graphite", "Gold", "Silver"], listings: 3 },
  { brand: "Apple", model: "iPhone 13", gradeAPrices: { "128GB": 560_000, "256GB": 620_000, "512GB": 690_000 }, colors: ["Midnight", "Starlight", "Blue", "Pink", "Green", "Red"], listings: 4 },
  { brand: "Apple", model: "iPhone 13 Pro", gradeAPrices: { "128GB": 700_000, "256GB": 760_000, "512GB": 830_000, "1TB": 900_000 }, colors: ["Sierra Blue", "Graphite", "Gold", "Silver", "Alpine Green"], listings: 3 },
  { brand: "Apple", model: "iPhone 13 Pro Max", gradeAPrices: { "128GB": 800_000, "256GB": 860_000, "512GB": 940_000, "1TB": 1_020_000 }, colors: ["Sierra Blue", "Graphite", "Gold", "Silver", "Alpine Green"], listings: 3 },
  { brand: "Apple", model: "iPhone 14", gradeAPrices: { "128GB": 650_000, "256GB": 710_000, "512GB": 790_000 }, colors: ["Midnight", "Starlight", "Blue", "Purple", "Red", "Yellow"], listings: 3 },
  { brand: "Apple", model: "iPhone 14 Pro", gradeAPrices: { "128GB": 900_000, "256GB": 970_000, "512GB": 1_050_000 }, colors: ["Deep Purple", "Space Black", "Gold", "Silver"], listings: 2 },
  { brand: "Apple", model: "iPhone 14 Pro Max", gradeAPrices: { "128GB": 1_050_000, "256GB": 1_150_000, "512GB": 1_250_000 }, colors: ["Deep Purple", "Space Black", "Gold", "Silver"], listings: 2 },
  { brand: "Apple", model: "iPhone 15", gradeAPrices: { "128GB": 850_000, "256GB": 930_000, "512GB": 1_020_000 }, colors: ["Black", "Blue", "Green", "Yellow", "Pink"], listings: 2 },
  { brand: "Apple", model: "iPhone SE 2022", gradeAPrices: { "64GB": 200_000, "128GB": 230_000, "256GB": 270_000 }, colors: ["Midnight", "Starlight", "Red"], listings: 2 },
];

const SAMSUNG: readonly PhoneModel[] = [
  { brand: "Samsung", model: "Galaxy S10", gradeAPrices: { "128GB": 170_000, "512GB": 215_000 }, colors: ["Prism Black", "Prism White", "Prism Blue", "Prism Green"], listings: 2 },
  { brand: "Samsung", model: "Galaxy S20", gradeAPrices: { "128GB": 230_000 }, colors: ["Cosmic Grey", "Cloud Blue", "Cloud Pink"], listings: 2 },
  { brand: "Samsung", model: "Galaxy S21", gradeAPrices: { "128GB": 300_000, "256GB": 330_000 }, colors: ["Phantom Grey", "Phantom White", "Phantom Violet", "Phantom Pink"], listings: 3 },
  { brand: "Samsung", model: "Galaxy S21 Ultra", gradeAPrices: { "128GB": 430_000, "256GB": 470_000, "512GB": 520_000 }, colors: ["Phantom Black", "Phantom Silver"], listings: 3 },
  { brand: "Samsung", model: "Galaxy S22", gradeAPrices: { "128GB": 380_000, "256GB": 420_000 }, colors: ["Phantom Black", "Phantom White", "Green", "Pink Gold"], listings: 2 },
  { brand: "Samsung", model: "Galaxy S22 Ultra", gradeAPrices: { "128GB": 560_000, "256GB": 610_000, "512GB": 680_000 }, colors: ["Phantom Black", "Burgundy", "Green", "Phantom White"], listings: 2 },
  { brand: "Samsung", model: "Galaxy S23", gradeAPrices: { "128GB": 560_000, "256GB": 610_000 }, colors: ["Phantom Black", "Cream", "Green", "Lavender"], listings: 2 },
  { brand: "Samsung", model: "Galaxy S23 Ultra", gradeAPrices: { "256GB": 850_000, "512GB": 950_000, "1TB": 1_080_000 }, colors: ["Phantom Black", "Cream", "Green", "Lavender"], listings: 3 },
  { brand: "Samsung", model: "Galaxy Note 20 Ultra", gradeAPrices: { "256GB": 420_000, "512GB": 470_000 }, colors: ["Mystic Bronze", "Mystic Black", "Mystic White"], listings: 2 },
  { brand: "Samsung", model: "Galaxy A52", gradeAPrices: { "128GB": 170_000, "256GB": 195_000 }, colors: ["Awesome Black", "Awesome Blue", "Awesome Violet", "Awesome White"], listings: 2 },
  { brand: "Samsung", model: "Galaxy A72", gradeAPrices: { "128GB": 200_000, "256GB": 225_000 }, colors: ["Awesome Black", "Awesome Blue", "Awesome Violet"], listings: 2 },
  { brand: "Samsung", model: "Galaxy Z Flip 4", gradeAPrices: { "128GB": 430_000, "256GB": 470_000, "512GB": 530_000 }, colors: ["Bora Purple", "Graphite", "Pink Gold", "Blue"], listings: 2 },
];

const GOOGLE: readonly PhoneModel[] = [
  { brand: "Google", model: "Pixel 4a", gradeAPrices: { "128GB": 120_000 }, colors: ["Just Black", "Barely Blue"], listings: 2 },
  { brand: "Google", model: "Pixel 5", gradeAPrices: { "128GB": 170_000 }, colors: ["Just Black", "Sorta Sage"], listings: 2 },
  { brand: "Google", model: "Pixel 6", gradeAPrices: { "128GB": 230_000, "256GB": 260_000 }, colors: ["Stormy Black", "Sorta Seafoam", "Kinda Coral"], listings: 2 },
  { brand: "Google", model: "Pixel 6 Pro", gradeAPrices: { "128GB": 300_000, "256GB": 335_000 }, colors: ["Stormy Black", "Cloudy White", "Sorta Sunny"], listings: 2 },
  { brand: "Google", model: "Pixel 7", gradeAPrices: { "128GB": 330_000, "256GB": 365_000 }, colors: ["Obsidian", "Snow", "Lemongrass"], listings: 3 },
  { brand: "Google", model: "Pixel 7a", gradeAPrices: { "128GB": 270_000 }, colors: ["Charcoal", "Snow", "Sea"], listings: 2 },
  { brand: "Google", model: "Pixel 7 Pro", gradeAPrices: { "128GB": 430_000, "256GB": 470_000, "512GB": 520_000 }, colors: ["Obsidian", "Snow", "Hazel"], listings: 2 },
  { brand: "Google", model: "Pixel 8", gradeAPrices: { "128GB": 520_000, "256GB": 570_000 }, colors: ["Obsidian", "Hazel", "Rose"], listings: 2 },
];

const ONEPLUS: readonly PhoneModel[] = [
  { brand: "OnePlus", model: "OnePlus 8T", gradeAPrices: { "128GB": 190_000, "256GB": 215_000 }, colors: ["Aquamarine Green", "Lunar Silver"], listings: 2 },
  { brand: "OnePlus", model: "OnePlus 9", gradeAPrices: { "128GB": 230_000, "256GB": 260_000 }, colors: ["Astral Black", "Winter Mist", "Arctic Sky"], listings: 2 },
  { brand: "OnePlus", model: "OnePlus 9 Pro", gradeAPrices: { "128GB": 290_000, "256GB": 325_000 }, colors: ["Morning Mist", "Pine Green", "Stellar Black"], listings: 2 },
  { brand: "OnePlus", model: "OnePlus 10 Pro", gradeAPrices: { "128GB": 380_000, "256GB": 420_000 }, colors: ["Volcanic Black", "Emerald Forest"], listings: 2 },
  { brand: "OnePlus", model: "OnePlus 11", gradeAPrices: { "128GB": 470_000, "256GB": 520_000 }, colors: ["Titan Black", "Eternal Green"], listings: 2 },
  { brand: "OnePlus", model: "OnePlus Nord 2", gradeAPrices: { "128GB": 170_000, "256GB": 190_000 }, colors: ["Blue Haze", "Gray Sierra", "Green Wood"], listings: 2 },
];

const XIAOMI: readonly PhoneModel[] = [
  { brand: "Xiaomi", model: "Xiaomi 11T", gradeAPrices: { "128GB": 210_000, "256GB": 235_000 }, colors: ["Meteorite Gray", "Celestial Blue", "Moonlight White"], listings: 2 },
  { brand: "Xiaomi", model: "Xiaomi 11T Pro", gradeAPrices: { "128GB": 250_000, "256GB": 280_000 }, colors: ["Meteorite Gray", "Celestial Blue", "Moonlight White"], listings: 2 },
  { brand: "Xiaomi", model: "Xiaomi 12", gradeAPrices: { "128GB": 280_000, "256GB": 310_000 }, colors: ["Gray", "Blue", "Purple"], listings: 2 },
  { brand: "Xiaomi", model: "Xiaomi 12T Pro", gradeAPrices: { "256GB": 370_000 }, colors: ["Black", "Silver", "Blue"], listings: 2 },
  { brand: "Xiaomi", model: "Redmi Note 11 Pro", gradeAPrices: { "64GB": 130_000, "128GB": 150_000 }, colors: ["Graphite Gray", "Polar White", "Star Blue"], listings: 2 },
  { brand: "Xiaomi", model: "Redmi Note 12 Pro", gradeAPrices: { "128GB": 180_000, "256GB": 200_000 }, colors: ["Midnight Black", "Polar White", "Glacier Blue"], listings: 2 },
];

const HUAWEI: readonly PhoneModel[] = [
  { brand: "Huawei", model: "Huawei P30 Pro", gradeAPrices: { "128GB": 190_000, "256GB": 215_000 }, colors: ["Aurora", "Breathing Crystal", "Black", "Amber Sunrise"], listings: 3 },
  { brand: "Huawei", model: "Huawei P40", gradeAPrices: { "128GB": 200_000 }, colors: ["Black", "Silver Frost", "Blush Gold"], listings: 2 },
  { brand: "Huawei", model: "Huawei P40 Pro", gradeAPrices: { "256GB": 260_000 }, colors: ["Black", "Silver Frost", "Deep Sea Blue"], listings: 2 },
  { brand: "Huawei", model: "Huawei Mate 20 Pro", gradeAPrices: { "128GB": 140_000 }, colors: ["Twilight", "Midnight Blue", "Emerald Green", "Black"], listings: 2 },
  { brand: "Huawei", model: "Huawei Mate 40 Pro", gradeAPrices: { "256GB": 380_000 }, colors: ["Mystic Silver", "Black"], listings: 2 },
];

const OPPO: readonly PhoneModel[] = [
  { brand: "Oppo", model: "Oppo Find X3 Pro", gradeAPrices: { "256GB": 360_000 }, colors: ["Gloss Black", "Blue"], listings: 2 },
  { brand: "Oppo", model: "Oppo Find X5 Pro", gradeAPrices: { "256GB": 480_000 }, colors: ["Glaze Black", "Ceramic White"], listings: 2 },
  { brand: "Oppo", model: "Oppo Reno 6", gradeAPrices: { "128GB": 170_000 }, colors: ["Stellar Black", "Aurora"], listings: 2 },
  { brand: "Oppo", model: "Oppo Reno 8 Pro", gradeAPrices: { "256GB": 290_000 }, colors: ["Glazed Green", "Glazed Black"], listings: 2 },
  { brand: "Oppo", model: "Oppo A74", gradeAPrices: { "128GB": 110_000 }, colors: ["Fluid Black", "Space Silver"], listings: 2 },
];

const VIVO: readonly PhoneModel[] = [
  { brand: "Vivo", model: "Vivo X60 Pro", gradeAPrices: { "256GB": 270_000 }, colors: ["Midnight Black", "Shimmer Blue"], listings: 2 },
  { brand: "Vivo", model: "Vivo X70 Pro", gradeAPrices: { "256GB": 330_000 }, colors: ["Cosmic Black", "Aurora Dawn"], listings: 2 },
  { brand: "Vivo", model: "Vivo X80 Pro", gradeAPrices: { "256GB": 480_000, "512GB": 530_000 }, colors: ["Cosmic Black"], listings: 2 },
  { brand: "Vivo", model: "Vivo V23", gradeAPrices: { "128GB": 170_000, "256GB": 190_000 }, colors: ["Stardust Black", "Sunshine Gold"], listings: 2 },
  { brand: "Vivo", model: "Vivo V21", gradeAPrices: { "128GB": 140_000 }, colors: ["Dusk Blue", "Sunset Dazzle"], listings: 2 },
];

export const PHONE_MODELS: readonly PhoneModel[] = [
  ...APPLE, ...SAMSUNG, ...GOOGLE, ...ONEPLUS, ...XIAOMI, ...HUAWEI, ...OPPO, ...VIVO,
];

/** Grade B sells about 9% below grade A, grade C about 20% below. */
export const GRADE_PRICE_FACTOR: Record<Grade, number> = { A: 1, B: 0.91, C: 0.8 };

const PRICE_STEP_NAIRA = 5_000;

export function roundToStep(naira: number, step = PRICE_STEP_NAIRA): number {
  return Math.round(naira / step) * step;
}

export function storageOptionsOf(phone: PhoneModel): StorageOption[] {
  return Object.keys(phone.gradeAPrices) as StorageOption[];
}

/** Suggested price in naira for one listing, rounded to ₦5,000. */
export function suggestedPriceNaira(phone: PhoneModel, storage: StorageOption, grade: Grade): number {
  const gradeA = phone.gradeAPrices[storage];
  if (gradeA === undefined) throw new Error(`${phone.model} did not come in ${storage}`);
  return roundToStep(gradeA * GRADE_PRICE_FACTOR[grade]);
}

/** Product name as listed: brand prefix only where the model name doesn't already carry it. */
export function listingName(phone: PhoneModel, storage: StorageOption): string {
  const prefixed = phone.model.startsWith(phone.brand) || phone.brand === "Apple";
  return `${prefixed ? phone.model : `${phone.brand} ${phone.model}`} ${storage}`;
}

const CONDITION: Record<Grade, readonly string[]> = {
  A: [
    "Screen and body are clean, no scratches you can see.",
    "Almost like new: only very faint marks on the frame under strong light.",
    "Neat, always used with case and screen guard by the previous owner.",
    "Mint condition, screen guard still on.",
  ],
  B: [
    "Light hairline scratches on the screen, not visible when the screen is on.",
    "A few light marks on the frame; screen is clean.",
    "Small scuffs on the corners from normal use, nothing on the display.",
    "Back glass has light swirl marks; front is very clean.",
  ],
  C: [
    "Visible scratches on the back and small dents on the frame; screen works perfectly.",
    "Screen has a few noticeable scratches but touch responds everywhere.",
    "Tiny crack at one corner of the back glass; camera and face unlock not affected.",
    "Frame paint worn at the edges; priced for buyers who will use a case anyway.",
  ],
};

const BATTERY_RANGE: Record<Grade, [number, number]> = { A: [88, 100], B: [84, 92], C: [79, 88] };

const IN_THE_BOX = [
  "Comes with charger and cable.",
  "Phone only with a USB-C cable.",
  "Comes with a fast charger in a generic box.",
  "Original box and cable included.",
  "Phone plus a free pouch and tempered glass.",
];

const NETWORK = [
  "Factory unlocked: works with MTN, Airtel, Glo and 9mobile.",
  "Network unlocked, tested with MTN and Airtel SIMs.",
  "Unlocked to all networks, dual SIM ready.",
];

const CLOSING = [
  "Fully tested by our technician before listing.",
  "Same-day dispatch for orders placed before 2pm.",
  "You can test it when it arrives; 30-day warranty applies.",
  "Straight from the UK, never repaired or opened.",
  "",
];

export interface ListingDetails {
  phone: PhoneModel;
  storage: StorageOption;
  grade: Grade;
  color: string;
}

/** A believable, varied listing description; `random` returns numbers in [0, 1). */
export function listingDescription(listing: ListingDetails, random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const { phone, storage, grade, color } = listing;
  const [low, high] = BATTERY_RANGE[grade];
  const battery = low + Math.floor(random() * (high - low + 1));
  return [
    `UK-used ${phone.model} ${storage}, ${color}. Grade ${grade} (${GRADE_LABELS[grade]}).`,
    pick(CONDITION[grade]),
    `Battery health ${battery}%.`,
    lockAndSecurity(phone),
    pick(NETWORK),
    pick(IN_THE_BOX),
    pick(CLOSING),
  ].filter(Boolean).join(" ");
}

function lockAndSecurity(phone: PhoneModel): string {
  if (phone.brand !== "Apple") return "No FRP or Google account lock; fingerprint and face unlock working.";
  const biometric = phone.model.includes("SE") ? "Touch ID" : "Face ID";
  return `No iCloud lock, ${biometric} working, True Tone intact.`;
}
