import { describe, expect, it } from "vitest";
import { FIELD_LIMITS } from "../field-limits.ts";
import { SETTINGS_LIMITS } from "./settings.ts";
import { LABEL_CONTENT_MM, LABEL_SCALES, labelHeightMm, labelScale } from "./label-fit.ts";
import { shippingLabel } from "./shipping-label.ts";

const sender = ["Menswear Shop", "United Kingdom"];
const order = {
  number: "#1A2B3C4D",
  customer: { firstName: "Ama", lastName: "Owusu" },
  shippingAddress: { address: "1 Savile Row", city: "London", region: "", postalCode: "W1S 3PR", country: "United Kingdom" },
  items: [{ quantity: 2 }],
  shippingMethod: "standard",
};
const street = (length: number) => "Flat 12, The Old Grain Warehouse, 145 Long Acre Lane ".repeat(10).slice(0, length).trim();
const sixLineSender = ["Kente & Tweed Menswear Ltd", "Unit 4, Riverside Business Park", "145 Old Kent Road", "Bermondsey", "London SE1 5AB", "United Kingdom"];

describe("label sizes (one A6 sheet, every character)", () => {
  it("keeps the usual sizes for an everyday address, and for a 100-character street", () => {
    expect(labelScale(shippingLabel(order, sender)).name).toBe("regular");
    expect(labelScale(shippingLabel({ ...order, shippingAddress: { ...order.shippingAddress, address: street(100) } }, sender)).name).toBe("regular");
  });

  it("steps down for the 200-character street the checkout accepts, and further with a six-line sender and a long name", () => {
    const long = shippingLabel({ ...order, shippingAddress: { ...order.shippingAddress, address: street(200) } }, sender);
    expect(labelScale(long).name).not.toBe("regular");
    const longer = shippingLabel(
      {
        ...order,
        customer: { firstName: "Maximilian-Alexander-Konstantin", lastName: "Wolfeschlegelsteinhausenbergerdorff-Smythe-Featherstonehaugh" },
        shippingAddress: { ...order.shippingAddress, address: street(200) },
      },
      sixLineSender,
    );
    const index = (name: string) => LABEL_SCALES.findIndex((scale) => scale.name === name);
    expect(index(labelScale(longer).name)).toBeGreaterThanOrEqual(index(labelScale(long).name));
    expect(labelHeightMm(longer, LABEL_SCALES[0]!)).toBeGreaterThan(labelHeightMm(long, LABEL_SCALES[0]!));
    for (const label of [long, longer]) expect(labelHeightMm(label, labelScale(label))).toBeLessThanOrEqual(LABEL_CONTENT_MM.height);
  });

  it("fits the longest text the checkout and Settings accept, with a phone and a DO NOT SHIP stamp or a reprint line, on the smallest sizes", () => {
    const widest = (length: number) => "W".repeat(length);
    const longest = {
      ...order,
      customer: { firstName: "", lastName: "" },
      shippingAddress: {
        firstName: widest(FIELD_LIMITS.name),
        lastName: widest(FIELD_LIMITS.name),
        address: street(FIELD_LIMITS.address),
        city: street(FIELD_LIMITS.city),
        region: street(FIELD_LIMITS.state),
        postalCode: "X".repeat(FIELD_LIMITS.postalCode),
        country: street(FIELD_LIMITS.country),
        phone: "9".repeat(FIELD_LIMITS.phone),
      },
    };
    const longestSender = Array.from({ length: SETTINGS_LIMITS.addressLines }, () => street(SETTINGS_LIMITS.addressLineMax));
    const smallest = LABEL_SCALES[LABEL_SCALES.length - 1]!;
    const marks = [
      null,
      ...(["cancelled", "refunded", "unpaid"] as const).map((reason) => ({ kind: "do-not-ship", reason }) as const),
      { kind: "reprint", shippedAt: "2026-12-03T10:00:00Z" } as const,
    ];
    for (const mark of marks) {
      const worst = shippingLabel(longest, longestSender, mark);
      expect(worst.phone).toBe(`Tel. ${"9".repeat(FIELD_LIMITS.phone)}`);
      expect(labelHeightMm(worst, labelScale(worst)), JSON.stringify(mark)).toBeLessThanOrEqual(LABEL_CONTENT_MM.height);
    }
    // The stamp takes the last sizes there are.
    expect(labelScale(shippingLabel(longest, longestSender, { kind: "do-not-ship", reason: "refunded" }))).toBe(smallest);
  });

  it("keeps the usual sizes for an everyday address with a phone, also on a reprint or a stamped sheet", () => {
    const withPhone = { ...order, shippingAddress: { ...order.shippingAddress, phone: "+233 24 123 4567" } };
    const plain = shippingLabel(withPhone, sender);
    const stamped = shippingLabel(withPhone, sender, { kind: "do-not-ship", reason: "cancelled" });
    const unpaid = shippingLabel(withPhone, sender, { kind: "do-not-ship", reason: "unpaid" });
    const reprint = shippingLabel(withPhone, sender, { kind: "reprint", shippedAt: "2026-12-03T10:00:00Z" });
    for (const label of [plain, stamped, unpaid, reprint]) expect(labelScale(label).name).toBe("regular");
    // Each takes room the estimate counts.
    expect(labelHeightMm(plain, LABEL_SCALES[0]!)).toBeGreaterThan(labelHeightMm(shippingLabel(order, sender), LABEL_SCALES[0]!));
    expect(labelHeightMm(stamped, LABEL_SCALES[0]!)).toBeGreaterThan(labelHeightMm(reprint, LABEL_SCALES[0]!));
    expect(labelHeightMm(reprint, LABEL_SCALES[0]!)).toBeGreaterThan(labelHeightMm(plain, LABEL_SCALES[0]!));
  });

  it("goes from larger to smaller sizes", () => {
    for (let i = 1; i < LABEL_SCALES.length; i++) {
      expect(LABEL_SCALES[i]!.shipToPt).toBeLessThan(LABEL_SCALES[i - 1]!.shipToPt);
      expect(LABEL_SCALES[i]!.senderPt).toBeLessThan(LABEL_SCALES[i - 1]!.senderPt);
    }
  });
});
