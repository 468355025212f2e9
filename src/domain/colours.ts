// Colour families (storefront.md section 9 "Colour families": colour names map to 14 families
// with fixed hex values). Used for the colour dots on product cards and the swatches on the
// product page.

export type ColourFamily =
  | "red"
  | "blue"
  | "green"
  | "yellow"
  | "orange"
  | "purple"
  | "pink"
  | "black"
  | "white"
  | "gray"
  | "brown"
  | "gold"
  | "silver"
  | "multicolor";

export const COLOUR_FAMILIES: Readonly<Record<ColourFamily, string>> = {
  red: "#DC2626",
  blue: "#2563EB",
  green: "#16A34A",
  yellow: "#FACC15",
  orange: "#F97316",
  purple: "#9333EA",
  pink: "#EC4899",
  black: "#000000",
  white: "#FFFFFF",
  gray: "#6B7280",
  brown: "#8B5A2B",
  gold: "#D4AF37",
  silver: "#C0C0C0",
  // A single hex is needed for places that take one colour; swatches draw MULTICOLOUR_GRADIENT.
  multicolor: "#C026D3",
};

/** What a multicolor swatch paints (storefront.md section 2 "a 'Multi' marker for multicolor"). */
export const MULTICOLOUR_GRADIENT =
  "conic-gradient(#DC2626, #FACC15, #16A34A, #2563EB, #9333EA, #DC2626)";

/** Swatch colour for a name that belongs to no family. */
export const FALLBACK_COLOUR_HEX = "#D1D5DB";

/** storefront.md section 9 "Up to 4 colour dots per card". */
export const MAX_COLOUR_DOTS = 4;

// Names compared without case, spaces, hyphens or other punctuation: "Multi-Color",
// "multi colour" and "MULTICOLOR" are one key. Whole names are looked up first so that
// "Rose Gold" is gold (not pink) and "Off White" white; then each word of the name, last word
// first, because English puts the colour noun last ("Dark Navy", "Wine Red", "Light Blue").
// The database keeps a copy of this table and of colourFamily (the migration's
// shop_colour_family, behind the colour filter); tests/integration/discovery.test.ts checks that
// the two agree on every name here.
export const NAME_TO_FAMILY: Readonly<Record<string, ColourFamily>> = {
  // red
  red: "red", burgundy: "red", maroon: "red", wine: "red", crimson: "red", scarlet: "red",
  cherry: "red", ruby: "red", oxblood: "red", claret: "red", brick: "red",
  // blue
  blue: "blue", navy: "blue", navyblue: "blue", royal: "blue", royalblue: "blue", denim: "blue",
  denimblue: "blue", sky: "blue", skyblue: "blue", babyblue: "blue", cobalt: "blue",
  azure: "blue", indigo: "blue", teal: "blue", turquoise: "blue", aqua: "blue", cyan: "blue",
  sapphire: "blue", petrol: "blue",
  // green
  green: "green", olive: "green", emerald: "green", mint: "green", sage: "green", lime: "green",
  forest: "green", khakigreen: "green", army: "green", jade: "green", bottlegreen: "green",
  // yellow
  yellow: "yellow", mustard: "yellow", lemon: "yellow",
  // orange
  orange: "orange", coral: "orange", peach: "orange", rust: "orange", apricot: "orange",
  copper: "orange", tangerine: "orange",
  // purple
  purple: "purple", violet: "purple", lavender: "purple", lilac: "purple", plum: "purple",
  mauve: "purple", aubergine: "purple", eggplant: "purple",
  // pink
  pink: "pink", rose: "pink", blush: "pink", fuchsia: "pink", magenta: "pink", salmon: "pink",
  // black
  black: "black", jet: "black", jetblack: "black", onyx: "black", ebony: "black",
  // white: cream and ivory are white, as in the suit import (admin.md section 5 Cream -> White)
  white: "white", offwhite: "white", cream: "white", ivory: "white", snow: "white",
  pearl: "white", eggshell: "white",
  // gray
  gray: "gray", grey: "gray", charcoal: "gray", slate: "gray", ash: "gray", graphite: "gray",
  gunmetal: "gray", smoke: "gray",
  // brown: khaki and beige are brown, as in the suit import (admin.md section 5)
  brown: "brown", khaki: "brown", beige: "brown", tan: "brown", camel: "brown", taupe: "brown",
  chocolate: "brown", coffee: "brown", mocha: "brown", cognac: "brown", chestnut: "brown",
  sand: "brown", mahogany: "brown", bronze: "brown", stone: "brown", nude: "brown",
  // gold
  gold: "gold", golden: "gold", rosegold: "gold", champagne: "gold",
  // silver
  silver: "silver", platinum: "silver", chrome: "silver", steel: "silver",
  // multicolor (admin.md section 5: Multi-color and Traditional Print -> Multicolor)
  multi: "multicolor", multicolor: "multicolor", multicolour: "multicolor",
  multicolored: "multicolor", multicoloured: "multicolor", traditionalprint: "multicolor",
  print: "multicolor", printed: "multicolor", rainbow: "multicolor", assorted: "multicolor",
  mixed: "multicolor",
};

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

// An own key only: a name such as "constructor" must not find Object's own property.
function lookUp(name: string): ColourFamily | undefined {
  return Object.hasOwn(NAME_TO_FAMILY, name) ? NAME_TO_FAMILY[name] : undefined;
}

