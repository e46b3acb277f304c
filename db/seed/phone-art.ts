export interface PhoneArtSpec {
  brand: string;
  model: string;
  /** A marketing colour name such as "Midnight" or "Phantom Black". */
  color: string;
  view: "front" | "back";
}

export const PHONE_ART_SIZE = { width: 600, height: 800 } as const;

/** Body colour of every marketing colour name the catalogue uses. */
export const PHONE_COLOR_HEX: Readonly<Record<string, string>> = {
  Black: "#1f2023",
  White: "#f4f4f1",
  Blue: "#3b6fa5",
  Red: "#b3202e",
  Green: "#aed5c0",
  Yellow: "#f7e27a",
  Purple: "#c9b9e0",
  Pink: "#f3cfd2",
  Coral: "#f07e67",
  Gray: "#7d8187",
  Grey: "#7d8187",
  Silver: "#dcdddf",
  Gold: "#f1dcc0",
  Graphite: "#55565a",
  Midnight: "#232a31",
  Starlight: "#f5efe4",
  "Space Grey": "#5b5c60",
  "Space Black": "#3b3a3c",
  "Midnight Green": "#4e5851",
  "Pacific Blue": "#2f4b5d",
  "Sierra Blue": "#a7c1d9",
  "Alpine Green": "#576856",
  "Deep Purple": "#5e5469",
  "Prism Black": "#1c1d22",
  "Prism White": "#eef0f2",
  "Prism Blue": "#2e6fb5",
  "Prism Green": "#5d8b7c",
  "Cosmic Grey": "#646568",
  "Cloud Blue": "#a6c8e6",
  "Cloud Pink": "#f0cfd6",
  "Phantom Black": "#26272b",
  "Phantom Grey": "#5f6166",
  "Phantom White": "#eeeeec",
  "Phantom Silver": "#c7c9cc",
  "Phantom Violet": "#a996c9",
  "Phantom Pink": "#eec3c6",
  "Pink Gold": "#ead0c1",
  Burgundy: "#6d2a35",
  Cream: "#ece3d2",
  Lavender: "#cdbfe3",
  "Mystic Bronze": "#c6a58a",
  "Mystic Black": "#222326",
  "Mystic White": "#ededeb",
  "Awesome Black": "#2a2b30",
  "Awesome Blue": "#6b9bd2",
  "Awesome Violet": "#b4a4d8",
  "Awesome White": "#f1f1f3",
  "Bora Purple": "#b7a4d6",
  "Just Black": "#1e1e1e",
  "Barely Blue": "#c7d9e8",
  "Sorta Sage": "#a8b8a0",
  "Stormy Black": "#2b2c2e",
  "Sorta Seafoam": "#b9d3c6",
  "Kinda Coral": "#f0a58e",
  "Cloudy White": "#f0f0ee",
  "Sorta Sunny": "#f4e3a1",
  Obsidian: "#2a2b2d",
  Snow: "#f2f2ef",
  Lemongrass: "#dfe3a2",
  Hazel: "#8f958a",
  Rose: "#ebc6c0",
  Charcoal: "#3c3d40",
  Sea: "#a9c6d8",
  "Aquamarine Green": "#7fc7b6",
  "Lunar Silver": "#c9ced3",
  "Astral Black": "#1f2124",
  "Winter Mist": "#e9dfe8",
  "Arctic Sky": "#b8d4e6",
  "Morning Mist": "#d7d9dc",
  "Pine Green": "#3f5c4d",
  "Stellar Black": "#222427",
  "Volcanic Black": "#26272a",
  "Emerald Forest": "#2f5246",
  "Blue Haze": "#8fb4dc",
  "Gray Sierra": "#5b5e63",
  "Green Wood": "#7c9a84",
  "Titan Black": "#25262a",
  "Eternal Green": "#2f5d4d",
  "Meteorite Gray": "#4a4c50",
  "Celestial Blue": "#9cc3e4",
  "Moonlight White": "#ededeb",
  "Graphite Gray": "#4f5155",
  "Polar White": "#f1f2f4",
  "Star Blue": "#6e97c9",
  "Midnight Black": "#1d1e21",
  "Glacier Blue": "#b7d3e6",
  Aurora: "#a7b9e6",
  "Breathing Crystal": "#b4d0e8",
  "Amber Sunrise": "#e39452",
  "Silver Frost": "#d3d8de",
  "Blush Gold": "#ecd2c0",
  "Deep Sea Blue": "#2c4f7a",
  Twilight: "#6a5fb0",
  "Midnight Blue": "#1f2d4a",
  "Emerald Green": "#1f6b57",
  "Mystic Silver": "#cfd2d6",
  "Gloss Black": "#161719",
  "Glaze Black": "#1b1c1f",
  "Ceramic White": "#f3f2ee",
  "Glazed Green": "#6f9d86",
  "Glazed Black": "#1c1d20",
  "Fluid Black": "#232428",
  "Space Silver": "#c8ccd1",
  "Shimmer Blue": "#7aa5cf",
  "Cosmic Black": "#1e1f23",
  "Aurora Dawn": "#c3d2e8",
  "Stardust Black": "#25262b",
  "Sunshine Gold": "#ead7a8",
  "Dusk Blue": "#5b7fb8",
  "Sunset Dazzle": "#d9a9c6",
};

