// How big a shipping label's text can be and still fit one A6 sheet. The checkout
// accepts a street of 200 characters and names of 100 each, and Settings a sender block of 8 lines
// of 80: at the label's usual sizes such an address ran past the sheet's foot, Chromium printed a
// second page and cut the barcode in half. The label keeps its usual sizes while they fit and
// steps down to smaller ones as the text grows, so every character is printed on one sheet; long
// words are broken by the label's CSS (overflow-wrap: anywhere), which this estimate assumes.
//
// The estimate is deliberately pessimistic (a wide sans-serif, a tenth of each line lost to word
// breaks): a size one step smaller than needed is better than a second page.

/** One set of sizes for a label: points for text, millimetres for room. */
export type LabelScale = {
  name: "regular" | "compact" | "small" | "smallest" | "tiny";
  /** The recipient's lines (semibold). */
  shipToPt: number;
  /** The sender block and its "From". */
  senderPt: number;
  /** The "Ship to" heading. */
  headingPt: number;
  /** The order number, item count and shipping method rows. */
  metaPt: number;
  /** Space above and below the recipient block (and under the sender block). */
  gapMm: number;
  barcodeMm: number;
  /** "CANCELLED – DO NOT SHIP" across the top of a sheet printed anyway: large whatever else shrinks. */
  stampPt: number;
};

/**
 * From the usual label down; the last is used whatever the text, and fits the longest text the
 * forms accept with a phone and a DO NOT SHIP stamp (which "smallest" alone did not).
 */
export const LABEL_SCALES: readonly LabelScale[] = [
  { name: "regular", shipToPt: 14, senderPt: 8, headingPt: 9, metaPt: 10, gapMm: 4, barcodeMm: 18, stampPt: 24 },
  { name: "compact", shipToPt: 11, senderPt: 7, headingPt: 8, metaPt: 9, gapMm: 3, barcodeMm: 16, stampPt: 20 },
  { name: "small", shipToPt: 9, senderPt: 6.5, headingPt: 7, metaPt: 8, gapMm: 2, barcodeMm: 14, stampPt: 18 },
  { name: "smallest", shipToPt: 7, senderPt: 6, headingPt: 6.5, metaPt: 7, gapMm: 1.5, barcodeMm: 11, stampPt: 16 },
  { name: "tiny", shipToPt: 6, senderPt: 5.5, headingPt: 6, metaPt: 6.5, gapMm: 1, barcodeMm: 10, stampPt: 12 },
];

/** A6 less the label's 6 mm padding on each side. */
export const LABEL_CONTENT_MM = { width: 105 - 12, height: 148 - 12 } as const;

const MM_PER_PT = 25.4 / 72;
/** Average advance of a character in ems: DejaVu Sans (Debian's default sans) is among the widest. */
const EM_REGULAR = 0.58;
const EM_SEMIBOLD = 0.62;
/** Capitals in black weight, as the stamp is printed. */
const EM_STAMP = 0.8;
/** A tenth of each line lost where a word moves whole to the next. */
const WRAP_WASTE = 0.9;
const LEADING_SHIP_TO = 1.375;
const LEADING_TIGHT = 1.25;
const LEADING_STAMP = 1.1;
/** The stamp's frame: border and padding above and below, and the space under it. */
const STAMP_FRAME_MM = 2 * 0.8 + 2 * 1.5 + 2;
/** Rounding and borders: the estimate must stay this far inside the sheet. */
const SAFETY_MM = 3;

function linesOf(text: string, pt: number, em: number): number {
  const perLine = Math.max(1, Math.floor((LABEL_CONTENT_MM.width / (pt * em * MM_PER_PT)) * WRAP_WASTE));
  return Math.max(1, Math.ceil(text.length / perLine));
}

function blockMm(lines: readonly string[], pt: number, em: number, leading: number): number {
  const count = lines.reduce((sum, line) => sum + linesOf(line, pt, em), 0);
  return count * pt * leading * MM_PER_PT;
}

type LabelText = {
  shipTo: readonly string[];
  /** The recipient's phone, under the address in the smaller type of the item count. */
  phone?: string | null;
  from: readonly string[];
  number: string;
  itemCount: number;
  shippingMethod: string;
  /** A sheet that must not go on a parcel, printed anyway: its stamp across the top. */
  stamp?: string | null;
  /** An order shipped already: one small line at the top. */
  reprint?: string | null;
};

/** The estimated height of a label's content at these sizes, in millimetres. */
export function labelHeightMm(label: LabelText, scale: LabelScale): number {
  const line = (pt: number) => pt * LEADING_TIGHT * MM_PER_PT;
  // At least two lines: the stamp is balanced over two even when one would do.
  const stamp = label.stamp ? Math.max(2, linesOf(label.stamp, scale.stampPt, EM_STAMP)) * scale.stampPt * LEADING_STAMP * MM_PER_PT + STAMP_FRAME_MM : 0;
  const reprint = label.reprint ? blockMm([label.reprint], scale.metaPt, EM_SEMIBOLD, LEADING_TIGHT) + 2 : 0;
  const sender = line(scale.senderPt) + blockMm(label.from, scale.senderPt, EM_REGULAR, LEADING_TIGHT) + scale.gapMm;
  const phone = label.phone ? 1 + blockMm([label.phone], scale.metaPt, EM_REGULAR, LEADING_TIGHT) : 0;
  const shipTo = scale.gapMm + line(scale.headingPt) + 1 + blockMm(label.shipTo, scale.shipToPt, EM_SEMIBOLD, LEADING_SHIP_TO) + phone + scale.gapMm;
  // "Order #…" and "Items: n · method" share a row when they fit, else take two.
  const meta = `Order ${label.number} Items: ${label.itemCount} · ${label.shippingMethod}`;
  const footer = scale.gapMm + blockMm([meta], scale.metaPt, EM_SEMIBOLD, LEADING_TIGHT) + 2 + scale.barcodeMm + 1 + line(scale.metaPt);
  return stamp + reprint + sender + shipTo + footer;
}

/** The largest sizes at which the label fits its sheet (the smallest set when none does). */
export function labelScale(label: LabelText): LabelScale {
  const room = LABEL_CONTENT_MM.height - SAFETY_MM;
  return LABEL_SCALES.find((scale) => labelHeightMm(label, scale) <= room) ?? LABEL_SCALES[LABEL_SCALES.length - 1]!;
}
