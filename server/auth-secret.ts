import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "./config";

/**
 * The secret that signs session cookies: AUTH_SECRET when set (required in production),
 * otherwise one generated on first start and kept in DATA_DIR, so sessions survive restarts.
 */
export async function withAuthSecret(config: Config): Promise<Config> {
  if (config.authSecret) return config;
  const file = path.join(config.dataDir, "auth-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return { ...config, authSecret: existing.trim() };
  const secret = randomBytes(32).toString("base64url");
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, authSecret: secret };
}
