import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // Native and WASM packages stay outside the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "better-auth", "nodemailer", "pino"],
  },
});
