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
    expect(config.trustProxyHops).toBe(0);
  });

  it("believes X-Forwarded-For only from the number of proxies it is told of", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    for (const bad of ["-1", "6", "yes", "1.5"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`Invalid TRUST_PROXY="${bad}": must be the number of proxies in front of the app, from 0 to 5`);
    }
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/srv/tokunbo",
      DATABASE_URL: "postgres://shop:secret@db.internal:5432/tokunbo",
      PUBLIC_URL: "https://tokunbo.ng/",
      DEMO_DATA: "false",
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
      MAIL_FROM: "Tokunbo <orders@tokunbo.ng>",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/tokunbo",
      uploadsDir: "/srv/tokunbo/uploads",
      databaseUrl: "postgres://shop:secret@db.internal:5432/tokunbo",
      publicUrl: "https://tokunbo.ng",
      demoData: false,
      env: "production",
      authSecret: "a-production-secret-of-at-least-32-chars",
      smtpUrl: "smtps://shop:secret@smtp.example.com:465",
      mailFrom: "Tokunbo <orders@tokunbo.ng>",
      devMailbox: false,
      secureCookies: true,
    });
  });

  it("opens the dev mailbox outside production, and in production only when asked", () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    const secret = "a-production-secret-of-at-least-32-chars";
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, DEV_MAILBOX: "true" }).devMailbox).toBe(true);
  });

  it("requires a session secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(
      'Invalid AUTH_SECRET="": must be set in production (at least 32 characters, for example: openssl rand -base64 32)',
    );
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
    [{ AUTH_SECRET: "short" }, 'Invalid AUTH_SECRET="short": must be at least 32 characters (for example: openssl rand -base64 32)'],
    [{ SMTP_URL: "mail.example.com" }, 'Invalid SMTP_URL="mail.example.com": must be an SMTP URL such as smtps://user:password@smtp.example.com:465'],
  ])("rejects %o with one readable line", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(new ConfigError(message));
  });

  it("lists every bad variable, one per line", () => {
    expect(() => loadConfig({ PORT: "0", DEMO_DATA: "sometimes" })).toThrowError(
      'Invalid PORT="0": must be a whole number from 1 to 65535\nInvalid DEMO_DATA="sometimes": must be one of true, false, 1, 0, yes, no, on, off',
    );
  });
});
