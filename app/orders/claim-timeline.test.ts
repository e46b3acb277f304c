import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CLAIM_ADMIN_DECISIONS, CLAIM_REASONS, CLAIM_VENDOR_OUTCOMES } from "../../lib/constants";
import type { ClaimView } from "../../domain/claims/service";
import { ClaimSteps } from "./claim-parcel";
import { ClaimFacts } from "./claim-timeline";

/** A claim with every fact filled in, so every row of the list is shown. */
const CLAIM: ClaimView = {
  id: "c1",
  orderId: "o1",
  orderNumber: "TKB-1001",
  productName: "iPhone 13 128GB",
  businessName: "Ikeja Gadget Hub",
  customerName: "Tobi Adeyemi",
  totalAmount: 38_500_000,
  reason: CLAIM_REASONS[0],
  reasonLabel: "Screen fault",
  description: "The screen flickers.",
  photos: ["/claim-photos/a.webp"],
  status: "open",
  statusLabel: "Waiting for the vendor",
  answerDueAt: "2026-11-30T12:00:00.000Z",
  overdue: false,
  vendorOutcome: CLAIM_VENDOR_OUTCOMES[0],
  returnInstructions: "Bring it to the shop.",
  declineReason: "Water damage.",
  escalationNote: "Please look again.",
  adminDecision: CLAIM_ADMIN_DECISIONS[0],
  adminNote: "Refund approved.",
  returnCarrier: "GIG Logistics",
  returnTrackingNumber: "GIGL-5501234",
  returnShippedAt: "2026-11-28T12:00:00.000Z",
  receivedAt: "2026-11-30T12:00:00.000Z",
  backCarrier: "DHL Nigeria",
  backTrackingNumber: "1234567890",
  returnedToBuyerAt: "2026-12-02T12:00:00.000Z",
  outcomeDueAt: "2026-12-07T12:00:00.000Z",
  outcomeOverdue: false,
  buyerDueAt: null,
  replacementOrderNumber: "a1b2c3d4",
  replacementStatus: "shipped",
  createdAt: "2026-11-27T12:00:00.000Z",
  events: [],
};

const elements = (parent: XmlElement, tag: string) => Array.from(parent.getElementsByTagName(tag));

describe("the claim's facts", () => {
  it("are a valid definition list: each dt and dd in the dl itself or in a div directly in it", () => {
    const html = renderToStaticMarkup(createElement(ClaimFacts, { claim: CLAIM }));
    const list = new DOMParser().parseFromString(html, "text/html").documentElement as unknown as XmlElement;
    const terms = [...elements(list, "dt"), ...elements(list, "dd")];
    expect(terms.length).toBeGreaterThanOrEqual(22);
    const misplaced = terms.filter((term) => {
      const parent = term.parentNode as XmlElement;
      const grouped = parent.tagName === "div" && (parent.parentNode as XmlElement).tagName === "dl";
      return parent.tagName !== "dl" && !grouped;
    });
    expect(misplaced.map((term) => term.textContent)).toEqual([]);
  });
});

describe("the steps of an accepted claim", () => {
  it("show each step with its date and the couriers' tracking links", () => {
    const claim: ClaimView = { ...CLAIM, status: "resolved", vendorOutcome: "repair", replacementOrderNumber: null, replacementStatus: null };
    const html = renderToStaticMarkup(createElement(ClaimSteps, { claim }));
    expect(html).toContain("Phone sent back to the vendor");
    expect(html).toContain("Received for repair");
    expect(html).toContain("Repaired phone sent back to the buyer");
    expect(html).toContain('href="https://giglogistics.com/track?waybill=GIGL-5501234"');
    expect(html).toContain('aria-label="Track 1234567890 with DHL Nigeria (opens in a new tab)"');
    expect(html).not.toContain("not yet");
  });

  it("show what is still to come, and a replacement order by its number and status", () => {
    const claim: ClaimView = {
      ...CLAIM, status: "accepted", vendorOutcome: "replacement", receivedAt: null, returnedToBuyerAt: null, backCarrier: null, backTrackingNumber: null,
    };
    const html = renderToStaticMarkup(createElement(ClaimSteps, { claim }));
    expect(html).toContain("Replacement order #a1b2c3d4");
    expect(html).toContain("Status: Shipped");
    expect(html).toContain("not yet");
    expect(html).toContain("next step due by");
  });
});
