import { describe, expect, it } from "vitest";
import { knownCarrier, trackingUrl } from "./carrier-tracking.ts";

describe("knownCarrier", () => {
  it("recognises a carrier however the owner typed its name", () => {
    expect(knownCarrier("Royal Mail")?.name).toBe("Royal Mail");
    expect(knownCarrier("royalmail")?.name).toBe("Royal Mail");
    expect(knownCarrier("Royal Mail Tracked 48")?.name).toBe("Royal Mail");
    expect(knownCarrier("  DHL Express ")?.name).toBe("DHL");
    expect(knownCarrier("DPD-UK")?.name).toBe("DPD");
    expect(knownCarrier("Parcelforce Worldwide")?.name).toBe("Parcelforce");
    expect(knownCarrier("FEDEX")?.name).toBe("FedEx");
  });

  it("does not guess from a name that only begins with a carrier's letters", () => {
    expect(knownCarrier("Upshire Couriers")).toBeNull();
    expect(knownCarrier("Mail Royal")).toBeNull();
    expect(knownCarrier("Hand delivered")).toBeNull();
    expect(knownCarrier("")).toBeNull();
    expect(knownCarrier(null)).toBeNull();
  });
});

describe("trackingUrl", () => {
  it("puts the number, without the spaces typed inside it, into the carrier's tracking page", () => {
    expect(trackingUrl("Royal Mail", "RM 1234 5678 9GB")).toBe("https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB");
    expect(trackingUrl("UPS", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("escapes what a number must not bring into the address", () => {
    expect(trackingUrl("DPD", "15501&x=<1>")).toBe("https://track.dpd.co.uk/parcels/15501%26x%3D%3C1%3E");
  });

  it("gives no link without a known carrier or without a number", () => {
    expect(trackingUrl("Local courier", "ABC123")).toBeNull();
    expect(trackingUrl("Royal Mail", "   ")).toBeNull();
    expect(trackingUrl("Royal Mail", null)).toBeNull();
    expect(trackingUrl(null, "RM123456789GB")).toBeNull();
  });
});
