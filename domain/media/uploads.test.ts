import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Refusal } from "../core/refusal";
import { filesUnder } from "../../tests/support/files";
import { useTempDir } from "../../tests/support/lifecycle";
import { createLocalStorage } from "./storage";
import { IMAGE_WORK_CONCURRENCY, imageWorkStats } from "./image-work";
import { imageTypeOf, imagesUploaded, inspectImage, maxImagesAllowed, storeUploadedImages } from "./uploads";

const photo = (format: "jpeg" | "png" | "webp", width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6f97" } })[format]().toBuffer();

describe("upload checks and storage", () => {
  const dir = useTempDir("tokunbo-uploads-");

  it("reads the type from the bytes", async () => {
    expect(imageTypeOf(await photo("jpeg"))).toBe("image/jpeg");
    expect(imageTypeOf(await photo("png"))).toBe("image/png");
    expect(imageTypeOf(await photo("webp"))).toBe("image/webp");
    expect(imageTypeOf(Buffer.from("GIF89a...."))).toBeNull();
    expect(imageTypeOf(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("refuses a text file named .jpg, a truncated JPEG and an oversized file, naming the file", async () => {
    const text = { name: "iphone.jpg", bytes: Buffer.from("Just some notes about the phone, not a picture.") };
    await expect(inspectImage(text)).rejects.toThrow("iphone.jpg is not a JPEG, PNG or WebP image. Please choose a photo.");
    const truncated = { name: "cut.jpg", bytes: (await photo("jpeg")).subarray(0, 20) };
    await expect(inspectImage(truncated)).rejects.toBeInstanceOf(Refusal);
    const huge = { name: "huge.png", bytes: Buffer.concat([await photo("png"), Buffer.alloc(8 * 1024 * 1024)]) };
    await expect(inspectImage(huge)).rejects.toThrow("huge.png is larger than 8 MB. Please choose a smaller photo.");
  });

  it("stores nothing when any file of a batch is bad", async () => {
    const storage = createLocalStorage(dir());
    const batch = [
      { name: "front.jpg", bytes: await photo("jpeg") },
      { name: "notes.jpg", bytes: Buffer.from("plain text") },
    ];
    await expect(storeUploadedImages(storage, "products", batch)).rejects.toBeInstanceOf(Refusal);
    expect(await filesUnder(dir())).toEqual([]);
  });

  it("refuses a sixth image with the documented message", async () => {
    const six = await Promise.all(Array.from({ length: 6 }, async (_, i) => ({ name: `${i}.png`, bytes: await photo("png", 64, 64) })));
    await expect(storeUploadedImages(createLocalStorage(dir()), "products", six)).rejects.toThrow(maxImagesAllowed(5));
    expect(maxImagesAllowed(5)).toBe("Maximum 5 images allowed");
    expect(await filesUnder(dir())).toEqual([]);
  });

  it("stores each image as WebP with its renditions under a random name", async () => {
    const stored = await storeUploadedImages(createLocalStorage(dir()), "products", [
      { name: "front.jpg", bytes: await photo("jpeg", 2000, 1500) },
      { name: "back.png", bytes: await photo("png", 500, 400) },
    ]);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ width: 2000, height: 1500 });
    for (const { url } of stored) expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    const files = await filesUnder(dir());
    expect(files).toHaveLength(10);
    expect(files.filter((f) => f.endsWith("-og.jpg"))).toHaveLength(2);
    const key = stored[0]!.url.replace("/uploads/", "");
    expect((await sharp(path.join(dir(), key.replace(".webp", "-640w.webp"))).metadata()).width).toBe(640);
    expect(imagesUploaded(2)).toBe("2 images uploaded successfully");
  });

  it("draws a burst of uploads a few at a time, never all at once", async () => {
    const batches = await Promise.all([1, 2, 3, 4].map(async (n) => [{ name: `p${n}.png`, bytes: await photo("png", 300, 300) }]));
    await Promise.all(batches.map((batch) => storeUploadedImages(createLocalStorage(dir()), "products", batch)));
    expect(imageWorkStats().peak).toBe(IMAGE_WORK_CONCURRENCY);
  });

  it("scales a camera-sized photo down to 2560 pixels on its longest side before storing it", async () => {
    const [stored] = await storeUploadedImages(createLocalStorage(dir()), "products", [{ name: "camera.jpg", bytes: await photo("jpeg", 4032, 3024) }]);
    expect(stored).toMatchObject({ width: 2560, height: 1920 });
    const original = await sharp(path.join(dir(), stored!.url.replace("/uploads/", ""))).metadata();
    expect([original.format, original.width, original.height]).toEqual(["webp", 2560, 1920]);
  });
});
