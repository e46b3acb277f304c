import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // Native and WASM packages stay outside the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "better-auth", "nodemailer", "pino"],
  },
});
