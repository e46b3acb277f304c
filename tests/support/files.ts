import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file under dir (nested too), as paths relative to it; none when dir does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
