import { describe, expect, it } from "vitest";
import { COURIERS, COURIER_DETAILS, COURIER_TEXTS, type ListedCourier, trackingFormatProblem, trackingLinkOf } from "./couriers";

/** Per courier: a number that fits, one that does not, and the start of its tracking link. */
const CASES: Record<ListedCourier, { valid: string; invalid: string; link: string }> = {
  "GIG Logistics": { valid: "GIGL-55012", invalid: "GIG-1", link: "https://giglogistics.com/track?waybill=GIGL-55012" },
  "DHL Nigeria": { valid: "1234567890", invalid: "DHL-9000", link: "https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890" },
  "Red Star Express": { valid: "rsx-7788", invalid: "RSX", link: "https://www.redstarplc.com/track?waybill=RSX-7788" },
  "UPS Nigeria": { valid: "1Z 999 AA1 0123456784", invalid: "1Z999AA101", link: "https://www.ups.com/track?loc=en_NG&tracknum=1Z999AA10123456784" },
  "FedEx Nigeria": { valid: "123456789012345", invalid: "1234567890123", link: "https://www.fedex.com/fedextrack/?trknbr=123456789012345" },
  "ABC Transport": { valid: "ABC-2024-88123", invalid: "-ABC2024", link: "https://abctransport.com/tracking?waybill=ABC-2024-88123" },
  "GUO Transport": { valid: "GUO551203", invalid: "GUO/551203", link: "https://guotransport.com/tracking?waybill=GUO551203" },
  "Kwik Delivery": { valid: "KWK-1029384", invalid: "KWK-", link: "https://kwik.delivery/track?order=KWK-1029384" },
  Sendbox: { valid: "SB-99123456", invalid: "SB-9912345678901234567890123", link: "https://sendbox.co/track?code=SB-99123456" },
  Topship: { valid: "TS-40012345", invalid: "TS-40", link: "https://topship.africa/tracking?trackingId=TS-40012345" },
  "NIPOST EMS": { valid: "ee123456789ng", invalid: "EE12345678NG", link: "https://www.nipost.gov.ng/track?trackingNumber=EE123456789NG" },
};

describe("courier tracking numbers and links", () => {
  it("describes every courier of the list but 'Other'", () => {
    expect(Object.keys(COURIER_DETAILS).sort()).toEqual(COURIERS.filter((c) => c !== "Other").sort());
  });

  it.each(Object.entries(CASES) as Array<[ListedCourier, (typeof CASES)[ListedCourier]]>)("%s: a fitting number, a refused one and the link", (courier, { valid, invalid, link }) => {
    expect(trackingFormatProblem(courier, valid)).toBeNull();
    expect(trackingFormatProblem(courier, invalid)).toBe(COURIER_TEXTS.formatProblem(courier));
    expect(trackingFormatProblem(courier, COURIER_DETAILS[courier].example)).toBeNull();
    expect(trackingLinkOf(courier, valid)).toBe(link);
  });

  it("says what the format is, with an example", () => {
    expect(COURIER_TEXTS.formatProblem("DHL Nigeria")).toBe("DHL Nigeria tracking numbers are 10 digits, e.g. 1234567890");
    expect(COURIER_TEXTS.formatProblem("NIPOST EMS")).toBe("NIPOST EMS tracking numbers are 2 letters, 9 digits and 2 letters, e.g. EE123456789NG");
  });

  it("has no format nor link for 'Other', a typed courier name or no courier", () => {
    for (const carrier of ["Other", "Ikeja Dispatch", null, undefined]) {
      expect(trackingFormatProblem(carrier, "anything-goes")).toBeNull();
      expect(trackingLinkOf(carrier, "anything-goes")).toBeNull();
    }
    expect(trackingLinkOf("DHL Nigeria", "")).toBeNull();
    expect(trackingLinkOf("DHL Nigeria", null)).toBeNull();
  });
});
