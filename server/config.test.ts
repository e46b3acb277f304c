import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.pgliteDir).toBe(path.resolve("./data/db"));
    expect(config.uploadsDir).toBe(path.resolve("./data/uploads"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.demoData).toBeUndefined();
    expect(config.env).toBe("development");
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/srv/tokunbo",
      DATABASE_URL: "postgres://shop:secret@db.internal:5432/tokunbo",
      PUBLIC_URL: "https://tokunbo.ng/",
      DEMO_DATA: "false",
      NODE_ENV: "production",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/tokunbo",
      uploadsDir: "/srv/tokunbo/uploads",
      databaseUrl: "postgres://shop:secret@db.internal:5432/tokunbo",
      publicUrl: "https://tokunbo.ng",
      demoData: false,
      env: "production",
    });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, 'Invalid PORT="eighty": must be a whole number from 1 to 65535'],
    [{ PORT: "70000" }, 'Invalid PORT="70000": must be a whole number from 1 to 65535'],
    [{ PORT: "30.5" }, 'Invalid PORT="30.5": must be a whole number from 1 to 65535'],
    [
      { DATABASE_URL: "mysql://root@localhost/shop" },
      'Invalid DATABASE_URL="mysql://root@localhost/shop": must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
    ],
    [{ PUBLIC_URL: "tokunbo.ng" }, 'Invalid PUBLIC_URL="tokunbo.ng": must be an absolute http(s) URL such as https://tokunbo.ng'],
    [{ DEMO_DATA: "maybe" }, 'Invalid DEMO_DATA="maybe": must be one of true, false, 1, 0, yes, no, on, off'],
  ])("rejects %o with one readable line", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(new ConfigError(message));
  });

  it("lists every bad variable, one per line", () => {
    expect(() => loadConfig({ PORT: "0", DEMO_DATA: "sometimes" })).toThrowError(
      'Invalid PORT="0": must be a whole number from 1 to 65535\nInvalid DEMO_DATA="sometimes": must be one of true, false, 1, 0, yes, no, on, off',
    );
  });
});