const FALLBACK_HEX = "#8a8d93";

type FrontCamera = "home-button" | "notch" | "island" | "hole-center" | "hole-left" | "waterdrop";
type BackCamera =
  | "single" | "dual-vertical" | "dual-diagonal" | "pro-triple" | "strip" | "ultra" | "quad-rect"
  | "flip" | "bar" | "square" | "grid" | "pill";

interface PhoneDesign {
  front: FrontCamera;
  back: BackCamera;
  /** Corner radius of the body, in px. */
  radius: number;
}

interface DesignRule {
  brand: string;
  pattern: RegExp;
  design: PhoneDesign;
}

/** First matching rule wins; each brand ends with a catch-all. */
const DESIGN_RULES: readonly DesignRule[] = [
  { brand: "Apple", pattern: /SE/, design: { front: "home-button", back: "single", radius: 46 } },
  { brand: "Apple", pattern: /XR/, design: { front: "notch", back: "single", radius: 50 } },
  { brand: "Apple", pattern: /1[45] Pro/, design: { front: "island", back: "pro-triple", radius: 50 } },
  { brand: "Apple", pattern: /Pro/, design: { front: "notch", back: "pro-triple", radius: 46 } },
  { brand: "Apple", pattern: /15/, design: { front: "island", back: "dual-diagonal", radius: 50 } },
  { brand: "Apple", pattern: /1[34]/, design: { front: "notch", back: "dual-diagonal", radius: 46 } },
  { brand: "Apple", pattern: /./, design: { front: "notch", back: "dual-vertical", radius: 46 } },
  { brand: "Samsung", pattern: /Flip/, design: { front: "hole-center", back: "flip", radius: 40 } },
  { brand: "Samsung", pattern: /Ultra/, design: { front: "hole-center", back: "ultra", radius: 18 } },
  { brand: "Samsung", pattern: /\bA\d/, design: { front: "hole-center", back: "quad-rect", radius: 40 } },
  { brand: "Samsung", pattern: /./, design: { front: "hole-center", back: "strip", radius: 40 } },
  { brand: "Google", pattern: /[678]/, design: { front: "hole-center", back: "bar", radius: 44 } },
  { brand: "Google", pattern: /./, design: { front: "hole-left", back: "square", radius: 40 } },
  { brand: "OnePlus", pattern: /Nord/, design: { front: "hole-left", back: "pill", radius: 40 } },
  { brand: "OnePlus", pattern: /./, design: { front: "hole-left", back: "quad-rect", radius: 42 } },
  { brand: "Huawei", pattern: /Mate/, design: { front: "notch", back: "grid", radius: 42 } },
  { brand: "Huawei", pattern: /P30/, design: { front: "waterdrop", back: "strip", radius: 40 } },
  { brand: "Vivo", pattern: /V\d/, design: { front: "waterdrop", back: "strip", radius: 40 } },
  { brand: "Oppo", pattern: /Reno/, design: { front: "hole-left", back: "strip", radius: 40 } },
];

const DEFAULT_DESIGN: PhoneDesign = { front: "hole-center", back: "quad-rect", radius: 40 };

const WALLPAPERS: readonly [string, string][] = [
  ["#ff7a18", "#af002d"],
  ["#3a7bd5", "#00d2ff"],
  ["#8e2de2", "#4a00e0"],
  ["#11998e", "#38ef7d"],
  ["#fc466b", "#3f5efb"],
  ["#f7971e", "#ffd200"],
  ["#0f2027", "#2c5364"],
  ["#ee0979", "#ff6a00"],
];

const BODY = { x: 150, y: 90, width: 300, height: 620 } as const;

