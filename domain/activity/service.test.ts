/**
 * The activity log list behind the admin dashboard's Activities tab and its JSON endpoint:
 * the 100 newest entries, read through the created_at indexes on a 20,000-entry log.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { LIMITS, type UserType } from "../../lib/constants";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { listActivities, newestActivitiesQuery } from "./service";

const LOG_SIZE = 20_000;

/** Ten users; one entry in a hundred by an admin, the rest buyers and vendors; one a second, newest first by number. */
const GENERATE_LOG = [
  `insert into users (id, name, email) select 'log-user-' || n, 'User ' || n, 'log-user-' || n || '@example.ng' from generate_series(0, 9) as n`,
  `insert into user_activities (user_id, user_type, activity_type, activity_description, created_at)
  select case when i % 7 = 0 then null else 'log-user-' || i % 10 end,
         (case when i % 100 = 0 then 'admin' when i % 2 = 0 then 'buyer' else 'vendor' end)::activity_user_type,
         'event', 'Entry ' || i, timestamptz '2026-11-01' - make_interval(secs => i)
  from generate_series(1, ${LOG_SIZE}) as i`,
  "vacuum analyze user_activities",
  "vacuum analyze users",
];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

describe.each(TEST_ENGINES)("listActivities (%s)", (engine) => {
  let database: DatabaseHandle;

  const planOf = async (userType?: UserType): Promise<PlanNode[]> => {
    const statement = newestActivitiesQuery(database.db, { userType });
    const result = (await database.db.execute(sql`explain (analyze, format json) `.append(statement.getSQL()))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const raw = result.rows[0]?.["QUERY PLAN"];
    const [top] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return flatten(top!.Plan);
  };

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    for (const statement of GENERATE_LOG) await database.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ["every user type", undefined, (i: number) => i <= LIMITS.activityLogLimit],
    ["admins", "admin" as const, (i: number) => i % 100 === 0 && i <= 100 * LIMITS.activityLogLimit],
    ["vendors", "vendor" as const, (i: number) => i % 2 === 1 && i < 2 * LIMITS.activityLogLimit],
  ])("gives the 100 newest entries of %s, newest first, with who did them", async (_, userType, expected) => {
    const entries = await listActivities(database.db, { role: "admin" }, { userType });
    const numbers = Array.from({ length: LOG_SIZE }, (_, k) => k + 1).filter(expected);
    expect(entries.map((e) => e.description)).toEqual(numbers.map((i) => `Entry ${i}`));
    const [first] = entries;
    const n = numbers[0]!;
    expect(first).toMatchObject({
      userType: userType ?? "vendor",
      actorEmail: n % 7 === 0 ? null : `log-user-${n % 10}@example.ng`,
      createdAt: new Date(Date.parse("2026-11-01T00:00:00Z") - n * 1000).toISOString(),
    });
  });

  it("is for admins and super admins only", async () => {
    await expect(listActivities(database.db, { role: "super_admin" }, {})).resolves.toHaveLength(LIMITS.activityLogLimit);
    for (const role of ["customer", "vendor"] as const) {
      await expect(listActivities(database.db, { role }, {})).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it.each([
    ["every user type", undefined, ["user_activities_created_idx"]],
    ["a rare user type", "admin" as const, ["user_activities_type_created_idx"]],
    ["a common user type", "vendor" as const, ["user_activities_created_idx", "user_activities_type_created_idx"]],
  ])("reads %s newest first from a created_at index, without sorting the log", async (_, userType, indexes) => {
    const nodes = await planOf(userType);
    expect(nodes.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "user_activities")).toEqual([]);
    const used = nodes.flatMap((n) => (n["Index Name"]?.startsWith("user_activities_") ? [n["Index Name"]] : []));
    expect(used).toHaveLength(1);
    expect(indexes).toContain(used[0]);
  });
});
