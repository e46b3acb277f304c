import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, hasRenditions, imageSrcSet, previewImageUrl } from "./image-urls";
import type { FileStorage } from "./storage";
import { deleteStoredImage, missingRenditionKeys, renditionKeys, storeImage, writeImageVariants } from "./variants";

function memoryStorage(): FileStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      files.set(key, data);
      return `/uploads/${key}`;
    },
    async exists(key) {
      return files.has(key);
    },
    async read(key) {
      const data = files.get(key);
      if (!data) throw new Error(`no file ${key}`);
      return data;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

/** A red picture with a blue square in the middle. */
function picture(width: number, height: number): Promise<Buffer> {
  const square = Math.round(Math.min(width, height) / 2);
  return sharp({ create: { width, height, channels: 3, background: "#d00000" } })
    .composite([
      {
        input: { create: { width: square, height: square, channels: 3, background: "#0000d0" } },
        left: Math.round((width - square) / 2),
        top: Math.round((height - square) / 2),
      },
    ])
    .png()
    .toBuffer();
}

async function shape(data: Buffer | undefined) {
  const meta = await sharp(data).metadata();
  return [meta.format, meta.width, meta.height];
}

describe("image URLs", () => {
  it("offer every width of a stored WebP image in its srcset", () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 1280]);
    expect(imageSrcSet("/uploads/products/demo/iphone-13-front.webp")).toBe(
      "/uploads/products/demo/iphone-13-front-320w.webp 320w, " +
        "/uploads/products/demo/iphone-13-front-640w.webp 640w, " +
        "/uploads/products/demo/iphone-13-front-1280w.webp 1280w",
    );
  });

  it.each([
    "https://cdn.example.com/phone.webp",
    "//cdn.example.com/uploads/phone.webp",
    "/uploads/logo.png",
    "/uploads/products/a-320w.webp",
    "/uploads/products/../secret.webp",
    "/images/phone.webp",
    "",
  ])("give no srcset for %j, which is not one of our stored originals", (url) => {
    expect(hasRenditions(url)).toBe(false);
    expect(imageSrcSet(url)).toBeUndefined();
    expect(previewImageUrl(url)).toBe(url);
  });

  it("point link previews at the JPEG rendition of a stored image", () => {
    expect(previewImageUrl("/uploads/products/p/a.webp")).toBe("/uploads/products/p/a-og.jpg");
  });
});

describe("image renditions", () => {
  it("store a large picture as WebP with narrower WebP renditions and a 1200×630 preview JPEG", async () => {
    const storage = memoryStorage();
    const written = await storeImage(storage, "products/p/a.webp", await picture(2000, 1000));

    expect(written).toBe(5);
    expect([...storage.files.keys()].sort()).toEqual(["products/p/a.webp", ...renditionKeys("products/p/a.webp")].sort());
    expect(await shape(storage.files.get("products/p/a.webp"))).toEqual(["webp", 2000, 1000]);
    expect(await shape(storage.files.get("products/p/a-320w.webp"))).toEqual(["webp", 320, 160]);
    expect(await shape(storage.files.get("products/p/a-640w.webp"))).toEqual(["webp", 640, 320]);
    expect(await shape(storage.files.get("products/p/a-1280w.webp"))).toEqual(["webp", 1280, 640]);
    expect(await shape(storage.files.get("products/p/a-og.jpg"))).toEqual(["jpeg", 1200, 630]);
  });

  it("never enlarge: renditions wider than the original are the original", async () => {
    const storage = memoryStorage();
    await storeImage(storage, "products/p/small.webp", await picture(500, 700));
    const original = storage.files.get("products/p/small.webp");
    expect(await shape(storage.files.get("products/p/small-320w.webp"))).toEqual(["webp", 320, 448]);
    expect(storage.files.get("products/p/small-640w.webp")).toBe(original);
    expect(storage.files.get("products/p/small-1280w.webp")).toBe(original);
  });

  it("fit the whole picture into the preview on its own corner colour", async () => {
    const storage = memoryStorage();
    await storeImage(storage, "products/p/tall.webp", await picture(600, 800));
    const { data, info } = await sharp(storage.files.get("products/p/tall-og.jpg")).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) < 24);
    expect(near(pixel(5, 5), [208, 0, 0])).toBe(true); // left margin: the picture's red corner, not white
    expect(near(pixel(1194, 624), [208, 0, 0])).toBe(true);
    expect(near(pixel(600, 315), [0, 0, 208])).toBe(true); // the blue square stays in the middle
  });

  it("complete only the renditions an already stored image is missing", async () => {
    const storage = memoryStorage();
    await storeImage(storage, "products/p/b.webp", await picture(900, 900));
    storage.files.delete("products/p/b-640w.webp");
    storage.files.delete("products/p/b-og.jpg");
    const missing = await missingRenditionKeys(storage, "products/p/b.webp");
    expect(missing).toEqual(["products/p/b-640w.webp", "products/p/b-og.jpg"]);

    const before = storage.files.get("products/p/b-320w.webp");
    const written = await writeImageVariants(storage, "products/p/b.webp", await storage.read("products/p/b.webp"), missing);
    expect(written).toBe(2);
    expect(await missingRenditionKeys(storage, "products/p/b.webp")).toEqual([]);
    expect(storage.files.get("products/p/b-320w.webp")).toBe(before);
    expect(await shape(storage.files.get("products/p/b-640w.webp"))).toEqual(["webp", 640, 640]);
  });
});

describe("deleting a stored image", () => {
  it("removes the original and every rendition, and only those", async () => {
    const storage = memoryStorage();
    await storeImage(storage, "claims/gone.webp", await picture(700, 500));
    await storeImage(storage, "claims/kept.webp", await picture(700, 500));
    storage.files.delete("claims/gone-og.jpg");
    await deleteStoredImage(storage, "claims/gone.webp");
    expect([...storage.files.keys()].sort()).toEqual(["claims/kept.webp", ...renditionKeys("claims/kept.webp")].sort());
  });
});