export function colorHex(colorName: string): string {
  return PHONE_COLOR_HEX[colorName] ?? FALLBACK_HEX;
}

export function designFor(brand: string, model: string): PhoneDesign {
  const rule = DESIGN_RULES.find((r) => r.brand === brand && r.pattern.test(model));
  return rule?.design ?? DEFAULT_DESIGN;
}

export function phoneSvg(spec: PhoneArtSpec): string {
  const design = designFor(spec.brand, spec.model);
  const body = colorHex(spec.color);
  const content = spec.view === "front" ? frontSvg(spec, design) : backSvg(spec, design, body);
  const { width, height } = PHONE_ART_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#f1f2f4"/>
<ellipse cx="300" cy="735" rx="170" ry="16" fill="#000" opacity="0.10"/>
${sideButtons(body)}
<rect x="${BODY.x}" y="${BODY.y}" width="${BODY.width}" height="${BODY.height}" rx="${design.radius}" fill="${body}" stroke="${shade(body, -0.25)}" stroke-width="4"/>
${content}
</svg>`;
}

function sideButtons(body: string): string {
  const fill = shade(body, -0.3);
  const left = BODY.x - 4;
  const right = BODY.x + BODY.width - 2;
  return `<rect x="${left}" y="${BODY.y + 130}" width="6" height="55" rx="3" fill="${fill}"/>`
    + `<rect x="${left}" y="${BODY.y + 200}" width="6" height="55" rx="3" fill="${fill}"/>`
    + `<rect x="${right}" y="${BODY.y + 160}" width="6" height="80" rx="3" fill="${fill}"/>`;
}

function frontSvg(spec: PhoneArtSpec, design: PhoneDesign): string {
  const bezel = design.front === "home-button" ? 70 : 12;
  const screen = {
    x: BODY.x + 12,
    y: BODY.y + bezel,
    width: BODY.width - 24,
    height: BODY.height - bezel * 2,
  };
  const [from, to] = WALLPAPERS[hash(spec.model) % WALLPAPERS.length] ?? ["#3a7bd5", "#00d2ff"];
  const radius = design.front === "home-button" ? 4 : Math.max(design.radius - 10, 8);
  const midY = screen.y + screen.height / 2;
  const glass = `<rect x="${BODY.x + 5}" y="${BODY.y + 5}" width="${BODY.width - 10}" height="${BODY.height - 10}" rx="${design.radius - 4}" fill="#0e0f11"/>`;
  return `${glass}<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="${screen.height}" rx="${radius}" fill="url(#wall)"/>
${frontCamera(design.front)}
<text x="300" y="${screen.y + 70}" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="300" fill="#fff">9:41</text>
<text x="300" y="${midY}" text-anchor="middle" font-family="sans-serif" font-size="${fitFontSize(spec.model, 30, 240)}" font-weight="bold" fill="#fff">${escapeXml(spec.model)}</text>
<text x="300" y="${midY + 34}" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#fff" opacity="0.85">${escapeXml(spec.brand)}</text>`;
}

function frontCamera(kind: FrontCamera): string {
  const top = BODY.y + 12;
  switch (kind) {
    case "home-button":
      return `<circle cx="300" cy="${BODY.y + BODY.height - 35}" r="22" fill="none" stroke="#888" stroke-width="3"/>
<rect x="270" y="${BODY.y + 30}" width="60" height="7" rx="3.5" fill="#444"/>`;
    case "notch":
      return `<path d="M225 ${top} h150 v14 a16 16 0 0 1 -16 16 h-118 a16 16 0 0 1 -16 -16 z" fill="#0b0b0c"/>`;
    case "island":
      return `<rect x="255" y="${top + 12}" width="90" height="26" rx="13" fill="#0b0b0c"/>`;
    case "waterdrop":
      return `<path d="M280 ${top} h40 a20 20 0 0 1 -20 22 a20 20 0 0 1 -20 -22 z" fill="#0b0b0c"/>`;
    case "hole-left":
      return `<circle cx="${BODY.x + 40}" cy="${top + 24}" r="9" fill="#0b0b0c"/>`;
    case "hole-center":
      return `<circle cx="300" cy="${top + 22}" r="9" fill="#0b0b0c"/>`;
  }
}

