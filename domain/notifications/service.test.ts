import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { users } from "../../db/schema/accounts";
import { readLiveEvents } from "../live/events";
import { listNotifications, markAllNotificationsRead, markNotificationRead, notify } from "./service";

describe.each(TEST_ENGINES)("notifications (%s)", (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await database.db.insert(users).values([
      { id: "ada", name: "Ada", email: "ada@example.com" },
      { id: "bayo", name: "Bayo", email: "bayo@example.com" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("stores a notification with the caller's transaction and announces it", async () => {
    const created = await database.db.transaction((tx) => notify(tx, "ada", "order", "Order shipped", "Your iPhone 12 is on its way."));
    expect(created).toMatchObject({ title: "Order shipped", type: "order", read: false });
    const [event] = await readLiveEvents(database.db, "ada", 0);
    expect(event?.event).toEqual({ kind: "notification.created", notification: created, unread: 1 });
  });

  it("takes nothing when the caller's transaction rolls back", async () => {
    const failed = database.db.transaction(async (tx) => {
      await notify(tx, "bayo", "product", "Approved", "Your listing is live.");
      throw new Error("the change it announced failed");
    });
    await expect(failed).rejects.toThrow();
    expect(await listNotifications(database.db, "bayo")).toEqual([]);
    expect(await readLiveEvents(database.db, "bayo", 0)).toEqual([]);
  });

  it("lists newest first and marks only the owner's notification read", async () => {
    const second = await database.db.transaction((tx) => notify(tx, "ada", "warning", "Low stock", "Only 1 left."));
    const listed = await listNotifications(database.db, "ada");
    expect(listed.map((n) => n.title)).toEqual(["Low stock", "Order shipped"]);
    expect(await markNotificationRead(database.db, "bayo", second.id)).toBe(false);
    expect(await markNotificationRead(database.db, "ada", second.id)).toBe(true);
    const events = await readLiveEvents(database.db, "ada", 0);
    expect(events.at(-1)?.event).toEqual({ kind: "notification.updated", notification: { ...second, read: true }, unread: 1 });
  });

  it("marks all read and announces it once", async () => {
    await markAllNotificationsRead(database.db, "ada");
    expect((await listNotifications(database.db, "ada")).every((n) => n.read)).toBe(true);
    const before = (await readLiveEvents(database.db, "ada", 0)).length;
    await markAllNotificationsRead(database.db, "ada");
    expect((await readLiveEvents(database.db, "ada", 0)).length).toBe(before);
  });
});
