import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "../../db/client";
import { type SeedOptions, type SeedSummary, demoListings, seedDemoData } from "../../db/seed";
import { writeImages } from "../../db/seed/images";
import { createLocalStorage } from "../../domain/media/storage";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The code that decides which pictures the demo shop has and how they are drawn and stored. */
const DRAWING_CODE = ["db/seed", "domain/media"];

let rendered: Promise<string> | undefined;

/**
 * The demo catalogue's pictures, drawn once per machine and kept in the temporary folder under a
 * hash of the code that draws them. Drawing them takes seconds of both cores, and a dozen test
 * files seed the demo shop.
 */
function renderedDemoImages(): Promise<string> {
  rendered ??= (async () => {
    const hash = createHash("sha256");
    for (const folder of DRAWING_CODE) {
      for (const file of (await readdir(path.join(ROOT, folder), { recursive: true })).sort()) {
        if (file.endsWith(".ts") && !file.endsWith(".test.ts")) hash.update(file).update(await readFile(path.join(ROOT, folder, file)));
      }
    }
    const kept = path.join(tmpdir(), `tokunbo-demo-images-${hash.digest("hex").slice(0, 16)}`);
    if (await readdir(kept).catch(() => null)) return kept;
    const partial = await mkdtemp(`${kept}.`);
    await writeImages(demoListings(), createLocalStorage(partial));
    // Another test process may have finished first: theirs is as good as ours.
    await rename(partial, kept).catch(() => rm(partial, { recursive: true, force: true }));
    return kept;
  })();
  return rendered;
}

/** Puts the demo shop's pictures in an uploads folder, as a seed would draw them there. */
export async function copyDemoImages(uploadsDir: string): Promise<void> {
  await cp(await renderedDemoImages(), uploadsDir, { recursive: true, force: false });
}

/** Seeds the demo shop as `seedDemoData` does, with its pictures copied in rather than drawn again. */
export async function seedDemoShop(db: Database, options: SeedOptions): Promise<SeedSummary> {
  await copyDemoImages(options.uploadsDir);
  return seedDemoData(db, options);
}
