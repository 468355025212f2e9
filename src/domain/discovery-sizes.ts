// The order sizes are offered in the size filter: the order a shopper reads a size chart in, not
// the alphabet ("S, M, L, XL", never "L, M, S, XL"; "9, 10, 11", never "10, 11, 9").

const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "4XL", "5XL", "6XL"];
const LETTER_ALIASES: Readonly<Record<string, string>> = { "2XL": "XXL", "3XL": "XXXL", SMALL: "S", MEDIUM: "M", LARGE: "L" };
// Jacket lengths after the chest size: short, regular, long.
const JACKET_LENGTHS = ["S", "R", "L", "XL"];

type SizeKey = [group: number, value: number, text: string];

function keyOf(size: string): SizeKey {
  const text = size.trim().toUpperCase();
  const letter = LETTER_SIZES.indexOf(LETTER_ALIASES[text] ?? text);
  if (letter >= 0) return [0, letter, text];
  // Jackets and suits: chest and length ("38R", "40 L").
  const jacket = /^(\d{2})\s*(S|R|L|XL)$/.exec(text);
  if (jacket) return [1, Number(jacket[1]) * 10 + JACKET_LENGTHS.indexOf(jacket[2] ?? ""), text];
  // Collars in inches ("15.5", "16\""); waists ("32", "W32", "32W", "32x32"); shoe sizes ("9", "UK 9", "EU 43").
  const shoe = /^(UK|EU|US)\s*(\d+(?:\.5)?)$/.exec(text);
  if (shoe) return [4 + ["UK", "EU", "US"].indexOf(shoe[1] ?? ""), Number(shoe[2]), text];
  const waist = /^W?(\d{2})(?:W|\s*[X/]\s*L?\d{2})?$/.exec(text);
  if (waist && /[WX/]/.test(text)) return [3, Number(waist[1]) * 100 + Number(/\d{2}$/.exec(text)?.[0] ?? 0) / 100, text];
  const plain = /^(\d+(?:\.\d+)?)\s*(?:"|IN|INCH|INCHES)?$/.exec(text);
  if (plain) return [2, Number(plain[1]), text];
  if (text === "ONE SIZE" || text === "OS") return [8, 0, text];
  return [9, 0, text];
}

/** Compares two sizes in size-chart order (for Array.prototype.sort). */
export function compareSizes(a: string, b: string): number {
  const [ga, va, ta] = keyOf(a);
  const [gb, vb, tb] = keyOf(b);
  return ga - gb || va - vb || ta.localeCompare(tb) || a.localeCompare(b);
}
