import { COMMAND_LINE, grantSuperAdminByEmail } from "../domain/accounts/super-admin";
import { emailSchema } from "../domain/accounts/validation";
import { ConfigError, loadConfig } from "../server/config";
import { StartupError, describeError, prepareDatabase } from "../server/database";
import { createLogger } from "../server/logger";

/** `npm run create-super-admin -- <email>`: makes an existing account super admin, for servers without a browser. */
async function main(): Promise<number> {
  const parsed = emailSchema.safeParse(process.argv[2] ?? "");
  if (!parsed.success) {
    console.error("Usage: npm run create-super-admin -- <email>  (the person signs up first)");
    return 2;
  }
  const config = loadConfig();
  const database = await prepareDatabase(config, createLogger({ logLevel: "warn" }));
  try {
    const result = await grantSuperAdminByEmail(database.db, COMMAND_LINE, parsed.data);
    if (result === "no-user") {
      console.error(`No account uses ${parsed.data}. Sign up with that address first, then run this again.`);
      return 1;
    }
    console.log(`${parsed.data} is now a super admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof StartupError;
    console.error(known ? (error as Error).message : `Could not create the super admin: ${describeError(error)}`);
    process.exit(1);
  },
);
