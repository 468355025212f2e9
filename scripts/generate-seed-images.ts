// Draws the seed catalogue's product illustrations into seed/images/ (served by the web app at
// /images/products/). Run: npx tsx scripts/generate-seed-images.ts
//
// One SVG per image URL listed in the seed rows: image 1 is the garment in the product's first
// colour, image 2 a close-up detail (fabric, lapel, collar, knot, embroidery, toe, dial...),
// image 3+ the garment in the product's next colour. Everything is derived from the seed rows
// (category, name, colours, pattern), so the output is reproducible: no randomness, no fonts,
// no raster data, no external references. Portrait 800 x 1000, role="img" with a <title>.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  readSeedCatalogue,
  SEED_IMAGE_URL_PREFIX,
  type SeedProduct,
} from "../src/server/catalog/seed-catalogue.server.ts";

const OUT_DIR = fileURLToPath(new URL("../seed/images/", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/** Realistic cloth, leather and metal tones for the colour names the seed rows use. */
const PALETTE: Readonly<Record<string, string>> = {
  black: "#1e1e21",
  charcoal: "#3b3e44",
  grey: "#8b8f95",
  gray: "#8b8f95",
  silver: "#bfc3c8",
  white: "#f7f6f2",
  offwhite: "#efeadf",
  ivory: "#f2ecdc",
  cream: "#eee5d0",
  ecru: "#e4d9c2",
  sand: "#d6c29d",
  stone: "#c8bca8",
  camel: "#bf955f",
  tan: "#b17945",
  brown: "#6f4a30",
  darkbrown: "#4b3122",
  chocolate: "#4a3024",
  oxblood: "#5b1d1f",
  burgundy: "#6d1f30",
  wine: "#6a1f3a",
  red: "#a8262b",
  pink: "#e7aab8",
  lilac: "#b8a6d4",
  mustard: "#cf9f35",
  gold: "#c9a24a",
  rosegold: "#d2a08b",
  olive: "#626639",
  sage: "#a2ae95",
  green: "#2e6b3f",
  emerald: "#1d7650",
  teal: "#1f6d72",
  navy: "#1f2b46",
  indigo: "#2b3d68",
  blue: "#3d6eae",
  royalblue: "#2a4fb0",
  lightblue: "#a9c5e6",
  skyblue: "#8cbfe4",
};

const MULTICOLOUR = "multicolor";

function colourKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

function paletteHex(name: string): string {
  const hex = PALETTE[colourKey(name)];
  if (hex === undefined) throw new Error(`No illustration colour for "${name}": add it to PALETTE`);
  return hex;
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(a: string, b: string, amount: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const channel = (x: number, y: number) => Math.round(x + (y - x) * amount).toString(16).padStart(2, "0");
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const darken = (hex: string, amount: number) => mix(hex, "#000000", amount);
const lighten = (hex: string, amount: number) => mix(hex, "#ffffff", amount);

// ---------------------------------------------------------------------------------------------
// What to draw
// ---------------------------------------------------------------------------------------------

type Texture =
  | "pinstripe"
  | "stripe"
  | "diagonal"
  | "check"
  | "gingham"
  | "tartan"
  | "houndstooth"
  | "herringbone"
  | "twill"
  | "dots"
  | "paisley"
  | "rib"
  | "grid"
  | "lattice"
  | "motif"
  | "patchwork"
  | "weave";

type Kind =
  | "suit"
  | "blazer"
  | "shirt"
  | "set"
  | "denimShirt"
  | "denimJacket"
  | "jeans"
  | "kaftan"
  | "tunic"
  | "robe"
  | "shoe"
  | "tie"
  | "watch"
  | "cufflinks"
  | "belt"
  | "pocketSquare"
  | "tieBar"
  | "wallet";

/** The colours and fabric one illustration is painted with. */
type Look = {
  multi: boolean;
  fill: string; // hex, or url(#mc) for a multicolour cloth
  base: string; // a hex stand-in for fill (for shades and outlines)
  line: string; // outline
  shade: string; // parts further back (sleeves, inner pieces)
  accent: string; // embroidery, contrast stitching
  stitch: string; // topstitching
  ink: string; // pattern lines on the cloth
  texture: Texture | null;
  metal: string;
};

type Plan = { product: SeedProduct; kind: Kind; words: string; look: Look };

function has(words: string, ...needles: string[]): boolean {
  return needles.some((needle) => words.includes(needle));
}

function kindOf(product: SeedProduct, words: string): Kind {
  switch (product.category) {
    case "suits":
      return "suit";
    case "blazers":
      return "blazer";
    case "shoes":
      return "shoe";
    case "ties":
      return "tie";
    case "kaftan":
      return "kaftan";
    case "Traditional Wear":
      return has(words, "agbada", "boubou", "robe") ? "robe" : "tunic";
    case "denim":
      if (has(words, "jeans")) return "jeans";
      return has(words, "jacket") ? "denimJacket" : "denimShirt";
    case "white-wear":
      if (has(words, "kurta", "tunic", "senator")) return "tunic";
      return has(words, " set") ? "set" : "shirt";
    case "accessories":
      if (has(words, "watch")) return "watch";
      if (has(words, "cufflink")) return "cufflinks";
      if (has(words, "belt")) return "belt";
      if (has(words, "pocket square")) return "pocketSquare";
      if (has(words, "tie bar", "tie clip")) return "tieBar";
      if (has(words, "wallet")) return "wallet";
      throw new Error(`No accessory drawing for "${product.name}"`);
    default:
      return "shirt";
  }
}

function textureOf(kind: Kind, words: string, product: SeedProduct): Texture | null {
  const pattern = (product.specifications?.pattern ?? "").toLowerCase();
  const cloth = `${pattern} ${product.name.toLowerCase()}`;
  if (has(pattern, "trim")) return null; // a trim is drawn on its own, the cloth stays plain
  if (has(cloth, "patchwork")) return "patchwork";
  if (has(cloth, "pinstripe")) return "pinstripe";
  if (has(cloth, "houndstooth")) return "houndstooth";
  if (has(cloth, "gingham")) return "gingham";
  if (has(cloth, "tartan", "flannel check")) return "tartan";
  if (has(cloth, "check")) return "check";
  if (has(cloth, "herringbone", "tweed")) return "herringbone";
  if (has(cloth, "repp", "diagonal stripe")) return "diagonal";
  if (has(cloth, "stripe")) return "stripe";
  if (has(cloth, "pin dot", "polka")) return "dots";
  if (has(cloth, "paisley")) return "paisley";
  if (has(cloth, "knit", "cord", "rib")) return "rib";
  if (has(cloth, "braid")) return "herringbone";
  if (has(cloth, "grenadine", "open weave")) return "grid";
  if (has(cloth, "jacquard", "damask", "brocade", "medallion")) return "lattice";
  if (has(cloth, "motif")) return "motif";
  if (kind === "jeans" || kind === "denimShirt" || kind === "denimJacket" || has(words, "denim", "chambray")) return "twill";
  return null;
}

function lookFor(colour: string, kind: Kind, texture: Texture | null, words: string): Look {
  const multi = colourKey(colour) === MULTICOLOUR;
  const base = multi ? "#c98a2c" : paletteHex(colour);
  const light = luminance(base) > 0.62;
  const gold = has(words, "gold", "brocade", "ceremonial", "aso-oke");
  const isDenim = kind === "jeans" || kind === "denimShirt" || kind === "denimJacket";
  return {
    multi,
    fill: multi ? "url(#mc)" : base,
    base,
    line: multi ? "#4a2f18" : darken(base, light ? 0.32 : 0.45),
    shade: darken(base, luminance(base) > 0.8 ? 0.07 : 0.14),
    accent: gold ? "#d4ad52" : isDenim ? "#d99a3c" : light ? darken(base, 0.28) : lighten(base, 0.42),
    stitch: isDenim ? "#d99a3c" : light ? darken(base, 0.2) : lighten(base, 0.25),
    ink: light ? darken(base, 0.35) : lighten(base, 0.3),
    texture: multi ? null : texture,
    metal: colourKey(colour) === "gold" ? "#c9a24a" : colourKey(colour) === "rosegold" ? "#d2a08b" : "#c9ccd1",
  };
}

// ---------------------------------------------------------------------------------------------
// SVG building blocks
// ---------------------------------------------------------------------------------------------

const MIRROR = 'transform="matrix(-1 0 0 1 800 0)"';

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Pattern lines for a texture; `scale` enlarges it for close-ups. */
function texturePattern(texture: Texture, ink: string, scale: number): string {
  const t = scale === 1 ? "" : ` patternTransform="scale(${scale})"`;
  const p = (w: number, h: number, body: string, extra = "") =>
    `<pattern id="tx" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${extra || t}>${body}</pattern>`;
  const s = `stroke="${ink}"`;
  const f = `fill="${ink}"`;
  switch (texture) {
    case "pinstripe":
      return p(26, 26, `<path d="M13,0V26" ${s} stroke-width="1.6" opacity=".55"/>`);
    case "stripe":
      return p(24, 24, `<rect width="8" height="24" ${f} opacity=".45"/>`);
    case "diagonal":
      return p(40, 40, `<rect width="12" height="40" ${f} opacity=".7"/>`, ` patternTransform="rotate(45)${scale === 1 ? "" : ` scale(${scale})`}"`);
    case "check":
      return p(44, 44, `<path d="M0,1H44M1,0V44" ${s} stroke-width="2.5" opacity=".45"/><path d="M0,22H44M22,0V44" ${s} opacity=".25"/>`);
    case "gingham":
      return p(30, 30, `<rect width="15" height="30" ${f} opacity=".35"/><rect width="30" height="15" ${f} opacity=".35"/>`);
    case "tartan":
      return p(60, 60, `<rect width="16" height="60" ${f} opacity=".4"/><rect width="60" height="16" ${f} opacity=".4"/><path d="M38,0V60M0,38H60" ${s} stroke-width="2" opacity=".5"/>`);
    case "houndstooth":
      return p(24, 24, `<path d="M0,0H8L16,8V16L8,8V16H0ZM16,16H24V24H16Z" ${f} opacity=".5"/>`);
    case "herringbone":
      return p(20, 20, `<path d="M0,0L10,10L0,20M10,0L20,10L10,20" ${s} fill="none" stroke-width="1.6" opacity=".35"/>`);
    case "twill":
      return p(9, 9, `<path d="M0,9L9,0" ${s} stroke-width="1.5" opacity=".3"/>`);
    case "dots":
      return p(22, 22, `<circle cx="11" cy="11" r="2.6" ${f} opacity=".85"/>`);
    case "paisley":
      return p(
        64,
        64,
        `<path d="M22,36C12,36 10,22 19,18C27,15 33,22 30,29C28,34 22,34 24,30M54,4C46,4 44,-8 52,-11" ${s} stroke-width="2.5" fill="none" opacity=".7"/><circle cx="48" cy="50" r="4" ${f} opacity=".6"/>`,
      );
    case "rib":
      return p(12, 12, `<rect width="5" height="12" ${f} opacity=".22"/>`);
    case "grid":
      return p(8, 8, `<path d="M0,1H8M1,0V8" ${s} opacity=".35"/>`);
    case "lattice":
      return p(44, 44, `<path d="M22,3L41,22L22,41L3,22Z" ${s} stroke-width="2" fill="none" opacity=".45"/><circle cx="22" cy="22" r="3" ${f} opacity=".5"/>`);
    case "motif":
      return p(70, 70, `<circle cx="35" cy="35" r="13" ${s} stroke-width="3" fill="none" opacity=".6"/><circle cx="35" cy="35" r="4" ${f} opacity=".6"/>`);
    case "patchwork":
      return p(180, 180, `<rect width="90" height="90" ${f} opacity=".22"/><rect x="90" y="90" width="90" height="90" fill="#fff" opacity=".12"/><path d="M90,0V180M0,90H180" ${s} stroke-dasharray="6 5" stroke-width="2" opacity=".6"/>`);
    case "weave":
      return p(6, 6, `<path d="M0,3H6M3,0V6" ${s} opacity=".16"/>`);
  }
}

/** A bright wax-print / kente cloth for multicolour products. */
const MULTICOLOUR_PATTERN =
  '<pattern id="mc" width="96" height="96" patternUnits="userSpaceOnUse"><rect width="96" height="96" fill="#d69a2d"/>' +
  '<rect width="96" height="18" fill="#1f6a45"/><rect y="48" width="96" height="10" fill="#b3332b"/>' +
  '<path d="M0,34L12,24L24,34L36,24L48,34L60,24L72,34L84,24L96,34" stroke="#1d1b1a" stroke-width="5" fill="none"/>' +
  '<circle cx="24" cy="78" r="9" fill="#1d1b1a"/><circle cx="72" cy="78" r="9" fill="#1f4f8f"/><circle cx="72" cy="78" r="4" fill="#f1e3c2"/></pattern>';

type Backdrop = { top: string; bottom: string };

const BACKDROPS: Readonly<Record<string, Backdrop>> = {
  tailoring: { top: "#f4f0ea", bottom: "#e2dbd0" },
  shirts: { top: "#f0f2f4", bottom: "#dde1e6" },
  heritage: { top: "#f6efe4", bottom: "#e7dac7" },
  denim: { top: "#eff2f5", bottom: "#dce2e9" },
  shoes: { top: "#f3f0eb", bottom: "#dfd8ce" },
  small: { top: "#f3f1ee", bottom: "#dfdad4" },
};

function backdropFor(kind: Kind, base: string): Backdrop {
  const key =
    kind === "suit" || kind === "blazer"
      ? "tailoring"
      : kind === "shirt" || kind === "set"
        ? "shirts"
        : kind === "kaftan" || kind === "tunic" || kind === "robe"
          ? "heritage"
          : kind === "jeans" || kind === "denimShirt" || kind === "denimJacket"
            ? "denim"
            : kind === "shoe"
              ? "shoes"
              : "small";
  const backdrop = BACKDROPS[key] ?? { top: "#f3f1ee", bottom: "#dfdad4" };
  // White and pale products need a slightly deeper backdrop to stand out.
  return luminance(base) > 0.8 ? { top: darken(backdrop.top, 0.05), bottom: darken(backdrop.bottom, 0.09) } : backdrop;
}

/** Builds one SVG: shared defs (backdrop, shading, cloth), then the drawing. */
class Canvas {
  private defs: string[] = [];
  private body: string[] = [];
  constructor(private readonly look: Look) {}

  def(svg: string): void {
    this.defs.push(svg);
  }

  add(svg: string): void {
    this.body.push(svg);
  }

  /**
   * Paints cloth: the shapes (elements without fill) are defined once and drawn with the fabric
   * colour and outline, then the texture and a soft side-light on top. `mirror` adds the same
   * shapes reflected about the centre line (the other sleeve, lapel or collar point).
   */
  cloth(id: string, shapes: string, options: { fill?: string; mirror?: boolean; plain?: boolean } = {}): void {
    const look = this.look;
    if (options.mirror) this.def(`<g id="${id}0">${shapes}</g><g id="${id}"><use href="#${id}0"/><use href="#${id}0" ${MIRROR}/></g>`);
    else this.def(`<g id="${id}">${shapes}</g>`);
    this.add(`<use href="#${id}" fill="${options.fill ?? look.fill}" stroke="${look.line}" stroke-width="3"/>`);
    if (look.texture && !options.plain) this.add(`<use href="#${id}" fill="url(#tx)"/>`);
    this.add(`<use href="#${id}" fill="url(#sh)"/>`);
  }

  render(title: string, backdrop: Backdrop, textureScale: number): string {
    const look = this.look;
    const defs = [
      `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="${backdrop.top}"/><stop offset="1" stop-color="${backdrop.bottom}"/></linearGradient>`,
      '<linearGradient id="sh"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>',
      ...(look.texture ? [texturePattern(look.texture, look.ink, textureScale)] : []),
      ...(look.multi || this.body.some((part) => part.includes("url(#mc)")) ? [MULTICOLOUR_PATTERN] : []),
      ...this.defs,
    ];
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1000" role="img" aria-labelledby="t" stroke-linecap="round" stroke-linejoin="round">` +
      `<title id="t">${escapeXml(title)}</title><defs>${defs.join("")}</defs>` +
      `<rect width="800" height="1000" fill="url(#bg)"/>${this.body.join("")}</svg>\n`
    );
  }
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity=".09"/>`;

function dots(points: [number, number][], r: number, fill: string, extra = ""): string {
  return `<g fill="${fill}"${extra}>${points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join("")}</g>`;
}

function line(d: string, stroke: string, width: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
}

const STITCH = ' stroke-dasharray="7 6"';

// ---------------------------------------------------------------------------------------------
// Garments (main views)
// ---------------------------------------------------------------------------------------------

/** Single- or double-breasted jacket with lapels; `suit` adds trousers and a tie. */
function drawJacket(c: Canvas, look: Look, plan: Plan, suit: boolean): void {
  const { words } = plan;
  const dinner = has(words, "dinner", "tuxedo", "black tie");
  const double = has(words, "double-breasted");
  const threePiece = has(words, "three-piece");
  const shawl = has(words, "shawl") || (dinner && plan.kind === "blazer");
  const peak = !shawl && (dinner || double || has(words, "peak lapel"));
  const patch = plan.kind === "blazer" && has(words, "patch pocket", "hopsack", "linen", "unstructured", "seersucker");
  const shirt = luminance(look.base) > 0.75 ? "#dbe4ee" : "#f8f7f3";

  if (suit) {
    c.add(shadow(400, 962, 200, 16));
    c.cloth("tr", '<path d="M290,600H510L522,960H414L400,700L386,960H278Z"/>', { fill: look.multi ? "#1f2b46" : look.fill, plain: look.multi });
    c.add(line("M336,660L330,950M464,660L470,950", look.line, 2, ' opacity=".5"'));
    c.add('<g transform="translate(80 -18) scale(.8)">');
  } else {
    c.add(shadow(400, 900, 230, 18));
    c.add(line("M400,150C400,112 434,110 434,86C434,66 412,58 400,70", "#8c8172", 7));
    c.add(line("M246,204L400,150L554,204", "#a39784", 10));
  }
  // Sleeves (behind), body, then the shirt, tie, lapels and details.
  c.cloth("sl", '<path d="M236,222C196,240 182,300 176,420L164,770L236,782L266,430Z"/>', { fill: look.multi ? look.fill : look.shade, mirror: true });
  c.cloth("bd", '<path d="M334,168L236,222C254,300 266,360 266,430L262,822Q400,846 538,822L534,430C534,360 546,300 564,222L466,168Z"/>');
  c.add(`<path d="M334,168Q400,150 466,168L458,188Q400,174 342,188Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
  c.add(`<path d="M342,176L400,560L458,176Q400,196 342,176Z" fill="${shirt}" stroke="#c9c4ba" stroke-width="2"/>`);
  if (suit && dinner) {
    c.add('<path d="M366,196L400,210L434,196V228L400,214L366,228Z" fill="#151517"/><rect x="390" y="202" width="20" height="18" rx="4" fill="#000"/>');
  } else if (suit) {
    const tie = luminance(look.base) > 0.55 ? "#24365e" : look.base === PALETTE.burgundy ? "#1f2b46" : "#7a2a36";
    c.add(`<path d="M386,186H414L409,208H391ZM391,208H409L418,440L400,466L382,440Z" fill="${tie}" stroke="${darken(tie, 0.3)}" stroke-width="2"/>`);
  } else {
    c.add(line("M378,182L400,226L422,182", "#c9c4ba", 3));
  }
  if (threePiece) {
    c.cloth("wc", '<path d="M352,240L400,430L448,240L400,560Z"/>', { fill: look.fill });
    c.add(dots([[400, 462], [400, 494], [400, 526]], 5, look.line));
  }
  const lapel = shawl
    ? "M342,176Q286,250 298,340Q330,460 400,560Z"
    : peak
      ? "M342,176L302,200L304,252L318,264L262,238Q318,430 400,560Z"
      : "M342,176L300,200L296,258L320,274L276,292Q330,430 400,560Z";
  const lapelFill = dinner ? (luminance(look.base) < 0.2 ? "#2c2c31" : darken(look.base, 0.1)) : look.fill;
  c.cloth("lp", `<path d="${lapel}"/>`, { fill: lapelFill, plain: dinner, mirror: true });
  if (!dinner) c.add(line(shawl ? "M330,190Q292,260 304,340" : "M300,212L298,252M288,296Q334,430 392,540", look.stitch, 1.5, `${STITCH} opacity=".7"`));
  c.add(line("M400,560V700", look.line, 2));
  c.add(`<path d="M400,690Q392,780 356,828L444,828Q408,780 400,690Z" fill="${darken(look.base, 0.3)}"/>`);
  const button = plan.kind === "blazer" && !dinner && has(words, "navy", "hopsack", "double") ? "#c9a24a" : darken(look.base, 0.5);
  const buttons: [number, number][] = double
    ? [[360, 560], [440, 560], [360, 625], [440, 625], [360, 690], [440, 690]]
    : dinner
      ? [[400, 600]]
      : [[400, 592], [400, 668]];
  c.add(dots(buttons, 9, button, ` stroke="${darken(button, 0.35)}" stroke-width="2"`));
  c.add(dots([[214, 744], [222, 724], [230, 704]], 5, button));
  if (patch) {
    c.add(`<rect x="278" y="640" width="92" height="100" rx="10" fill="${look.fill}" stroke="${look.line}" stroke-width="2"/><rect x="430" y="640" width="92" height="100" rx="10" fill="${look.fill}" stroke="${look.line}" stroke-width="2"/>`);
    c.add(line("M286,648H362M438,648H514", look.stitch, 1.5, STITCH));
  } else {
    c.add(`<path d="M280,660L372,656V678L280,682ZM520,660L428,656V678L520,682Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
  }
  c.add(`<path d="M442,382L508,376V390L442,396Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
  if (!dinner) c.add('<path d="M452,380L462,352L474,372L486,348L498,378Z" fill="#f8f7f3" stroke="#cfc9be" stroke-width="1.5"/>');
  if (suit) c.add("</g>");
}

/** A shirt (long or short sleeves), optionally with denim details or as a jacket. */
function drawShirt(c: Canvas, look: Look, plan: Plan, options: { denim?: boolean; jacket?: boolean; noShadow?: boolean } = {}): void {
  const { words } = plan;
  const short = has(words, "short-sleeve", "short sleeve", "camp", "cuban");
  const band = has(words, "grandad", "mandarin", "band collar");
  const open = has(words, "camp", "cuban");
  const jacket = options.jacket === true;
  const hem = jacket ? 700 : 846;
  if (!options.noShadow) c.add(shadow(400, jacket ? 900 : 950, 220, 16));
  if (jacket) c.add('<g transform="translate(0 70)">');
  const sleeve = short
    ? "M262,222C214,236 196,280 188,330L176,446L252,458L266,380Z"
    : "M262,222C214,236 192,290 182,370L152,742L224,754L264,440Z";
  c.cloth("sl", `<path d="${sleeve}"/>`, { fill: look.multi ? look.fill : look.shade, mirror: true });
  if (!short) {
    c.cloth("cf", '<path d="M152,742L224,754L220,800L148,790Z"/>', { fill: look.fill, mirror: true });
    c.add(dots([[186, 776], [614, 776]], 5, look.line));
  }
  c.cloth("bd", `<path d="M330,176L262,222C272,300 272,380 268,440L266,${hem}Q333,${hem + 24} 400,${hem + 14}Q467,${hem + 24} 534,${hem}L532,440C528,380 528,300 538,222L470,176Q400,206 330,176Z"/>`);
  if (open) c.add(`<path d="M346,184L400,300L454,184Q400,204 346,184Z" fill="${darken(look.base, 0.3)}"/>`);
  if (options.denim || jacket) {
    c.add(line(`M268,300Q330,${jacket ? 318 : 290} 400,330Q470,${jacket ? 318 : 290} 532,300`, look.stitch, 2, STITCH));
    c.add(`<path d="M300,360H370V446L335,456L300,446ZM430,360H500V446L465,456L430,446Z" fill="${look.fill}" stroke="${look.line}" stroke-width="2"/>`);
    c.add(`<path d="M296,352H374V392L335,404L296,392ZM426,352H504V392L465,404L426,392Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
    c.add(line("M304,360H366M434,360H496", look.stitch, 1.5, STITCH));
  } else if (!has(words, "evening", "dinner", "tuxedo", "formal", "dress shirt", "poplin")) {
    c.add(`<path d="M430,330H500V410L465,420L430,410Z" fill="${look.fill}" stroke="${look.line}" stroke-width="2"/>`);
  }
  if (has(words, "pleated bib", "tuxedo")) c.add(line("M356,230V560M370,230V560M430,230V560M444,230V560", look.line, 1.5, ' opacity=".5"'));
  if (jacket) {
    c.cloth("wb", `<path d="M266,${hem - 40}Q400,${hem - 24} 534,${hem - 40}L534,${hem}Q400,${hem + 16} 266,${hem}Z"/>`, { fill: look.shade });
  }
  if (!open) {
    c.add(`<rect x="387" y="${band ? 190 : 208}" width="26" height="${hem - (band ? 190 : 208)}" fill="${look.fill}" stroke="${look.line}" stroke-width="2"/>`);
  }
  const buttonFill = jacket ? "#b3894f" : luminance(look.base) > 0.75 ? "#e4dfd5" : "#f1ede4";
  const buttons: [number, number][] = [];
  for (let y = open ? 330 : 244; y < hem - 20; y += jacket ? 88 : 76) buttons.push([400, y]);
  c.add(dots(buttons, jacket ? 8 : 6, buttonFill, ` stroke="${darken(look.base, 0.35)}" stroke-width="1.5"`));
  if (open) {
    c.cloth("cl", '<path d="M332,170L346,184L400,300L340,262L304,206Z"/>', { fill: look.fill, mirror: true });
  } else {
    c.add(`<path d="M334,160Q400,182 466,160L470,184Q400,210 330,184Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
    if (!band) {
      const collar = jacket ? "M330,170L400,210L352,290L296,214Z" : "M330,168L400,208L364,272L312,214Z";
      c.cloth("cl", `<path d="${collar}"/>`, { fill: look.fill, mirror: true });
      if (has(words, "button-down")) c.add(dots([[356, 262], [444, 262]], 4, buttonFill, ` stroke="${look.line}"`));
    }
  }
  if (options.denim || jacket) c.add(line("M392,220V" + (hem - 10) + "M408,220V" + (hem - 10), look.stitch, 1.5, STITCH));
  if (jacket) c.add("</g>");
}

function drawTrousers(c: Canvas, look: Look, top: number, fill?: string): void {
  c.cloth("tr", `<path d="M292,${top}H508L520,960H414L400,${top + 110}L386,960H280Z"/>`, { fill: fill ?? look.fill, plain: fill !== undefined });
  c.add(line(`M330,${top + 60}L324,950M470,${top + 60}L476,950`, look.line, 2, ' opacity=".4"'));
}

/** A linen shirt and trousers (a set). */
function drawSet(c: Canvas, look: Look, plan: Plan): void {
  c.add(shadow(400, 962, 190, 14));
  drawTrousers(c, look, 600);
  c.add(line("M330,612Q350,640 344,660M470,612Q450,640 456,660", look.line, 2));
  c.add('<g transform="translate(88 -40) scale(.78)">');
  drawShirt(c, look, { ...plan, words: `${plan.words} short-sleeve` }, { noShadow: true });
  c.add("</g>");
}

/** Jeans: five pockets, rivets, contrast stitching. */
function drawJeans(c: Canvas, look: Look): void {
  c.add(shadow(400, 950, 220, 14));
  c.cloth("lg", '<path d="M246,196H554L578,936H430L400,430L370,936H222Z"/>');
  c.cloth("wb", '<path d="M244,150H556V200H244Z"/>', { fill: look.shade });
  c.add(`<path d="M222,896H370V936H222ZM430,896H578V936H430Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
  c.add(line("M248,168H552M248,184H552", look.stitch, 1.5, STITCH));
  c.add(line("M412,200V372Q412,396 388,404", look.stitch, 2, STITCH));
  c.add(line("M258,206Q330,222 336,300M542,206Q470,222 464,300", look.line, 3));
  c.add(line("M252,214Q322,232 326,306M548,214Q478,232 474,306", look.stitch, 1.5, STITCH));
  c.add(line("M480,206V250L520,252V206", look.stitch, 1.5, STITCH));
  c.add(`<path d="M268,140h14v70h-14zM360,140h14v70h-14zM426,140h14v70h-14zM518,140h14v70h-14z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
  c.add(dots([[336, 300], [464, 300], [480, 252], [400, 176]], 6, "#b8864c", ' stroke="#7a5630" stroke-width="2"'));
}

/** Long kaftan, tunic or short kaftan shirt, with embroidery and trousers. */
function drawKaftan(c: Canvas, look: Look, plan: Plan, hem: number): void {
  const { words } = plan;
  const short = has(words, "short-sleeve", "smock", "dashiki");
  c.add(shadow(400, 962, 200, 14));
  if (hem < 860) drawTrousers(c, look, hem - 30, look.multi ? "#2a2a2e" : short ? darken(look.base, 0.25) : undefined);
  else c.cloth("tr", '<path d="M266,870H534L528,962H410L400,914L390,962H272Z"/>', { fill: look.multi ? "#2a2a2e" : look.shade });
  const hood = has(words, "hood");
  const flare = has(words, "smock") ? 60 : 6;
  const body = short
    ? `M342,150Q400,178 458,150L560,182Q600,196 614,240L648,392L582,410L556,322L${560 + flare},${hem}H${240 - flare}L244,322L218,410L152,392L186,240Q200,196 240,182Z`
    : `M342,150Q400,178 458,150L560,182Q600,196 610,240L664,520L604,540L560,330L566,${hem}H234L240,330L196,540L136,520L190,240Q200,196 240,182Z`;
  c.cloth("bd", `<path d="${body}"/>`);
  const accent = look.multi ? "#1d1b1a" : look.accent;
  if (has(words, "kente-trim", "kente trim")) {
    c.add(`<rect x="384" y="172" width="32" height="${hem - 176}" fill="url(#mc)" stroke="${look.line}" stroke-width="2"/>`);
    c.add(`<path d="M140,506L198,526L194,544L134,524ZM660,506L602,526L606,544L666,524Z" fill="url(#mc)"/>`);
  } else if (has(words, "dashiki")) {
    c.add('<path d="M344,156Q400,180 456,156L476,190L400,340L324,190Z" fill="#1d1b1a"/><path d="M356,170L400,300L444,170" fill="none" stroke="#e8c774" stroke-width="6"/>');
  } else {
    c.add(line("M360,160Q360,300 400,430Q440,300 440,160", accent, 4, ' stroke-dasharray="10 6"'));
    c.add(line("M400,190V410", accent, 3));
    const diamonds = [230, 290, 350].map((y) => `M400,${y - 14}L410,${y}L400,${y + 14}L390,${y}Z`).join("");
    c.add(`<path d="${diamonds}" fill="${accent}"/>`);
    if (!short) c.add(line("M142,498L200,518M658,498L600,518", accent, 6, ' stroke-dasharray="4 6"'));
    if (has(words, "panelled", "colour block")) c.add(`<path d="M240,330L268,330L274,${hem}H236ZM560,330L532,330L526,${hem}H564Z" fill="${look.accent}" opacity=".85"/>`);
  }
  c.add(line("M352,154Q400,196 448,154", accent, 5));
  if (hood) c.add(`<path d="M322,170Q400,118 478,170L466,190Q400,150 334,190Z" fill="${look.shade}" stroke="${look.line}" stroke-width="3"/>`);
  if (has(words, "pocket") && !short) c.add(`<path d="M466,420H526V482L496,492L466,482Z" fill="none" stroke="${accent}" stroke-width="3"/>`);
  if (hem > 760) c.add(line(`M244,${hem - 90}V${hem}M556,${hem - 90}V${hem}`, look.line, 2));
}

/** Agbada / grand boubou: a wide flowing robe over a tunic, with chest embroidery. */
function drawRobe(c: Canvas, look: Look): void {
  c.add(shadow(400, 964, 250, 16));
  c.cloth("tr", '<path d="M270,880H530L524,962H410L400,912L390,962H276Z"/>', { fill: look.shade });
  c.cloth("rb", '<path d="M340,150Q400,178 460,150L620,198Q720,360 734,664Q650,704 562,690L568,892H232L238,690Q150,704 66,664Q80,360 180,198Z"/>');
  c.add(`<path d="M352,156L400,268L448,156Q400,180 352,156Z" fill="${lighten(look.base, 0.16)}" stroke="${look.line}" stroke-width="2"/>`);
  c.add(line("M184,226Q206,450 150,664M616,226Q594,450 650,664M300,330Q286,520 300,690M500,330Q514,520 500,690", look.line, 3, ' opacity=".35"'));
  const accent = look.accent;
  c.add(line("M334,160Q300,300 360,388Q400,426 440,388Q500,300 466,160", accent, 7));
  c.add(line("M350,176Q324,296 372,370Q400,398 428,370Q476,296 450,176", accent, 3, ' stroke-dasharray="3 7"'));
  c.add(`<circle cx="400" cy="330" r="22" fill="none" stroke="${accent}" stroke-width="5"/><circle cx="400" cy="330" r="7" fill="${accent}"/>`);
  c.add(`<path d="M470,420H566V540H470Z" fill="none" stroke="${accent}" stroke-width="5"/><path d="M518,438L548,480L518,522L488,480Z" fill="none" stroke="${accent}" stroke-width="3"/>`);
  c.add(line("M78,640Q160,676 238,670M722,640Q640,676 562,670", accent, 5, ' stroke-dasharray="12 8"'));
}

/** A shoe in side view (toe to the right); the style comes from its name. */
function shoeShape(look: Look, words: string, id: string): { defs: string; parts: string } {
  const chelsea = has(words, "chelsea");
  const desert = has(words, "desert", "chukka");
  const trainer = has(words, "trainer", "sneaker");
  const loafer = has(words, "loafer", "moccasin");
  const monk = has(words, "monk");
  const brogue = has(words, "brogue");
  const patent = has(words, "patent");
  // Shared forefoot: the vamp falls from the instep to a low, rounded toe.
  const vamp = "C470,452 600,494 680,532C722,550 734,576 718,590Z";
  const upper = chelsea
    ? `M166,590C150,500 152,380 162,300H300C304,380 320,430 360,446${vamp}`
    : desert
      ? `M164,590C150,520 152,420 162,360L288,356C300,410 320,440 360,446${vamp}`
      : loafer
        ? `M160,590C148,548 150,500 166,470C230,468 300,478 360,482C470,488 600,500 680,532C722,550 734,576 718,590Z`
        : trainer
          ? `M160,582C150,540 152,478 170,446C210,440 250,450 280,462L330,466C360,452 380,448 400,448${vamp.replace("Z", "")}L712,582Z`
          : `M160,590C148,540 148,478 166,436C200,428 236,438 262,452L318,462C340,452 360,446 380,446${vamp}`;
  const soleFill = trainer ? "#f4f2ee" : desert ? "#c89f66" : darken(look.base, 0.62);
  const sole = trainer
    ? "M148,576H716C738,576 742,600 722,614L704,626H170C150,626 146,612 148,596Z"
    : "M150,586H716C736,586 740,598 724,604L700,606H296L290,636H166C154,636 150,628 150,618Z";
  const seam = (d: string) => line(d, look.line, 2, ' opacity=".7"');
  let parts = `<path d="${sole}" fill="${soleFill}" stroke="${trainer ? "#bdb8ae" : darken(soleFill, 0.3)}" stroke-width="2"/>`;
  parts += `<use href="#${id}" fill="${look.fill}" stroke="${look.line}" stroke-width="3"/>`;
  if (look.texture) parts += `<use href="#${id}" fill="url(#tx)"/>`;
  parts += `<use href="#${id}" fill="url(#sh)"/>`;
  parts += line(trainer ? "M160,590H716" : "M164,596H708", trainer ? "#bdb8ae" : lighten(soleFill, 0.3), 1.5, STITCH);
  if (!chelsea) parts += seam(desert ? "M200,364C214,450 226,530 232,588" : "M206,446C220,500 234,550 240,588");
  const lace = trainer ? "#ffffff" : luminance(look.base) > 0.5 ? darken(look.base, 0.45) : lighten(look.base, 0.4);
  if (!chelsea && !loafer && !monk) {
    const from = desert ? 300 : 306;
    parts += `<path d="M${from},${desert ? 420 : 462}C340,452 390,446 436,452L440,472C392,468 350,472 ${from + 6},${desert ? 444 : 482}Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`;
    parts += line(desert ? "M326,436L346,450M362,430L380,446" : "M330,458L344,446M360,452L374,440M390,450L404,438M418,450L432,440", lace, 5);
    parts += dots(desert ? [[326, 436], [362, 430]] : [[330, 460], [360, 454], [390, 452], [418, 452]], 3, darken(look.base, 0.5));
    if (!desert && !trainer) parts += seam("M436,470C416,520 388,560 380,588");
  }
  if (loafer) {
    parts += seam("M404,484C430,512 540,516 620,506");
    parts += `<path d="M376,482L470,490L462,518L370,510Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/><ellipse cx="420" cy="502" rx="20" ry="5" fill="${darken(look.base, 0.5)}"/>`;
    if (has(words, "tassel")) {
      parts += line("M440,494L430,540M454,496L452,542", look.line, 4) + dots([[430, 546], [452, 548]], 8, look.shade, ` stroke="${look.line}" stroke-width="2"`);
    }
  }
  if (monk) {
    parts += `<path d="M318,460L452,468L446,494L312,486ZM328,492L462,500L456,524L322,518Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`;
    parts += '<path d="M416,462h24v32h-24zM426,494h24v32h-24z" fill="none" stroke="#c9ccd1" stroke-width="5"/>';
    parts += seam("M452,494C430,530 400,566 392,588");
  }
  if (chelsea) {
    parts += `<path d="M222,304C236,380 246,420 256,470C270,420 280,360 292,304Z" fill="${darken(look.base, 0.35)}"/>`;
    parts += line("M240,320L252,450M258,320L258,460M276,320L264,450", darken(look.base, 0.55), 2);
    parts += `<path d="M162,300L170,266H196L200,300Z" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`;
    parts += seam("M356,446C330,500 320,550 318,588");
  }
  if (!loafer && !chelsea && !desert && !trainer && !has(words, "plain", "wholecut")) parts += seam("M600,498C624,528 630,566 620,590");
  if (brogue) {
    parts += line("M588,500C612,530 618,566 608,588M480,472C520,540 600,556 700,556", look.accent, 5, ' stroke-dasharray="0 11"');
    parts += dots([[672, 566], [684, 558], [684, 574], [696, 566]], 3, look.line);
  }
  if (patent) parts += line("M560,500Q640,516 700,552M190,460Q180,520 186,570", "#ffffff", 6, ' opacity=".5"');
  if (trainer) {
    parts += line("M330,540C420,560 520,556 600,530", "#d7d2c8", 4);
    parts += `<path d="M160,540C154,500 158,470 170,446L196,446L190,548Z" fill="${look.base === PALETTE.white ? "#2e5a45" : lighten(look.base, 0.6)}"/>`;
  }
  return { defs: `<path id="${id}" d="${upper}"/>`, parts };
}

function drawShoes(c: Canvas, look: Look, plan: Plan): void {
  const shoe = shoeShape(look, plan.words, "up");
  c.def(shoe.defs);
  c.add(shadow(440, 548, 250, 12) + shadow(420, 768, 330, 18));
  c.add(`<g transform="translate(80 -40) scale(.92)">${shoe.parts}</g>`);
  c.add(`<g transform="translate(-80 56) scale(1.12)">${shoe.parts}</g>`);
}

function drawTie(c: Canvas, look: Look, plan: Plan): void {
  const knit = has(plan.words, "knit");
  c.add(shadow(400, 950, 150, 12));
  // Drawn narrow, then widened about the centre line so the tie fills the portrait frame.
  c.add('<g transform="matrix(1.4 0 0 1 -160 0)">');
  c.cloth("nb", '<path d="M366,152L336,0H374L398,150Z"/>', { fill: look.multi ? look.fill : look.shade, mirror: true });
  c.cloth("tb", knit ? '<path d="M378,236H422L452,900H348Z"/>' : '<path d="M378,236H422L470,842L400,912L330,842Z"/>');
  c.cloth("kn", '<path d="M360,148H440L424,238H376Z"/>');
  c.add(line("M392,170Q396,206 404,236", look.line, 2, ' opacity=".5"'));
  c.add(line(knit ? "M352,880H448" : "M346,836L400,890L454,836", "#ffffff", 3, ' opacity=".18"'));
  c.add("</g>");
}

function drawWatch(c: Canvas, look: Look, plan: Plan): void {
  const bracelet = plan.product.name.toLowerCase().includes("bracelet");
  const metal = bracelet ? look.metal : "#c9ccd1";
  const strap = bracelet ? metal : look.fill;
  const dial = bracelet ? (look.base === PALETTE.black ? "#2a2b30" : "#23324f") : "#f1ece0";
  const hands = bracelet ? "#f3f1ea" : "#26272b";
  c.add(shadow(400, 950, 140, 12));
  c.add(`<path d="M344,60H456L448,372H352ZM352,628H448L456,940H344Z" fill="${strap}" stroke="${darken(bracelet ? metal : look.base, 0.4)}" stroke-width="3"/>`);
  if (bracelet) c.add(line("M348,120H452M349,180H451M350,240H450M351,300H449M351,700H449M352,760H448M353,820H447M354,880H446", darken(metal, 0.35), 3));
  else c.add(line("M354,100V360M446,100V360M358,640V920M442,640V920", look.stitch, 1.5, STITCH) + dots([[400, 760], [400, 810], [400, 860]], 7, darken(look.base, 0.5)));
  c.add(`<rect x="546" y="484" width="30" height="32" rx="6" fill="${metal}" stroke="${darken(metal, 0.4)}" stroke-width="2"/>`);
  c.add(`<circle cx="400" cy="500" r="160" fill="${metal}" stroke="${darken(metal, 0.4)}" stroke-width="3"/><circle cx="400" cy="500" r="160" fill="url(#sh)"/>`);
  c.add(`<circle cx="400" cy="500" r="132" fill="${dial}" stroke="${darken(metal, 0.25)}" stroke-width="4"/>`);
  c.add(`<circle cx="400" cy="500" r="114" fill="none" stroke="${hands}" stroke-width="16" stroke-dasharray="4 55.7" stroke-linecap="butt" transform="rotate(-91 400 500)"/>`);
  c.add(`<rect x="470" y="488" width="30" height="24" rx="3" fill="#fff" stroke="${darken(metal, 0.3)}"/>`);
  c.add(line("M400,500L350,470", hands, 9) + line("M400,500L486,452", hands, 6) + line("M400,520V400", "#c0392b", 2));
  c.add(`<circle cx="400" cy="500" r="10" fill="${hands}"/>`);
  c.add('<path d="M310,420Q360,370 430,372" fill="none" stroke="#fff" stroke-width="8" opacity=".14"/>');
}

function drawCufflinks(c: Canvas, look: Look, plan: Plan): void {
  const square = has(plan.words, "square");
  const frame = square ? "#c9ccd1" : look.metal === "#c9ccd1" ? look.base : look.metal;
  const stone = square ? look.base : frame;
  c.add(shadow(400, 900, 300, 18));
  c.add('<g transform="translate(-100 -90) scale(1.25)">');
  // Front view
  if (square) {
    c.add(`<rect x="170" y="300" width="250" height="250" rx="26" fill="${frame}" stroke="${darken(frame, 0.4)}" stroke-width="3"/><rect x="196" y="326" width="198" height="198" rx="14" fill="${stone}"/>`);
    c.add('<rect x="170" y="300" width="250" height="250" rx="26" fill="url(#sh)"/><path d="M214,350L300,350" stroke="#fff" stroke-width="8" opacity=".25"/>');
  } else {
    c.add(`<circle cx="295" cy="425" r="130" fill="${frame}" stroke="${darken(frame, 0.4)}" stroke-width="3"/><circle cx="295" cy="425" r="130" fill="url(#sh)"/>`);
    c.add(`<circle cx="295" cy="425" r="100" fill="none" stroke="${darken(frame, 0.2)}" stroke-width="3"/><path d="M220,370Q250,330 300,326" fill="none" stroke="#fff" stroke-width="10" opacity=".35"/>`);
  }
  // Side view with post and whale-back toggle
  const face = square ? stone : frame;
  c.add(`<rect x="470" y="520" width="200" height="34" rx="12" fill="${face}" stroke="${darken(frame, 0.4)}" stroke-width="3"/>`);
  c.add(`<rect x="558" y="552" width="24" height="150" fill="${frame}" stroke="${darken(frame, 0.4)}" stroke-width="3"/>`);
  c.add(`<path d="M490,700Q570,680 650,700L650,724Q570,704 490,724Z" fill="${frame}" stroke="${darken(frame, 0.4)}" stroke-width="3"/>`);
  c.add("</g>");
}

function drawBelt(c: Canvas, look: Look, plan: Plan): void {
  const woven = has(plan.words, "woven", "elastic");
  c.add(shadow(400, 962, 120, 10));
  c.cloth("st", '<path d="M344,40H456V900L400,950L344,900Z"/>', { plain: !woven });
  c.add(line("M356,40V896M444,40V896", look.stitch, 1.5, STITCH));
  if (!woven) c.add(dots([[400, 620], [400, 680], [400, 740], [400, 800]], 7, darken(look.base, 0.55)));
  c.add(`<rect x="300" y="300" width="200" height="150" rx="22" fill="none" stroke="#c9ccd1" stroke-width="16"/><rect x="300" y="300" width="200" height="150" rx="22" fill="none" stroke="#7b7f86" stroke-width="2"/>`);
  c.add(line("M400,300V470", "#b9bdc3", 12));
  c.add(`<rect x="330" y="500" width="140" height="34" rx="6" fill="${look.shade}" stroke="${look.line}" stroke-width="2"/>`);
}

function drawPocketSquare(c: Canvas, look: Look, plan: Plan): void {
  const tv = has(plan.words, "linen", "hand-rolled");
  c.add('<path d="M0,600H800V1000H0Z" fill="#26314a"/><path d="M0,600H800V1000H0Z" fill="url(#sh)"/>');
  c.add('<path d="M170,610H630V640H170Z" fill="#1d263b" stroke="#141b2c" stroke-width="2"/>');
  c.cloth("sq", tv ? '<path d="M200,618V520H600V618Z"/>' : '<path d="M210,620L262,360L352,520L418,300L486,510L580,380L596,620Z"/>');
  c.add(line(tv ? "M210,530H590" : "M268,380L350,510M420,320L484,500", look.line, 2, ' opacity=".35"'));
  c.add(line("M60,700H740M60,940H740", "#3a4664", 2, STITCH));
}

function drawTieBar(c: Canvas, look: Look): void {
  const metal = look.metal === "#c9ccd1" ? look.base : look.metal;
  c.add(shadow(400, 950, 140, 12));
  c.add('<path d="M320,0H480L540,820L400,960L260,820Z" fill="#24365e" stroke="#141d36" stroke-width="3"/><path d="M320,0H480L540,820L400,960L260,820Z" fill="url(#sh)"/>');
  c.add(line("M300,240L500,240", "#2d416b", 3, ' opacity=".8"'));
  c.add(`<rect x="230" y="420" width="340" height="44" rx="10" fill="${metal}" stroke="${darken(metal, 0.45)}" stroke-width="3"/><rect x="230" y="420" width="340" height="44" rx="10" fill="url(#sh)"/>`);
  c.add('<path d="M250,432H540" stroke="#fff" stroke-width="5" opacity=".35"/>');
}

function drawWallet(c: Canvas, look: Look): void {
  c.add(shadow(400, 720, 300, 18));
  c.cloth("wl", '<rect x="110" y="330" width="580" height="360" rx="28"/>', { plain: true });
  c.add(`<rect x="128" y="348" width="544" height="324" rx="18" fill="none" stroke="${look.stitch}" stroke-width="2"${STITCH}/>`);
  const cards = ["#c9a24a", "#3d6eae", "#e9e4da"];
  [390, 460, 530].forEach((y, i) => {
    c.add(`<rect x="448" y="${y - 34}" width="196" height="60" rx="8" fill="${cards[i] ?? "#e9e4da"}" stroke="#00000030"/>`);
    c.add(`<path d="M426,${y}H670V672H426Z" fill="${darken(look.base, 0.08 + i * 0.04)}" stroke="${look.line}" stroke-width="2"/>`);
    c.add(line(`M434,${y + 10}H662`, look.stitch, 1.5, STITCH));
  });
  c.add(`<path d="M130,420H374V672H130Z" fill="${darken(look.base, 0.08)}" stroke="${look.line}" stroke-width="2"/>`);
  c.add(line("M138,430H366", look.stitch, 1.5, STITCH));
  c.add(`<path d="M388,332H412V688H388Z" fill="${darken(look.base, 0.25)}" opacity=".6"/>`);
}

// ---------------------------------------------------------------------------------------------
// Close-up details (image 2)
// ---------------------------------------------------------------------------------------------

function drawDetail(c: Canvas, look: Look, plan: Plan): void {
  const { kind, words } = plan;
  c.def('<clipPath id="lens"><circle cx="400" cy="480" r="320"/></clipPath>');
  c.add('<circle cx="412" cy="498" r="330" fill="#000" opacity=".08"/>');
  c.add('<g clip-path="url(#lens)">');
  const fabric = (fill = look.fill) => {
    c.add(`<rect x="80" y="160" width="640" height="640" fill="${fill}"/>`);
    if (look.texture) c.add('<rect x="80" y="160" width="640" height="640" fill="url(#tx)"/>');
  };
  switch (kind) {
    case "suit":
    case "blazer": {
      fabric();
      c.cloth("lp", '<path d="M80,160H520L250,800H80Z"/>', { fill: look.multi ? look.fill : darken(look.base, 0.06) });
      c.add(line("M494,160L226,800", look.stitch, 2.5, STITCH));
      c.add(line("M250,330L330,362", darken(look.base, 0.5), 10) + line("M256,334L324,360", lighten(look.base, 0.2), 2));
      c.add(`<circle cx="590" cy="640" r="40" fill="${darken(look.base, 0.5)}"/>` + dots([[578, 628], [602, 628], [578, 652], [602, 652]], 5, look.base));
      break;
    }
    case "shirt":
    case "set":
    case "denimShirt":
    case "denimJacket": {
      fabric();
      c.cloth("pl", '<path d="M520,160H640V800H520Z"/>');
      c.add(line("M532,160V800M628,160V800", look.stitch, 2, STITCH));
      c.add(dots([[580, 330], [580, 620]], 28, luminance(look.base) > 0.75 ? "#e4dfd5" : "#f1ede4", ` stroke="${look.line}" stroke-width="2"`));
      c.add(dots([[572, 322], [588, 338], [572, 612], [588, 628]], 4, look.line));
      c.cloth("cl", '<path d="M80,160H500L420,540L80,420Z"/>');
      c.add(line("M100,180H478L404,512L100,404", look.stitch, 2, STITCH));
      break;
    }
    case "jeans": {
      fabric();
      c.add(line("M80,300Q380,330 420,800", look.line, 4));
      c.add(line("M80,324Q356,350 394,800M80,340Q340,370 376,800", look.stitch, 3, STITCH));
      c.add(line("M470,160V420L620,430V160", look.stitch, 3, STITCH));
      c.add('<circle cx="400" cy="332" r="24" fill="#b8864c" stroke="#7a5630" stroke-width="4"/><circle cx="400" cy="332" r="9" fill="#7a5630"/>');
      break;
    }
    case "tie":
    case "tieBar": {
      c.add(`<rect x="80" y="160" width="640" height="640" fill="${lighten("#dde3ea", 0.2)}"/>`);
      if (kind === "tieBar") {
        const metal = look.metal === "#c9ccd1" ? look.base : look.metal;
        c.add('<path d="M250,160H550L600,800H200Z" fill="#24365e"/><path d="M250,160H550L600,800H200Z" fill="url(#sh)"/>');
        c.add(`<rect x="100" y="420" width="600" height="90" rx="18" fill="${metal}" stroke="${darken(metal, 0.45)}" stroke-width="4"/><rect x="100" y="420" width="600" height="90" rx="18" fill="url(#sh)"/>`);
        c.add('<path d="M130,444H660" stroke="#fff" stroke-width="10" opacity=".35"/>');
      } else {
        c.cloth("kn", '<path d="M230,140H570L500,560H300Z"/>');
        c.cloth("bl", '<path d="M300,560H500L560,820H240Z"/>');
        c.add(line("M400,560Q386,460 412,350", look.line, 4, ' opacity=".45"'));
      }
      break;
    }
    case "kaftan":
    case "tunic":
    case "robe": {
      fabric();
      const accent = look.multi ? "#1d1b1a" : look.accent;
      c.add(line("M60,250Q400,440 740,250", accent, 18) + line("M60,290Q400,480 740,290", accent, 3, ' stroke-dasharray="4 8"'));
      const petals = Array.from({ length: 8 }, (_, i) => `<path d="M400,600Q430,530 400,470Q370,530 400,600Z" transform="rotate(${i * 45} 400 600)"/>`).join("");
      c.add(`<g fill="${accent}" opacity=".9">${petals}</g>`);
      c.add(`<circle cx="400" cy="600" r="150" fill="none" stroke="${accent}" stroke-width="6" stroke-dasharray="3 12"/><circle cx="400" cy="600" r="26" fill="${look.multi ? "#f1e3c2" : look.base}" stroke="${accent}" stroke-width="8"/>`);
      break;
    }
    case "shoe": {
      // Looking down on the front of the shoe: toe at the top, fastening below.
      c.add(`<rect x="80" y="160" width="640" height="640" fill="${darken("#e2dbd0", 0.05)}"/>`);
      c.cloth("vp", '<path d="M130,900C120,520 210,250 400,230C590,250 680,520 670,900Z"/>', { plain: !look.texture });
      if (!has(words, "loafer", "chelsea", "desert", "trainer", "plain", "wholecut")) {
        c.add(line("M150,470Q400,310 650,470", look.line, 4) + line("M150,494Q400,334 650,494", look.stitch, 2.5, STITCH));
      }
      if (has(words, "brogue")) c.add(line("M150,446Q400,286 650,446", look.accent, 9, ' stroke-dasharray="0 20"') + dots([[400, 262], [382, 280], [418, 280], [400, 298]], 6, look.line));
      if (has(words, "monk")) {
        c.add(`<path d="M150,600L650,560L650,640L150,680Z" fill="${look.shade}" stroke="${look.line}" stroke-width="3"/><rect x="500" y="552" width="90" height="96" rx="10" fill="none" stroke="#c9ccd1" stroke-width="14"/>`);
      } else if (has(words, "loafer")) {
        c.add(line("M240,900Q240,500 400,480Q560,500 560,900", look.line, 4));
        c.add(`<path d="M200,580H600V660H200Z" fill="${look.shade}" stroke="${look.line}" stroke-width="3"/><ellipse cx="400" cy="620" rx="80" ry="16" fill="${darken(look.base, 0.5)}"/>`);
      } else if (has(words, "chelsea")) {
        c.add(line("M260,900Q280,640 400,620Q520,640 540,900", look.line, 4) + line("M276,900Q296,660 400,644Q504,660 524,900", look.stitch, 2.5, STITCH));
      } else {
        const lace = has(words, "trainer") ? "#ffffff" : luminance(look.base) > 0.5 ? darken(look.base, 0.45) : lighten(look.base, 0.4);
        c.add(`<path d="M326,900L366,560H434L474,900Z" fill="${look.shade}" stroke="${look.line}" stroke-width="3"/>`);
        c.add(line("M356,600L450,660M444,600L350,660M350,660L454,720M450,660L346,720", lace, 12));
        c.add(dots([[356, 600], [444, 600], [350, 660], [450, 660], [346, 720], [454, 720]], 11, "#2a2724", ' stroke="#b9bdc3" stroke-width="4"'));
      }
      break;
    }
    case "watch": {
      c.add(`<rect x="80" y="160" width="640" height="640" fill="#dcd8d2"/>`);
      const bracelet = plan.product.name.toLowerCase().includes("bracelet");
      const metal = bracelet ? look.metal : "#c9ccd1";
      const dial = bracelet ? (look.base === PALETTE.black ? "#2a2b30" : "#23324f") : "#f1ece0";
      const hands = bracelet ? "#f3f1ea" : "#26272b";
      c.add(`<circle cx="400" cy="480" r="330" fill="${metal}"/><circle cx="400" cy="480" r="290" fill="${dial}"/>`);
      c.add(`<circle cx="400" cy="480" r="256" fill="none" stroke="${hands}" stroke-width="34" stroke-dasharray="8 126" stroke-linecap="butt" transform="rotate(-91 400 480)"/>`);
      c.add(line("M400,480L300,420", hands, 18) + line("M400,480L570,380", hands, 12) + `<circle cx="400" cy="480" r="20" fill="${hands}"/>`);
      break;
    }
    case "cufflinks": {
      const square = has(words, "square");
      const frame = square ? "#c9ccd1" : look.metal === "#c9ccd1" ? look.base : look.metal;
      c.add(`<rect x="80" y="160" width="640" height="640" fill="#e8e4de"/>`);
      c.add(square ? `<rect x="120" y="200" width="560" height="560" rx="50" fill="${frame}"/><rect x="170" y="250" width="460" height="460" rx="30" fill="${look.base}"/>` : `<circle cx="400" cy="480" r="300" fill="${frame}"/><circle cx="400" cy="480" r="230" fill="none" stroke="${darken(frame, 0.2)}" stroke-width="6"/>`);
      c.add('<path d="M230,330Q300,250 420,250" fill="none" stroke="#fff" stroke-width="24" opacity=".3"/>');
      break;
    }
    case "belt": {
      c.add(`<rect x="80" y="160" width="640" height="640" fill="#e6e1da"/>`);
      c.cloth("st", '<path d="M0,380H800V600H0Z"/>', { plain: !look.texture });
      c.add(line("M0,400H800M0,580H800", look.stitch, 3, STITCH));
      c.add('<rect x="230" y="320" width="240" height="340" rx="36" fill="none" stroke="#c9ccd1" stroke-width="30"/>');
      c.add(line("M350,490H560", "#b9bdc3", 22));
      break;
    }
    case "pocketSquare": {
      fabric();
      c.add(line("M80,300Q400,250 720,300", look.line, 16, ' opacity=".35"') + line("M80,330Q400,282 720,330", look.stitch, 3, STITCH));
      break;
    }
    case "wallet": {
      fabric();
      const slots = [300, 420, 540].map((y) => `<rect x="160" y="${y}" width="480" height="120" rx="16" fill="${darken(look.base, 0.12)}" stroke="${look.line}" stroke-width="3"/>`).join("");
      c.add(slots + line("M176,316H624M176,436H624M176,556H624", look.stitch, 2, STITCH));
      break;
    }
  }
  c.add('<rect x="80" y="160" width="640" height="640" fill="url(#sh)" opacity=".6"/></g>');
  c.add('<circle cx="400" cy="480" r="320" fill="none" stroke="#fff" stroke-width="12"/>');
}

// ---------------------------------------------------------------------------------------------
// Putting it together
// ---------------------------------------------------------------------------------------------

function drawMain(c: Canvas, look: Look, plan: Plan): void {
  switch (plan.kind) {
    case "suit":
      return drawJacket(c, look, plan, true);
    case "blazer":
      return drawJacket(c, look, plan, false);
    case "shirt":
      return drawShirt(c, look, plan);
    case "set":
      return drawSet(c, look, plan);
    case "denimShirt":
      return drawShirt(c, look, plan, { denim: true });
    case "denimJacket":
      return drawShirt(c, look, plan, { denim: true, jacket: true });
    case "jeans":
      return drawJeans(c, look);
    case "kaftan":
      return drawKaftan(c, look, plan, has(plan.words, "short-sleeve") ? 640 : has(plan.words, "weekend") ? 780 : 880);
    case "tunic":
      return drawKaftan(c, look, plan, has(plan.words, "smock", "dashiki") ? 700 : 760);
    case "robe":
      return drawRobe(c, look);
    case "shoe":
      return drawShoes(c, look, plan);
    case "tie":
      return drawTie(c, look, plan);
    case "watch":
      return drawWatch(c, look, plan);
    case "cufflinks":
      return drawCufflinks(c, look, plan);
    case "belt":
      return drawBelt(c, look, plan);
    case "pocketSquare":
      return drawPocketSquare(c, look, plan);
    case "tieBar":
      return drawTieBar(c, look);
    case "wallet":
      return drawWallet(c, look);
  }
}

/** The SVG for image `n` (1-based) of a product. */
function productImageSvg(product: SeedProduct, n: number): string {
  const words = ` ${product.name} ${product.specifications?.pattern ?? ""} ${product.specifications?.material ?? ""} ${(product.tags ?? []).join(" ")} `.toLowerCase();
  const colours = product.availableColors ?? [];
  if (colours.length === 0) throw new Error(`"${product.name}" has no colours to paint`);
  const detail = n === 2;
  const colour = colours[n <= 2 ? 0 : (n - 2) % colours.length] ?? colours[0] ?? "";
  const kind = kindOf(product, words);
  const texture = textureOf(kind, words, product) ?? (detail ? "weave" : null);
  const look = lookFor(colour, kind, texture, words);
  // Kaftans and robes wear their second colour as embroidery, unless the row says it is tonal.
  const contrast = colours.find((other) => other !== colour && colourKey(other) !== MULTICOLOUR);
  if ((kind === "kaftan" || kind === "tunic" || kind === "robe") && contrast && !has(words, "tonal", "gold") && !look.multi) {
    look.accent = paletteHex(contrast);
  }
  const plan: Plan = { product, kind, words, look };
  const canvas = new Canvas(look);
  if (detail) drawDetail(canvas, look, plan);
  else drawMain(canvas, look, plan);
  const title = detail ? `${product.name}: detail` : n > 2 ? `${product.name} in ${colour}` : product.name;
  return canvas.render(title, backdropFor(kind, look.base), detail ? 2.4 : 1);
}

/** File-name slug of a product name: lower-case ASCII letters and digits joined by hyphens. */
function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function main(): void {
  const products = readSeedCatalogue();
  mkdirSync(OUT_DIR, { recursive: true });
  // Start clean so renamed products leave no stale files behind.
  for (const file of readdirSync(OUT_DIR)) if (file.endsWith(".svg")) rmSync(path.join(OUT_DIR, file));
  let count = 0;
  let bytes = 0;
  let largest = { file: "", size: 0 };
  for (const product of products) {
    const images = product.productImages ?? [];
    images.forEach((url, index) => {
      if (!url.startsWith(SEED_IMAGE_URL_PREFIX)) throw new Error(`"${product.name}": ${url} is not a seed image URL`);
      const file = url.slice(SEED_IMAGE_URL_PREFIX.length);
      const match = /^([a-z0-9-]+)-(\d+)\.svg$/.exec(file);
      if (match === null || match[1] !== slugOf(product.name) || Number(match[2]) !== index + 1) {
        throw new Error(`"${product.name}": image ${index + 1} should be ${slugOf(product.name)}-${index + 1}.svg, got ${file}`);
      }
      const target = path.join(OUT_DIR, file);
      writeFileSync(target, productImageSvg(product, index + 1));
      const size = statSync(target).size;
      count += 1;
      bytes += size;
      if (size > largest.size) largest = { file, size };
    });
  }
  console.log(`Wrote ${count} images for ${products.length} products to seed/images (${(bytes / 1024).toFixed(0)} KB; largest ${largest.file} ${(largest.size / 1024).toFixed(1)} KB)`);
}

main();
