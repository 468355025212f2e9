// Code 128 (set B) barcodes for shipping labels, drawn by us rather than with bwip-js: one
// symbology is a table and a checksum (decision 020), and it renders the same on the server and
// in the browser. ISO/IEC 15417: a symbol is 3 bars and 3 spaces, 11 modules wide; the stop is 13.

// Bar/space widths of symbol values 0-106 (bar first).
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const CODE128_PATTERNS: readonly string[] = PATTERNS;
const START_B = 104;
const STOP = 106;
/** Quiet zone either side, in modules (the standard asks for at least 10). */
export const QUIET_ZONE_MODULES = 10;

export type Code128 = {
  /** Symbol values: start, data, checksum, stop. */
  values: number[];
  /** Bars as [x, width] in modules from the left edge, quiet zones included. */
  bars: [number, number][];
  widthModules: number;
};

/** Printable ASCII only (32-126): what set B holds. */
export function canEncodeCode128B(text: string): boolean {
  return text.length > 0 && [...text].every((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) <= 126);
}

export function encodeCode128B(text: string): Code128 {
  if (!canEncodeCode128B(text)) throw new RangeError("Code 128 set B encodes printable ASCII only");
  const data = [...text].map((char) => char.charCodeAt(0) - 32);
  const checksum = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  const values = [START_B, ...data, checksum, STOP];
  const bars: [number, number][] = [];
  let x = QUIET_ZONE_MODULES;
  for (const value of values) {
    const widths = PATTERNS[value]!;
    for (let i = 0; i < widths.length; i++) {
      const width = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, width]);
      x += width;
    }
  }
  return { values, bars, widthModules: x + QUIET_ZONE_MODULES };
}
