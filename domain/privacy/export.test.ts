import { beforeAll, describe, expect, it } from "vitest";
import { vendorBankAccounts } from "../../db/schema";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { buildPrivateBuyer } from "../../tests/support/privacy";
import { type Shop, openShop } from "../../tests/support/shop";
import { orderNumberOf } from "../orders/status";
import { exportMyData, maskAccountNumber } from "./export";

describe.each(TEST_ENGINES)("'Download my data' (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop(database().db, `export-${engine}`);
  });

  it("holds the user's own records, amounts in kobo and naira, and nothing of anyone else or any secret", async () => {
    const mine = await buildPrivateBuyer(database().db, shop, "mine");
    const other = await buildPrivateBuyer(database().db, shop, "other");
    const data = (await exportMyData(database().db, mine.userId))!;
    expect(data.profile).toMatchObject({ name: mine.markers.name, email: mine.markers.email, phone: mine.markers.phone, role: "customer" });
    expect(data.savedAddresses).toEqual([expect.objectContaining({ address: mine.markers.savedAddress, isDefault: true })]);
    expect(data.orders.map((o) => o.orderNumber).sort()).toEqual(mine.orderIds.map(orderNumberOf).sort());
    const first = data.orders.find((o) => o.id === mine.orderIds[0])!;
    expect(first.total).toEqual({ kobo: 300_000_00, naira: "₦300,000" });
    expect(first.delivery).toMatchObject({ address: mine.markers.address, notes: mine.markers.notes });
    expect(first.statusHistory.map((h) => h.status)).toEqual(["paid", "delivered"]);
    expect(data.payments[0]!.amount).toEqual({ kobo: 452_500_00, naira: "₦452,500" });
    expect(data.reviews).toEqual([expect.objectContaining({ comment: mine.markers.review, rating: 5 })]);
    expect(data.notifications).toHaveLength(2);
    expect(data.wishlist).toHaveLength(1);
    expect(data.stockAlerts).toHaveLength(1);
    expect(data.warrantyClaims).toEqual([expect.objectContaining({ description: mine.markers.claim })]);
    expect(data.vendor).toBeNull();

    const text = JSON.stringify(data);
    for (const value of Object.values(other.markers)) expect(text).not.toContain(value);
    for (const id of other.orderIds) expect(text).not.toContain(id);
    const [secrets] = await database().query<{ password: string; token: string }>(
      "select a.password, s.token from accounts a join sessions s on s.user_id = a.user_id where a.user_id = $1",
      [mine.userId],
    );
    expect(text).not.toContain(secrets!.password);
    expect(text).not.toContain(secrets!.token);
    expect(text).not.toMatch(/password|token|recipient/i);
  });

  it("gives a vendor their record and bank account with the number masked", async () => {
    await database().db.insert(vendorBankAccounts).values({
      vendorId: shop.vendorId, bankCode: "058", bankName: "Guaranty Trust Bank", accountNumber: "0123456789", accountName: "Shop Owner", recipientCode: "RCP_secret",
    });
    const data = (await exportMyData(database().db, shop.vendorUserId))!;
    expect(data.profile.role).toBe("vendor");
    expect(data.vendor).toMatchObject({ businessName: `Shop export-${engine}`, bankAccount: { accountNumber: "******6789", accountName: "Shop Owner" } });
    expect(JSON.stringify(data)).not.toContain("RCP_secret");
    expect(JSON.stringify(data)).not.toContain("0123456789");
    expect(maskAccountNumber("0123456789")).toBe("******6789");
  });
});
