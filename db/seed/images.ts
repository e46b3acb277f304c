import { sql } from "drizzle-orm";
import sharp from "sharp";
import { escapeXml, phoneSvg } from "./phone-art";
import { PREAPPROVAL_FOLDER } from "../../domain/media/private-uploads";
import { type FileStorage, publicUrlFor } from "../../domain/media/storage";
import { missingRenditionKeys, storeImage, writeImageVariants } from "../../domain/media/variants";
import type { Database } from "../client";
import type { PhoneModel } from "./catalogue";
import { DEMO_VENDORS, type DemoVendor } from "./demo-accounts";
import type { ListingPlan, View } from "./plan";

// ---------------------------------------------------------------------------------------------
// Images

const APPLICANT = DEMO_VENDORS.find((v) => v.status === "pending") as DemoVendor;
// Where the pre-approval form keeps documents, so the demo one is private like theirs.
const ID_DOCUMENT_KEY = `${PREAPPROVAL_FOLDER}/${slug(APPLICANT.businessName)}-id.webp`;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Where the demo phones' pictures are stored, under the uploads. */
export const DEMO_IMAGE_FOLDER = "products/demo";

function imageKey(phone: PhoneModel, color: string, view: View): string {
  return `${DEMO_IMAGE_FOLDER}/${slug(phone.model)}-${slug(color)}-${view}.webp`;
}

export function imageUrls(listing: ListingPlan): string[] {
  return listing.views.map((view) => publicUrlFor(imageKey(listing.phone, listing.color, view)));
}

type ImageJob =
  /** A catalogue image: stored as WebP with its renditions (widths and link preview). */
  | { kind: "catalogue"; source: () => Buffer }
  /** A document: stored as rendered. */
  | { kind: "document"; render: () => Promise<Buffer> };

/**
 * Renders each distinct model, colour and view once, with its renditions. Files already on
 * disk are kept; renditions missing beside an existing image are made from the stored image.
 * Returns how many files were written.
 */
export async function writeImages(
  listings: readonly ListingPlan[],
  storage: FileStorage,
): Promise<{ written: number; documentUrl: string }> {
  const jobs = new Map<string, ImageJob>();
  for (const { phone, color, views } of listings) {
    for (const view of views) {
      jobs.set(imageKey(phone, color, view), {
        kind: "catalogue",
        source: () => Buffer.from(phoneSvg({ brand: phone.brand, model: phone.model, color, view })),
      });
    }
  }
  jobs.set(ID_DOCUMENT_KEY, { kind: "document", render: renderIdDocument });
  let written = 0;
  await runPool([...jobs], 8, async ([key, job]) => {
    const count = await writeImage(storage, key, job);
    written += count;
  });
  return { written, documentUrl: publicUrlFor(ID_DOCUMENT_KEY) };
}

/**
 * Records the drawn pictures on the demo listings as uploads of each listing's vendor, so
 * vendors can keep and reuse their own photos (docs/vendors.md). A picture several vendors'
 * listings share belongs to the first; it stays usable on the others' listings it is already on.
 */
export async function recordDemoImageOwners(tx: Database): Promise<void> {
  await tx.execute(sql`
    insert into uploaded_images (url, owner_id)
    select distinct on (image.url) image.url, v.user_id
      from products p
      join vendors v on v.id = p.vendor_id
      cross join lateral unnest(p.images) as image(url)
     order by image.url, p.created_at, p.id
    on conflict (url) do nothing`);
}

async function writeImage(storage: FileStorage, key: string, job: ImageJob): Promise<number> {
  const stored = await storage.exists(key);
  if (job.kind === "document") {
    if (stored) return 0;
    await storage.put(key, await job.render());
    return 1;
  }
  if (!stored) return storeImage(storage, key, job.source());
  const missing = await missingRenditionKeys(storage, key);
  return missing.length === 0 ? 0 : writeImageVariants(storage, key, await storage.read(key), missing);
}

async function runPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** A plain placeholder for the ID document the pending applicant uploaded. */
async function renderIdDocument(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
<rect width="640" height="400" rx="24" fill="#e8f1ea"/><rect x="0" y="0" width="640" height="70" rx="24" fill="#0f7a3a"/>
<text x="320" y="46" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">SPECIMEN IDENTITY CARD</text>
<rect x="40" y="110" width="150" height="190" rx="10" fill="#c9d6cd"/>
<text x="220" y="150" font-family="sans-serif" font-size="22" fill="#1f2d24">${escapeXml(APPLICANT.ownerName)}</text>
<text x="220" y="190" font-family="sans-serif" font-size="18" fill="#3d4d42">${escapeXml(APPLICANT.businessName)}</text>
<text x="220" y="230" font-family="sans-serif" font-size="18" fill="#3d4d42">Demo document, not a real ID</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
