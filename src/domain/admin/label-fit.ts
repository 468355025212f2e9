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
  name: "regular" | "compact" | "small" | "smallest";
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
};

/** From the usual label down; the last is used whatever the text, and fits the longest text the forms accept. */
export const LABEL_SCALES: readonly LabelScale[] = [
  { name: "regular", shipToPt: 14, senderPt: 8, headingPt: 9, metaPt: 10, gapMm: 4, barcodeMm: 18 },
  { name: "compact", shipToPt: 11, senderPt: 7, headingPt: 8, metaPt: 9, gapMm: 3, barcodeMm: 16 },
  { name: "small", shipToPt: 9, senderPt: 6.5, headingPt: 7, metaPt: 8, gapMm: 2, barcodeMm: 14 },
  { name: "smallest", shipToPt: 7, senderPt: 6, headingPt: 6.5, metaPt: 7, gapMm: 1.5, barcodeMm: 11 },
];

/** A6 less the label's 6 mm padding on each side. */
export const LABEL_CONTENT_MM = { width: 105 - 12, height: 148 - 12 } as const;

const MM_PER_PT = 25.4 / 72;
/** Average advance of a character in ems: DejaVu Sans (Debian's default sans) is among the widest. */
const EM_REGULAR = 0.58;
const EM_SEMIBOLD = 0.62;
/** A tenth of each line lost where a word moves whole to the next. */
const WRAP_WASTE = 0.9;
const LEADING_SHIP_TO = 1.375;
const LEADING_TIGHT = 1.25;
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

type LabelText = { shipTo: readonly string[]; from: readonly string[]; number: string; itemCount: number; shippingMethod: string };

/** The estimated height of a label's content at these sizes, in millimetres. */
export function labelHeightMm(label: LabelText, scale: LabelScale): number {
  const line = (pt: number) => pt * LEADING_TIGHT * MM_PER_PT;
  const sender = line(scale.senderPt) + blockMm(label.from, scale.senderPt, EM_REGULAR, LEADING_TIGHT) + scale.gapMm;
  const shipTo = scale.gapMm + line(scale.headingPt) + 1 + blockMm(label.shipTo, scale.shipToPt, EM_SEMIBOLD, LEADING_SHIP_TO) + scale.gapMm;
  // "Order #…" and "Items: n · method" share a row when they fit, else take two.
  const meta = `Order ${label.number} Items: ${label.itemCount} · ${label.shippingMethod}`;
  const footer = scale.gapMm + blockMm([meta], scale.metaPt, EM_SEMIBOLD, LEADING_TIGHT) + 2 + scale.barcodeMm + 1 + line(scale.metaPt);
  return sender + shipTo + footer;
}

/** The largest sizes at which the label fits its sheet (the smallest set when none does). */
export function labelScale(label: LabelText): LabelScale {
  const room = LABEL_CONTENT_MM.height - SAFETY_MM;
  return LABEL_SCALES.find((scale) => labelHeightMm(label, scale) <= room) ?? LABEL_SCALES[LABEL_SCALES.length - 1]!;
}
