import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every built browser asset, at the highest levels: compressed
 * once here, not at a lower level on every request. The server sends them to browsers that
 * accept them.
 */
function precompressAssets(): Plugin {
  return {
    name: "tokunbo:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const compressible = Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        compressible.map(async (file) => {
          const target = path.join(options.dir!, file);
          const source = await readFile(target);
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
          await Promise.all([
            brotli(source, { params }).then((data) => writeFile(`${target}.br`, data)),
            gzipped(source, { level: 9 }).then((data) => writeFile(`${target}.gz`, data)),
          ]);
        }),
      );
    },
  };
}

/**
 * Rollup gives every module shared by two routes a chunk of its own: a storefront page fetched
 * some twenty files, many of a few hundred bytes, each a request with its own headers, and over
 * HTTP/1.1 a browser fetches only six at a time. Grouped instead: everything the root route
 * imports (loaded on every page anyway); what two or three storefront pages share (cards,
 * prices, images); and, per storefront page, what it shares with pages outside the storefront.
 */
function groupedChunks(): Plugin {
  const app = path.resolve(import.meta.dirname, "app");
  const root = path.join(app, "root.tsx");
  // Route modules live in each area's routes/ folder (app/storefront/routes/shop.tsx…).
  const isRoute = (file: string) => {
    const [area, folder, ...rest] = path.relative(app, file).split(path.sep);
    return Boolean(area) && folder === "routes" && rest.length === 1;
  };
  const storefrontRoutes = path.join(app, "storefront", "routes");
  const storefront = new Map(["home", "shop", "product"].map((name) => [path.join(storefrontRoutes, `${name}.tsx`), `${name}-shared`]));
  const routeOf = (id: string) => {
    const file = id.split("?")[0]!;
    return file === root || isRoute(file) ? file : undefined;
  };
  return {
    name: "tokunbo:grouped-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(output) {
      const reachedBy = new Map<string, Set<string>>();
      return {
        ...output,
        manualChunks(id, { getModuleInfo }) {
          const routesImporting = (moduleId: string): Set<string> => {
            const known = reachedBy.get(moduleId);
            if (known) return known;
            const found = new Set<string>();
            reachedBy.set(moduleId, found);
            for (const importer of getModuleInfo(moduleId)?.importers ?? []) {
              const route = routeOf(importer);
              if (route) found.add(route);
              else for (const reached of routesImporting(importer)) found.add(reached);
            }
            return found;
          };
          if (routeOf(id)) return undefined;
          const importing = routesImporting(id);
          if (importing.has(root)) return "site";
          const pages = [...importing].filter((route) => storefront.has(route));
          if (pages.length >= 2) return "catalog";
          // Only one storefront page uses it: Rollup keeps it in that page's chunk unless other pages use it too.
          return pages.length === 1 && importing.size > 1 ? storefront.get(pages[0]!) : undefined;
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), groupedChunks(), precompressAssets()],
  build: {
    rollupOptions: {
      // Not worth a line at every start: route modules with only server code (resource routes)
      // leave an empty browser chunk, as they should, and libraries' misplaced /*#__PURE__*/ comments are dropped.
      onwarn(warning, warn) {
        const libraryAnnotation = warning.code === "INVALID_ANNOTATION" && Boolean(warning.id?.includes("node_modules"));
        if (warning.code !== "EMPTY_BUNDLE" && !libraryAnnotation) warn(warning);
      },
    },
  },
  ssr: {
    // Native and WASM packages stay outside the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "better-auth", "nodemailer", "pino"],
  },
});
