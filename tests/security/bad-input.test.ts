import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { vendorPreapprovalFields } from "../../db/schema";
import { fileStorageFor } from "../../domain/media/storage-config";
import { insertVendor } from "../support/rows";
import { paymentsSecretKey } from "../../server/config";
import { type TestApp, signInAs, startTestApp } from "../support/app";
import { TEST_ENGINES, createDatabaseFor } from "../support/database";
import { type BadRequest, type DoorCase, type Expectation, type Extras, PREAPPROVAL_EMAIL_FIELD, PREAPPROVAL_FILE_FIELD, doorCases } from "./bad-input-cases";
import { type DatabaseFingerprint, changedTables, fingerprintDatabase } from "./database-fingerprint";
import { allEndpoints, keyOf } from "./endpoints";
import { WORLD_PASSWORD, type World, addPerson, buildWorld, signInAll } from "./world";

/*
 * Bad input at every door (house standard: a bad request gets a 4xx with a readable
 * message, never a 500): random and malformed bodies, query strings and uploads, sent by someone
 * allowed to use the door, must be refused readably and leave the database exactly as it was.
 */

const RUNS_PER_DOOR = Number(process.env.BAD_INPUT_RUNS ?? 12);
/** The same inputs on every run, so a test run says the same thing twice; BAD_INPUT_SEED=<n> explores others. */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_121);
const CASES = doorCases();

/** What a stack trace, a file path or an unfilled template looks like in an answer. */
const LEAKS = [/\n\s+at .+:\d+:\d+/, /node_modules/, /file:\/\//, /\/(?:work|home|usr|tmp)\/\S+\.(?:[jt]sx?|mjs)/, /\[object Object\]/];

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function send(base: string, cookie: string, request: BadRequest, stream: boolean): Promise<Answer> {
  const headers = { ...request.headers, ...(cookie ? { cookie } : {}) };
  const response = await fetch(`${base}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  if (stream && response.status === 200) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, body: "" };
  }
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The toast a redirect carries in the flash cookie (app/server/flash.server.ts), if any. */
function flashToast(answer: Answer): { kind?: string; title?: string } | null {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("tokunbo_flash="));
  const value = cookie?.slice("tokunbo_flash=".length).split(";")[0];
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as { kind?: string; title?: string };
  } catch {
    return null;
  }
}

/** A redirect, as a browser gets it (3xx) or as React Router's single fetch answers a .data request (202 and a redirect payload). */
function isRedirect(answer: Answer): boolean {
  return (answer.status >= 300 && answer.status < 400) || (answer.status === 202 && answer.body.includes('"redirect"'));
}

function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
}

/** The message an answer carries for a person to read, or null. */
function readableMessage(answer: Answer): string | null {
  const type = answer.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const json = JSON.parse(answer.body) as Record<string, unknown>;
    const message = [json.error, json.message, json.title, json.description, (json.toast as { title?: unknown } | undefined)?.title].find((value) => typeof value === "string" && value.trim() !== "");
    return (message as string | undefined) ?? null;
  }
  if (type.includes("text/html")) {
    const text = visibleText(answer.body);
    return /<title>[^<]+<\/title>/.test(answer.body) && !/\bundefined\b/.test(text) ? text : null;
  }
  // React Router's single-fetch answers (text/x-script): the action's data, with its message.
  if (type.includes("x-script")) return /"[^"]*\p{L}+ \p{L}+[^"]*"/u.test(answer.body) ? answer.body : null;
  return answer.body.trim() || null;
}

function problemsWith(answer: Answer, expectation: Expectation, door: DoorCase): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  for (const leak of LEAKS) if (leak.test(answer.body)) problems.push(`leaks ${leak}`);
  if (expectation === "refuse") {
    const toastRedirect = door.toastRedirects && isRedirect(answer) && flashToast(answer)?.kind === "error";
    if (!toastRedirect && (answer.status < 400 || answer.status >= 500)) problems.push(`accepted it with ${answer.status}`);
    if (!toastRedirect && answer.status >= 400 && !door.stream && readableMessage(answer) === null) problems.push(`no readable message in ${JSON.stringify(answer.body.slice(0, 300))}`);
  }
  return problems;
}

/** The extras the world lacks: a fresh pre-approval applicant, a customer with nothing, the payments key. */
async function buildExtras(database: DatabaseHandle, app: TestApp): Promise<Extras> {
  const freshApplicant = await addPerson(database.db, "freshapplicant");
  await insertVendor(database.db, freshApplicant.userId, "Fresh Applicant Phones", "pending");
  await database.db.insert(vendorPreapprovalFields).values([
    { fieldName: PREAPPROVAL_EMAIL_FIELD, fieldLabel: "Business e-mail", fieldType: "email", required: true },
    { fieldName: PREAPPROVAL_FILE_FIELD, fieldLabel: "CAC certificate", fieldType: "file", required: true },
  ]);
  return { freshApplicant, newcomer: await addPerson(database.db, "newcomer"), secretKey: paymentsSecretKey(app.config) };
}

describe.each(TEST_ENGINES)("bad input at every door (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let world: World;
  let extras: Extras;
  let cookies: Record<DoorCase["actor"], string>;
  let tried = 0;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database);
    world = await buildWorld(database.db, { storage: fileStorageFor(app.config) });
    extras = await buildExtras(database, app);
    cookies = {
      ...(await signInAll(app.base, world)),
      freshApplicant: await signInAs(app.base, extras.freshApplicant.email, WORLD_PASSWORD),
      newcomer: await signInAs(app.base, extras.newcomer.email, WORLD_PASSWORD),
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has a case for every door, and none for a door that is gone", () => {
    const doors = allEndpoints(app.app).map(keyOf);
    expect(doors.filter((door) => !(door in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((door) => !doors.includes(door))).toEqual([]);
  });

  it.each(Object.keys(CASES))("%s refuses bad input readably and changes nothing", async (key) => {
    const door = CASES[key]!;
    let baseline: DatabaseFingerprint = await fingerprintDatabase(database);
    await fc.assert(
      fc.asyncProperty(door.inputs(world, extras), async (request) => {
        const expectation = door.judge?.(request, world, extras) ?? door.expect;
        fc.pre(expectation !== "valid");
        tried += 1;
        const answer = await send(app.base, cookies[door.actor], request, door.stream ?? false);
        const after = await fingerprintDatabase(database);
        const changed = changedTables(baseline, after);
        baseline = after;
        const problems = problemsWith(answer, expectation as Expectation, door);
        if (changed.length > 0) problems.push(`changed ${changed.join(", ")}`);
        if (problems.length > 0) throw new Error(`${request.method} ${request.url.slice(0, 200)}: ${problems.join("; ")}`);
      }),
      { numRuns: RUNS_PER_DOOR, maxSkipsPerRun: 20, endOnFailure: true, seed: SEED },
    );
  });

  it("tried a few inputs at every door", () => {
    expect(tried).toBeGreaterThanOrEqual(Object.keys(CASES).length * RUNS_PER_DOOR);
  });
});
