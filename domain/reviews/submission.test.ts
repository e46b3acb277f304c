import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refusal } from "../core/refusal";
import type { DatabaseHandle } from "../../db/client";
import type { OrderStatus } from "../../lib/constants";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { listCustomerOrders } from "../orders/customer";
import { orders } from "../../db/schema/orders";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { REVIEW_SUBMISSION_TEXTS, reviewFormSchema, reviewSubmissionSchema, submitReview } from "./submission";

describe.each(TEST_ENGINES)("submitting a review (%s)", (engine) => {
  let database: DatabaseHandle;
  let vendorId: string;
  let phone: string;
  const ada = { userId: "ada" };

  const one = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params))[0] as T;
  const reviewCount = async () => (await one<{ n: number }>("select count(*)::int n from reviews")).n;

  async function placeOrder(customerId: string, status: OrderStatus, productId = phone) {
    const [row] = await database.db
      .insert(orders)
      .values({
        customerId, productId, vendorId, customerName: "Ada Obi", customerEmail: "ada@example.ng", customerPhone: "+2348031234567",
        shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos", quantity: 1, unitPrice: 250_000_00, totalAmount: 250_000_00, status,
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    return { status: (error as Refusal).status, message: (error as Refusal).message };
  }

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, "ada");
    await insertPerson(database.db, "bola");
    await insertPerson(database.db, "seller", "vendor");
    vendorId = (await insertVendor(database.db, "seller", "Computer Village Hub")).id;
  });
  beforeEach(async () => {
    phone = await insertListing(database.db, vendorId, `Pixel ${Math.random()}`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("stores the review of a delivered order unapproved, logs it, and says it appears after approval", async () => {
    const orderId = await placeOrder("ada", "delivered");
    const result = await submitReview(database.db, ada, { orderId, rating: 4, comment: "Clean phone, battery at 91%." });
    expect(result.message).toBe(REVIEW_SUBMISSION_TEXTS.submitted);
    expect(result.message).toMatch(/after approval/);
    const stored = await one<Record<string, unknown>>(
      "select product_id, customer_id, order_id, rating, comment, approved from reviews where id = $1", [result.reviewId]);
    expect(stored).toEqual({ product_id: phone, customer_id: "ada", order_id: orderId, rating: 4, comment: "Clean phone, battery at 91%.", approved: false });
    const activity = await one<{ user_id: string; user_type: string; description: string; metadata: Record<string, string> }>(
      "select user_id, user_type::text, activity_description description, metadata from user_activities where activity_type = 'review_submitted' order by created_at desc limit 1");
    expect(activity).toMatchObject({ user_id: "ada", user_type: "buyer", metadata: { review_id: result.reviewId, order_id: orderId, product_id: phone } });
    expect(activity.description).toContain("4 of 5 stars");
    const listed = (await listCustomerOrders(database.db, "ada")).orders.find((o) => o.id === orderId);
    expect(listed?.reviewed).toBe(true);
    const rating = await one<{ count: number }>("select review_count count from products where id = $1", [phone]);
    expect(rating.count).toBe(0);
  });

  it("takes one review per customer and phone: a second one, even from another order, is refused with a message", async () => {
    const first = await placeOrder("ada", "delivered");
    const second = await placeOrder("ada", "delivered");
    await submitReview(database.db, ada, { orderId: first, rating: 5, comment: null });
    const before = await reviewCount();
    for (const orderId of [first, second]) {
      expect(await refusal(submitReview(database.db, ada, { orderId, rating: 1, comment: null }))).toEqual({ status: 409, message: REVIEW_SUBMISSION_TEXTS.alreadyReviewed });
    }
    expect(await reviewCount()).toBe(before);
  });

  it("lets only one of two simultaneous submissions through, refusing the other with the message", async () => {
    const orderId = await placeOrder("ada", "delivered");
    const results = await Promise.allSettled([
      submitReview(database.db, ada, { orderId, rating: 5, comment: null }),
      submitReview(database.db, ada, { orderId, rating: 4, comment: null }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Refusal);
    expect(refused.reason.message).toBe(REVIEW_SUBMISSION_TEXTS.alreadyReviewed);
  });

  it.each(["pending", "paid", "processing", "shipped", "cancelled"] as const)("refuses a %s order with 409 and stores nothing", async (status) => {
    const orderId = await placeOrder("ada", status);
    const before = await reviewCount();
    expect(await refusal(submitReview(database.db, ada, { orderId, rating: 5, comment: null }))).toEqual({ status: 409, message: REVIEW_SUBMISSION_TEXTS.notDelivered });
    expect(await reviewCount()).toBe(before);
  });

  it("answers 'not found' for someone else's order and for an order that does not exist", async () => {
    const bolas = await placeOrder("bola", "delivered");
    const before = await reviewCount();
    for (const orderId of [bolas, "00000000-0000-4000-8000-000000000000"]) {
      expect(await refusal(submitReview(database.db, ada, { orderId, rating: 5, comment: null }))).toEqual({ status: 404, message: REVIEW_SUBMISSION_TEXTS.orderNotFound });
    }
    expect(await reviewCount()).toBe(before);
  });
});

describe("the review form", () => {
  const orderId = "6f1c1a52-8d0e-4b4e-9a51-3f5b2f0d1c2a";

  it("takes a whole rating from 1 to 5 and a trimmed comment, blank being none", () => {
    expect(reviewFormSchema.parse({ rating: "5", comment: "  Works well.  " })).toEqual({ rating: 5, comment: "Works well." });
    expect(reviewFormSchema.parse({ rating: 1, comment: "   " })).toEqual({ rating: 1, comment: null });
    expect(reviewFormSchema.parse({ rating: 3 })).toEqual({ rating: 3, comment: null });
    expect(reviewSubmissionSchema.parse({ orderId, rating: 2, comment: null })).toEqual({ orderId, rating: 2, comment: null });
  });

  it.each([0, 6, 4.5, "", "five", null, undefined])("refuses the rating %s with the rating message", (rating) => {
    const parsed = reviewFormSchema.safeParse({ rating, comment: "" });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([REVIEW_SUBMISSION_TEXTS.ratingRequired]);
  });

  it("refuses a comment over 1000 characters but counts them after trimming", () => {
    expect(reviewFormSchema.safeParse({ rating: 5, comment: "a".repeat(1001) }).error?.issues[0]?.message).toBe(REVIEW_SUBMISSION_TEXTS.commentTooLong);
    expect(reviewFormSchema.parse({ rating: 5, comment: ` ${"a".repeat(1000)} ` }).comment).toHaveLength(1000);
  });

  it("refuses a malformed order id as not found", () => {
    expect(reviewSubmissionSchema.safeParse({ orderId: "x", rating: 5 }).error?.issues[0]?.message).toBe(REVIEW_SUBMISSION_TEXTS.orderNotFound);
  });
});