function backSvg(spec: PhoneArtSpec, design: PhoneDesign, body: string): string {
  const ink = isLight(body) ? "#2b2b2e" : "#f5f5f5";
  const wordmark = `<text x="300" y="${BODY.y + BODY.height - 70}" text-anchor="middle" font-family="sans-serif" font-size="${fitFontSize(spec.brand, 30, 200)}" font-weight="bold" letter-spacing="2" fill="${ink}" opacity="0.8">${escapeXml(spec.brand)}</text>`;
  return `${backCamera(design.back, body)}\n${wordmark}`;
}

function backCamera(kind: BackCamera, body: string): string {
  const plate = shade(body, -0.12);
  const x = BODY.x + 24;
  const y = BODY.y + 24;
  switch (kind) {
    case "single":
      return lens(x + 30, y + 30, 22) + flash(x + 70, y + 22);
    case "dual-vertical":
      return module(x, y, 120, 120, 26, plate) + lens(x + 32, y + 32, 22) + lens(x + 32, y + 88, 22) + flash(x + 88, y + 32);
    case "dual-diagonal":
      return module(x, y, 120, 120, 26, plate) + lens(x + 32, y + 32, 22) + lens(x + 88, y + 88, 22) + flash(x + 88, y + 32);
    case "pro-triple":
      return module(x, y, 140, 140, 30, plate) + lens(x + 38, y + 38, 25) + lens(x + 38, y + 102, 25)
        + lens(x + 102, y + 70, 25) + flash(x + 102, y + 28) + flash(x + 102, y + 114, 7);
    case "strip":
      return module(x, y, 64, 190, 24, plate) + lens(x + 32, y + 34, 20) + lens(x + 32, y + 94, 20) + lens(x + 32, y + 154, 20);
    case "ultra":
      return lens(x + 30, y + 30, 24) + lens(x + 30, y + 92, 24) + lens(x + 30, y + 154, 24)
        + lens(x + 88, y + 42, 16) + flash(x + 88, y + 90);
    case "quad-rect":
      return module(x, y, 120, 170, 24, plate) + lens(x + 34, y + 36, 22) + lens(x + 34, y + 96, 22)
        + lens(x + 88, y + 36, 14) + lens(x + 88, y + 80, 14) + flash(x + 88, y + 130);
    case "flip":
      return `<rect x="${x}" y="${y}" width="252" height="150" rx="24" fill="#111"/>`
        + lens(x + 40, y + 40, 20) + lens(x + 40, y + 105, 20)
        + `<rect x="${BODY.x}" y="${BODY.y + BODY.height / 2 - 3}" width="${BODY.width}" height="6" fill="${shade(body, -0.2)}"/>`;
    case "bar":
      return `<rect x="${BODY.x}" y="${y + 40}" width="${BODY.width}" height="80" fill="#16171a"/>`
        + lens(x + 70, y + 80, 22) + lens(x + 130, y + 80, 22) + flash(x + 190, y + 80);
    case "square":
      return module(x, y, 100, 100, 22, "#141416") + lens(x + 50, y + 35, 18) + flash(x + 50, y + 76);
    case "grid":
      return module(x + 66, y + 20, 150, 150, 24, plate) + lens(x + 106, y + 60, 24) + lens(x + 176, y + 60, 24)
        + lens(x + 106, y + 130, 24) + flash(x + 176, y + 130, 10);
    case "pill":
      return module(x, y, 70, 180, 35, plate) + lens(x + 35, y + 38, 22) + lens(x + 35, y + 98, 18) + flash(x + 35, y + 148);
  }
}

function module(x: number, y: number, width: number, height: number, radius: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${fill}" stroke="#000" stroke-opacity="0.13" stroke-width="2"/>`;
}

function lens(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1a1a1d" stroke="#5a5a60" stroke-width="3"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#23314a"/>`
    + `<circle cx="${cx - r * 0.25}" cy="${cy - r * 0.25}" r="${r * 0.15}" fill="#ffffff" opacity="0.6"/>`;
}

function flash(cx: number, cy: number, r = 8): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff6d6" stroke="#c9c0a0" stroke-width="1.5"/>`;
}

/** Font size that keeps roughly `text.length` average-width glyphs inside maxWidth. */
function fitFontSize(text: string, preferred: number, maxWidth: number): number {
  return Math.min(preferred, Math.floor(maxWidth / Math.max(text.length * 0.58, 1)));
}

export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** Darkens (negative amount) or lightens (positive) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const mix = (c: number) => Math.round(c + (target - c) * Math.abs(amount));
  return `#${rgb(hex).map((c) => mix(c).toString(16).padStart(2, "0")).join("")}`;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
