import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { savedAddresses } from "../../db/schema/buyers";
import { Refusal } from "../core/refusal";
import { ACCOUNT_TEXTS as T } from "./account-texts";
import { ADDRESS_LIMITS, type SavedAddressInput } from "./account-validation";

/** One saved address as its owner sees it, in checkout's field names. */
export interface SavedAddress {
  id: string;
  label: string;
  customerName: string;
  customerPhone: string;
  shippingAddress: string;
  city: string;
  state: string;
  isDefault: boolean;
}

const COLUMNS = {
  id: savedAddresses.id,
  label: savedAddresses.label,
  customerName: savedAddresses.fullName,
  customerPhone: savedAddresses.phone,
  shippingAddress: savedAddresses.address,
  city: savedAddresses.city,
  state: savedAddresses.state,
  isDefault: savedAddresses.isDefault,
};

const notFound = () => new Refusal("not_found", T.addressNotFound);

const rowOf = (input: SavedAddressInput) => ({
  label: input.label,
  fullName: input.customerName,
  phone: input.customerPhone,
  address: input.shippingAddress,
  city: input.city,
  state: input.state,
});

const own = (userId: string, addressId: string) => and(eq(savedAddresses.id, addressId), eq(savedAddresses.userId, userId));

/** The user's addresses, the default first, then in the order they were added. */
export async function listAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  return db
    .select(COLUMNS)
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt), asc(savedAddresses.id));
}

/**
 * Address changes of one user take turns (a lock on their user row): the count under the cap and
 * 'the first address is the default' stay true when two tabs save at once.
 */
async function inTurn<T>(db: Database, userId: string, change: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    return change(tx);
  });
}

/** Saves a new address; the first one becomes the default. */
export async function addAddress(db: Database, userId: string, input: SavedAddressInput): Promise<SavedAddress> {
  return inTurn(db, userId, async (tx) => {
    const [counted] = await tx.select({ count: sql<number>`count(*)::int` }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
    const count = counted?.count ?? 0;
    if (count >= ADDRESS_LIMITS.max) throw new Refusal("conflict", T.tooManyAddresses(ADDRESS_LIMITS.max));
    const [row] = await tx.insert(savedAddresses).values({ userId, ...rowOf(input), isDefault: count === 0 }).returning(COLUMNS);
    return row!;
  });
}

export async function updateAddress(db: Database, userId: string, addressId: string, input: SavedAddressInput): Promise<void> {
  const changed = await db
    .update(savedAddresses)
    .set({ ...rowOf(input), updatedAt: sql`now()` })
    .where(own(userId, addressId))
    .returning({ id: savedAddresses.id });
  if (changed.length === 0) throw notFound();
}

/** Deletes an address; when it was the default, the oldest remaining one takes its place. */
export async function deleteAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await inTurn(db, userId, async (tx) => {
    const [deleted] = await tx.delete(savedAddresses).where(own(userId, addressId)).returning({ isDefault: savedAddresses.isDefault });
    if (!deleted) throw notFound();
    if (!deleted.isDefault) return;
    const [next] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id))
      .limit(1);
    if (next) await tx.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, next.id));
  });
}

export async function setDefaultAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await inTurn(db, userId, async (tx) => {
    const [target] = await tx.select({ id: savedAddresses.id }).from(savedAddresses).where(own(userId, addressId));
    if (!target) throw notFound();
    // The old default first: the unique partial index allows one default per user at any moment.
    await tx.update(savedAddresses).set({ isDefault: false }).where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
    await tx.update(savedAddresses).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(savedAddresses.id, addressId));
  });
}
