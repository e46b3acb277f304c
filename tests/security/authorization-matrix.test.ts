import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { ACCESS_TEXTS } from "../../domain/core/access";
import type { FileStorage } from "../../domain/media/storage";
import { fileStorageFor } from "../../domain/media/storage-config";
import { type TestApp, loaderData, startTestApp } from "../support/app";
import { TEST_ENGINES, createDatabaseFor } from "../support/database";
import { AUTHORIZATION_MATRIX, type Caller, type Row, labelOf, refusalOf } from "./authorization-matrix";
import { allEndpoints, keyOf } from "./endpoints";
import { ACTORS, type Actor, type World, buildWorld, openSession, signInAll } from "./world";

/*
 * Every door of the app called as each of the seven actors, against the production
 * configuration (with test payments): the allowed get in, everyone else is refused the way
 * docs/accounts.md say, and no refusal carries the protected data.
 */

const SIGN_IN_PAGES = ["/auth", "/vendor-auth"];

/** The text a reader sees: React escapes quotes in HTML. */
function readable(body: string): string {
  return body.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

async function bodyOf(response: Response): Promise<string> {
  // The live stream stays open: its headers are the answer.
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    await response.body?.cancel();
    return "";
  }
  return readable(await response.text());
}

const isRedirect = (status: number) => status >= 300 && status < 400;

describe.each(TEST_ENGINES)("who may use each door (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let storage: FileStorage;
  let world: World;
  let cookies: Record<Actor, string>;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database, { NODE_ENV: "production", PAYMENTS_MODE: "sandbox" });
    storage = fileStorageFor(app.config);
    world = await buildWorld(database.db, { storage });
    cookies = await signInAll(app.base, world);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has a row for every door, and every row names a door", () => {
    const doors = allEndpoints(app.app).map(keyOf);
    const rowKeys = new Set(AUTHORIZATION_MATRIX.map((row) => row.key));
    expect(doors.filter((door) => !rowKeys.has(door)), "doors without a row").toEqual([]);
    expect([...rowKeys].filter((key) => !doors.includes(key)), "rows naming no door").toEqual([]);
  });

  async function check(row: Row, actor: Actor) {
    const caller: Caller = { base: app.base, db: database.db, storage, payments: app.services.payments, world, actor, cookie: cookies[actor] };
    const { response, happened, unharmed } = await row.call(caller);
    const body = await bodyOf(response);
    const location = response.headers.get("location");
    const landing = location ? new URL(location, app.base).pathname : null;
    const seen = `${response.status} ${location ?? ""} ${body.slice(0, 300)}`;

    if (row.allow.includes(actor)) {
      if (row.allowedStatus) expect(response.status, seen).toBe(row.allowedStatus);
      else expect(response.status >= 200 && response.status < 400, seen).toBe(true);
      if (landing && landing !== row.lands) expect(SIGN_IN_PAGES, seen).not.toContain(landing);
      expect(body).not.toContain(ACCESS_TEXTS.signInRequired);
      expect(body).not.toContain(ACCESS_TEXTS.forbidden);
      if (happened) expect(await happened(), "the change was made").toBe(true);
    } else {
      const refusal = refusalOf(row, actor);
      if ("redirect" in refusal) {
        expect(isRedirect(response.status), seen).toBe(true);
        expect(landing, seen).toBe(refusal.redirect);
      } else {
        expect(response.status, seen).toBe(refusal.status);
        if (refusal.text) expect(body, seen).toContain(refusal.text);
      }
      if (happened) expect(await happened(), "nothing was changed").toBe(false);
    }
    if (unharmed) expect(await unharmed(), "someone else's record was left alone").toBe(true);
    for (const secret of row.hidden?.(world, actor) ?? []) expect(body, `${actor} must not see ${secret}`).not.toContain(secret);
  }

  /** After a sign-out, which ends every session of the user (docs/accounts.md), the actor gets a new one. */
  async function renewSession(actor: Actor) {
    if (actor === "anonymous") return;
    const { site } = await loaderData<{ site: { account: unknown } }>(app.base, "/", "root", cookies[actor]);
    expect(site.account, `${actor}'s other sessions ended`).toBeNull();
    cookies[actor] = await openSession(database.db, world[actor]);
  }

  for (const row of AUTHORIZATION_MATRIX) {
    it(`${labelOf(row)}: allowed ${row.allow.join(", ") || "nobody"}`, async () => {
      const failures: string[] = [];
      for (const actor of ACTORS) {
        await check(row, actor).catch((error: Error) => failures.push(`as ${actor}: ${error.message}`));
        if (row.endsSessions) await renewSession(actor);
      }
      expect(failures).toEqual([]);
    });
  }
});
