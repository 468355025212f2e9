// The carrier's own tracking page for a parcel. The owner types the carrier's name freely (Mark
// shipped, Edit tracking), so a name is recognised loosely ("Royal Mail Tracked 48", "royalmail",
// "DHL Express"); a carrier not listed here still shows its name and number, just without a link.
// The page addresses are the carriers' public "track a parcel" pages, which take the number in the
// address; a carrier whose page needs a postcode as well (Evri, Yodel) is left out rather than
// linked to a page that asks again.

export type KnownCarrier = {
  /** The name offered to the owner and shown to the shopper. */
  name: string;
  /** The carrier's name in lower case without spaces, as the first words of a typed name spell it. */
  key: string;
  trackingUrl: (trackingNumber: string) => string;
};

export const KNOWN_CARRIERS: readonly KnownCarrier[] = [
  { name: "Royal Mail", key: "royalmail", trackingUrl: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { name: "Parcelforce", key: "parcelforce", trackingUrl: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}` },
  { name: "DPD", key: "dpd", trackingUrl: (n) => `https://track.dpd.co.uk/parcels/${n}` },
  { name: "DHL", key: "dhl", trackingUrl: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${n}&submit=1` },
  { name: "UPS", key: "ups", trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { name: "FedEx", key: "fedex", trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { name: "USPS", key: "usps", trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
];

/**
 * The carrier a typed name means, or null for one not known here (a local courier, "Hand delivered").
 * The name's first words, run together, must spell the carrier: "Royal Mail Tracked 48" and
 * "royalmail" are Royal Mail, "DHL Express" is DHL, but "Upshire Couriers" is not UPS.
 */
export function knownCarrier(name: string | null | undefined): KnownCarrier | null {
  const words = (name ?? "").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const leads = words.map((_, count) => words.slice(0, count + 1).join(""));
  return KNOWN_CARRIERS.find((carrier) => leads.includes(carrier.key)) ?? null;
}

/**
 * The carrier's tracking page for this parcel, or null when the carrier is not known here or there
 * is no number. Spaces typed inside a number ("RM 1234 5678 9GB") are not part of it.
 */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const known = knownCarrier(carrier);
  const number = trackingNumber?.replace(/\s+/g, "") ?? "";
  if (!known || number === "") return null;
  return known.trackingUrl(encodeURIComponent(number));
}
