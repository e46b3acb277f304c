/** Rows for vendor and product tests: people, vendor records, listings and a mailer that keeps what it sends. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Role, VendorStatus } from "../../lib/constants";
import { accounts, users } from "../../db/schema/accounts";
import { grantRole } from "../../domain/accounts/roles";
import { products } from "../../db/schema/catalog";
import type { Mailer, OutgoingEmail } from "../../domain/mail/mailer";
import { vendors } from "../../db/schema/vendors";

export async function insertPerson(db: Database, id: string, role?: Role): Promise<{ userId: string; role: Role; email: string }> {
  const email = `${id}@example.ng`;
  await db.insert(users).values({ id, name: id, email });
  if (role && role !== "customer") await grantRole(db, id, role);
  return { userId: id, role: role ?? "customer", email };
}

/** A person with a verified e-mail address and a password, who can sign in through /auth. */
export async function insertPersonWhoSignsIn(db: Database, id: string, passwordHash: string, role?: Role): Promise<{ userId: string; role: Role; email: string }> {
  const person = await insertPerson(db, id, role);
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
  return person;
}

export async function insertVendor(
  db: Database,
  userId: string,
  businessName: string,
  status: VendorStatus = "approved",
): Promise<{ id: string; userId: string }> {
  const [row] = await db
    .insert(vendors)
    .values({
      userId,
      businessName,
      contactEmail: `${userId}@shop.ng`,
      contactPhone: "+2348031234567",
      businessAddress: "Shop 4, Otigba Street, Ikeja, Lagos",
      status,
      verified: status === "approved",
    })
    .returning({ id: vendors.id, userId: vendors.userId });
  return row!;
}

export async function insertListing(
  db: Database,
  vendorId: string,
  name: string,
  extra: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ vendorId, name, brand: "Apple", model: name, storage: "128GB", grade: "A", suggestedPrice: 300_000_00, stockQuantity: 3, ...extra })
    .returning({ id: products.id });
  return row!.id;
}

export function recordingMailer(): Mailer & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async record(_tx, message) {
      return () => sent.push(message);
    },
    async idle() {},
  };
}
