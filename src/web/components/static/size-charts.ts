// The size charts of storefront.md section 9 "Size guide" (clothing XS to XXL for chest, waist and
// length in inches; men's shoe sizes with UK, EU and foot length in centimetres), widened to every
// size the shop sells: 3XL kaftans, jackets 36R-48R and 36L-48L, collars 15-17.5, waists 28-40
// and UK shoe sizes 6-12, and with every inch measurement in centimetres too, for shoppers who
// measure in them (docs/deviations.md).

export type ClothingSize = {
  size: "XS" | "S" | "M" | "L" | "XL" | "XXL" | "3XL";
  /** Body chest measurement, inches (from-to). */
  chest: readonly [number, number];
  /** Body waist measurement, inches (from-to). */
  waist: readonly [number, number];
  /** Garment back length, base of the collar to the hem, inches. */
  length: number;
};

// Standard UK menswear grading: 2 inches of chest and waist per size, half an inch to an inch of
// length.
export const CLOTHING_SIZES: readonly ClothingSize[] = [
  { size: "XS", chest: [34, 36], waist: [28, 30], length: 27 },
  { size: "S", chest: [36, 38], waist: [30, 32], length: 28 },
  { size: "M", chest: [38, 40], waist: [32, 34], length: 29 },
  { size: "L", chest: [40, 42], waist: [34, 36], length: 30 },
  { size: "XL", chest: [42, 44], waist: [36, 38], length: 31 },
  { size: "XXL", chest: [44, 46], waist: [38, 40], length: 32 },
  { size: "3XL", chest: [46, 48], waist: [40, 42], length: 33 },
];

const INCH_CM = 2.54;
/** Inches to whole centimetres, as UK labels print them. */
export const inchesToCm = (inches: number): number => Math.round(inches * INCH_CM);

/** The letter sizes whose chest (or waist) range holds this measurement, e.g. 38 -> "S-M". */
function letterSizesFor(inches: number, part: "chest" | "waist"): string {
  const matches = CLOTHING_SIZES.filter((row) => row[part][0] <= inches && inches <= row[part][1]).map((row) => row.size);
  return matches.length > 1 ? `${matches[0]}-${matches.at(-1)}` : (matches[0] ?? "");
}

export type JacketSize = { chest: number; regular: string; long: string; chestCm: number; letters: string };

// Suits and blazers are sized by chest in inches, R (regular) or L (long) for the wearer's height.
export const JACKET_SIZES: readonly JacketSize[] = [36, 38, 40, 42, 44, 46, 48].map((chest) => ({
  chest,
  regular: `${chest}R`,
  long: `${chest}L`,
  chestCm: inchesToCm(chest),
  letters: letterSizesFor(chest, "chest"),
}));

export const JACKET_FITS = [
  { fit: "R (Regular)", height: "5 ft 7 in - 6 ft (170-183 cm)" },
  { fit: "L (Long)", height: "6 ft - 6 ft 3 in (183-191 cm)" },
] as const;

export type CollarSize = { collar: number; collarCm: number; letters: string };

// Formal shirts are sized by collar, in inches; the letter size is the casual cut that fits it.
export const COLLAR_SIZES: readonly CollarSize[] = [
  { collar: 15, collarCm: 38, letters: "S" },
  { collar: 15.5, collarCm: 39, letters: "M" },
  { collar: 16, collarCm: 41, letters: "M" },
  { collar: 16.5, collarCm: 42, letters: "L" },
  { collar: 17, collarCm: 43, letters: "L" },
  { collar: 17.5, collarCm: 44, letters: "XL" },
];

export type WaistSize = { waist: number; waistCm: number; letters: string };

// Denim and trousers by waist in inches; a belt takes the waist size of the trousers it is worn with.
export const WAIST_SIZES: readonly WaistSize[] = [28, 30, 32, 34, 36, 38, 40].map((waist) => ({
  waist,
  waistCm: inchesToCm(waist),
  letters: letterSizesFor(waist, "waist"),
}));

export type ShoeSize = { us: number; uk: number; eu: number; footCm: number };

// Men's sizes. US and UK sizes step a third of an inch per size (the barleycorn) and a men's UK
// size is one below the US size. Foot length is the Brannock scale: a US men's size n fits a
// foot of (n + 22) / 3 inches, shown to a millimetre. EU (Paris point, 2/3 cm) sizes are the
// conversions the big shoe brands publish, about 1.5 x (foot length + 2 cm allowance).
export const SHOE_SIZES: readonly ShoeSize[] = [
  { us: 7, uk: 6, eu: 40, footCm: 24.6 },
  { us: 7.5, uk: 6.5, eu: 40.5, footCm: 25 },
  { us: 8, uk: 7, eu: 41, footCm: 25.4 },
  { us: 8.5, uk: 7.5, eu: 42, footCm: 25.8 },
  { us: 9, uk: 8, eu: 42.5, footCm: 26.2 },
  { us: 9.5, uk: 8.5, eu: 43, footCm: 26.7 },
  { us: 10, uk: 9, eu: 44, footCm: 27.1 },
  { us: 10.5, uk: 9.5, eu: 44.5, footCm: 27.5 },
  { us: 11, uk: 10, eu: 45, footCm: 27.9 },
  { us: 11.5, uk: 10.5, eu: 45.5, footCm: 28.4 },
  { us: 12, uk: 11, eu: 46, footCm: 28.8 },
  { us: 12.5, uk: 11.5, eu: 47, footCm: 29.2 },
  { us: 13, uk: 12, eu: 47.5, footCm: 29.6 },
];

/** "34-36" for a range, "27" for a single value. */
export function inchesText(value: number | readonly [number, number]): string {
  return typeof value === "number" ? String(value) : `${value[0]}-${value[1]}`;
}

/** The same measurement in whole centimetres: "86-91" for 34-36 inches, "69" for 27. */
export function centimetresText(inches: number | readonly [number, number]): string {
  return typeof inches === "number" ? String(inchesToCm(inches)) : `${inchesToCm(inches[0])}-${inchesToCm(inches[1])}`;
}

/** Sizes and centimetres with a decimal point only where needed: 7, 7.5, 25, 25.4. */
export function sizeText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