function familyOfPart(part: string): ColourFamily | null {
  const whole = lookUp(compact(part));
  if (whole !== undefined) return whole;
  const words = part.toLowerCase().split(/[^a-z]+/).filter((w) => w !== "");
  for (let i = words.length - 1; i >= 0; i -= 1) {
    const family = lookUp(words[i] ?? "");
    if (family !== undefined) return family;
  }
  return null;
}

/**
 * The family of a colour name ("Navy" -> blue, "Rose Gold" -> gold, "multi-color" ->
 * multicolor), or null when the name means nothing to us. A name listing colours of different
 * families ("Black/White", "Red & Gold", "Navy and Grey") is multicolor; one listing shades of
 * a single family ("Navy/Blue") stays in that family.
 */
export function colourFamily(name: string): ColourFamily | null {
  const whole = familyOfPart(name);
  const parts = name.split(/\s*(?:[/&+,|]|\band\b|\bwith\b)\s*/i).filter((p) => p.trim() !== "");
  if (parts.length <= 1) return whole;
  const families = new Set<ColourFamily>();
  for (const part of parts) {
    const family = familyOfPart(part);
    if (family !== null) families.add(family);
  }
  if (families.size > 1) return "multicolor";
  const [only] = families;
  return only ?? whole;
}

/** The family hex for a colour name, or FALLBACK_COLOUR_HEX for an unknown name. */
export function colourHex(name: string): string {
  const family = colourFamily(name);
  return family === null ? FALLBACK_COLOUR_HEX : COLOUR_FAMILIES[family];
}

// The shade a swatch draws when the colour's name is a shade we know. Families stay the unit of
// grouping (storefront.md 9: 14 families); drawing each family's one hex made Navy and Indigo a
// bright royal blue, Burgundy a pure red and Gold the same dot as Rose Gold.
const NAMED_SHADES: Readonly<Record<string, string>> = {
  navy: "#1F2A44", navyblue: "#1F2A44", darknavy: "#172033", midnight: "#191970", midnightblue: "#191970",
  indigo: "#3B3F8C", royal: "#2F4FB3", royalblue: "#2F4FB3", cobalt: "#0047AB", sky: "#87CEEB", skyblue: "#87CEEB",
  babyblue: "#A7C7E7", lightblue: "#ADD8E6", denim: "#1560BD", denimblue: "#1560BD", teal: "#00808A", turquoise: "#30C0C0",
  petrol: "#1F5F6B", sapphire: "#0F52BA",
  burgundy: "#800020", maroon: "#7A1F2B", wine: "#722F37", oxblood: "#4A0000", claret: "#7F1734", crimson: "#B0182F",
  brick: "#9C3D2E", rust: "#B7410E", coral: "#F08068", peach: "#F5C3A0", salmon: "#F08C7A", blush: "#E8B4B0",
  olive: "#6B7233", sage: "#9CAF88", mint: "#A8DCC0", emerald: "#1E7B4F", forest: "#2E5A3A", bottlegreen: "#1E4D2B", army: "#4B5320",
  mustard: "#D1A12B", lemon: "#F4E46C",
  lavender: "#B8A9D9", lilac: "#C8A2C8", plum: "#673147", aubergine: "#3D0C2E", mauve: "#B784A7",
  charcoal: "#36454F", slate: "#5B6770", graphite: "#41424C", lightgrey: "#C9CCD1", lightgray: "#C9CCD1", darkgrey: "#4A4F55", darkgray: "#4A4F55",
  cream: "#F3E9D2", ivory: "#FFFFF0", offwhite: "#F5F2EA", pearl: "#EAE6DA",
  khaki: "#C3B091", beige: "#D9C8A9", tan: "#C9A27E", camel: "#C19A6B", taupe: "#8B7D6B", chocolate: "#4E2E1E",
  coffee: "#6F4E37", cognac: "#9A463D", chestnut: "#954535", sand: "#D8C3A0", stone: "#A89F91", bronze: "#A97142",
  rosegold: "#B76E79", champagne: "#E8D5B0", golden: "#D4AF37",
  platinum: "#D9D9D6", steel: "#8A9099", gunmetal: "#53565A",
};

/**
 * What a swatch paints for a colour name: its own shade when the name (or its last word) is one
 * we know ("Navy", "Dark Navy", "Rose Gold"), otherwise its family's hex.
 */
export function swatchHex(name: string): string {
  const whole = NAMED_SHADES[compact(name)];
  if (whole !== undefined) return whole;
  const words = name.toLowerCase().split(/[^a-z]+/).filter((w) => w !== "");
  const last = words.length > 1 ? NAMED_SHADES[words[words.length - 1] ?? ""] : undefined;
  return last ?? colourHex(name);
}

/** The CSS background of a colour's swatch: the multicolour gradient, or the colour's shade. */
export function swatchPaint(name: string): string {
  return isMulticolour(name) ? MULTICOLOUR_GRADIENT : swatchHex(name);
}

/** Whether a colour name is multicolor (storefront.md section 2 "a 'Multi' marker"). */
export function isMulticolour(name: string): boolean {
  return colourFamily(name) === "multicolor";
}

/**
 * The colour dots of a product card: the first MAX_COLOUR_DOTS colours and how many more the
 * '+N' label counts (storefront.md section 2 "Up to 4 colour dots plus '+N' for the rest").
 */
export function colourDots(colours: readonly string[], max: number = MAX_COLOUR_DOTS): {
  shown: string[];
  more: number;
} {
  return { shown: colours.slice(0, max), more: Math.max(0, colours.length - max) };
}
