import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { users } from "../../db/schema/accounts";
import { LIVE_CHANNEL, latestLiveEventId, publishLiveEvent, pruneLiveEvents, readLiveEvents } from "./events";

describe.each(TEST_ENGINES)("live events (%s)", (engine) => {
  let database: DatabaseHandle;
  const woken: string[] = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await database.db.insert(users).values([
      { id: "ada", name: "Ada", email: "ada@example.com" },
      { id: "bayo", name: "Bayo", email: "bayo@example.com" },
    ]);
    stopListening = await database.listen(LIVE_CHANNEL, { onNotify: (userId) => woken.push(userId) });
  });
  afterAll(async () => {
    await stopListening?.();
    await database?.close();
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it("wakes listeners with the user's id only when the transaction commits", async () => {
    woken.length = 0;
    const rolledBack = database.db.transaction(async (tx) => {
      await publishLiveEvent(tx, "bayo", { kind: "cart.updated", count: 9 });
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    await database.db.transaction((tx) => publishLiveEvent(tx, "ada", { kind: "cart.updated", count: 2 }));
    await until(() => woken.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(woken).toEqual(["ada"]);
    expect(await readLiveEvents(database.db, "bayo", 0)).toEqual([]);
  });

  it("reads a user's own events after a cursor, oldest first", async () => {
    const before = await latestLiveEventId(database.db, "ada");
    await database.db.transaction((tx) => publishLiveEvent(tx, "ada", { kind: "order.updated", orderId: "o-1", status: "shipped" }));
    await database.db.transaction((tx) => publishLiveEvent(tx, "bayo", { kind: "cart.updated", count: 1 }));
    await database.db.transaction((tx) => publishLiveEvent(tx, "ada", { kind: "cart.updated", count: 3 }));
    const events = await readLiveEvents(database.db, "ada", before);
    expect(events.map((e) => e.event)).toEqual([
      { kind: "order.updated", orderId: "o-1", status: "shipped" },
      { kind: "cart.updated", count: 3 },
    ]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id);
    expect(await latestLiveEventId(database.db, "ada")).toBe(events[1]!.id);
  });

  it("forgets events older than a day", async () => {
    await pruneLiveEvents(database.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await readLiveEvents(database.db, "ada", 0)).toEqual([]);
  });
});
