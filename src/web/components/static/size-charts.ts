// The size charts of storefront.md section 9 "Size guide": clothing XS to XXL (chest, waist and
// length in inches) and men's shoe sizes US 7-12 with UK, EU and foot length in centimetres.

export type ClothingSize = {
  size: "XS" | "S" | "M" | "L" | "XL" | "XXL";
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
];

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
];

/** "34-36" for a range, "27" for a single value. */
export function inchesText(value: number | readonly [number, number]): string {
  return typeof value === "number" ? String(value) : `${value[0]}-${value[1]}`;
}

/** Sizes and centimetres with a decimal point only where needed: 7, 7.5, 25, 25.4. */
export function sizeText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
