import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_DIR } from "../server/app";
import viteConfig from "../vite.config";

/** The test run builds the app first (tests/support/build.global.ts) under NODE_ENV=test. */
describe("the client build", () => {
  it("ships React's production build, not its development warnings", async () => {
    const assets = path.join(BUILD_DIR, "client/assets");
    const scripts = (await readdir(assets)).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = await readFile(path.join(assets, name), "utf8");
      expect(code, name).not.toContain("Example usage: hydrateRoot");
    }
  });
});

/** README: the first start builds quietly, so the plain ready line is easy to find. */
describe("the build's warnings", () => {
  const onwarn = viteConfig.build!.rollupOptions!.onwarn!;
  const reported = (warning: { code: string; message: string; id?: string }) => {
    const seen: string[] = [];
    onwarn(warning as never, (shown) => {
      const log = typeof shown === "function" ? shown() : shown;
      seen.push(typeof log === "string" ? log : log.message);
    });
    return seen;
  };

  it("leaves out the empty browser chunk of a server-only route and a library's misplaced annotation, and reports the rest", () => {
    expect(reported({ code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "admin.export.$kind"' })).toEqual([]);
    expect(reported({ code: "INVALID_ANNOTATION", message: "misplaced /*#__PURE__*/", id: "/repo/node_modules/lib/index.js" })).toEqual([]);
    expect(reported({ code: "INVALID_ANNOTATION", message: "misplaced /*#__PURE__*/", id: "/repo/app/root.tsx" })).toEqual(["misplaced /*#__PURE__*/"]);
    expect(reported({ code: "CIRCULAR_DEPENDENCY", message: "Circular dependency" })).toEqual(["Circular dependency"]);
  });
});
