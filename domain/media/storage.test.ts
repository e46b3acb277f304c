import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../tests/support/files";
import { useTempDir } from "../../tests/support/lifecycle";
import { createLocalStorage } from "./storage";

describe("local storage", () => {
  const dir = useTempDir("tokunbo-storage-");

  it("deletes a file, is fine when it is already gone, and leaves the others", async () => {
    const storage = createLocalStorage(dir());
    await storage.put("claims/a.webp", Buffer.from("a"));
    await storage.put("claims/b.webp", Buffer.from("b"));
    await storage.delete("claims/a.webp");
    expect(await storage.exists("claims/a.webp")).toBe(false);
    await expect(access(path.join(dir(), "claims", "a.webp"))).rejects.toMatchObject({ code: "ENOENT" });
    await storage.delete("claims/a.webp");
    await storage.delete("never/stored.webp");
    expect(await filesUnder(dir())).toEqual(["claims/b.webp"]);
  });

  it("refuses an unsafe key before touching the disk", async () => {
    const storage = createLocalStorage(path.join(dir(), "uploads"));
    const outside = path.join(dir(), "outside.txt");
    await writeFile(outside, "keep");
    await expect(storage.delete("../outside.txt")).rejects.toThrow("Invalid storage key");
    await expect(storage.delete("/etc/passwd")).rejects.toThrow("Invalid storage key");
    await expect(access(outside)).resolves.toBeUndefined();
  });
});
