import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from the schema; migrations are applied by the app (db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
