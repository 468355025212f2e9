// An e-mail address as a person reads it. The shop keeps a domain in another script in its ASCII
// form (email-addresses.ts); screens and e-mails show it as it was typed. A module of its own: the
// storefront's forms load email-addresses.ts in the browser, and need none of this.
import { withAsciiDomain } from "./email-addresses.ts";

// Punycode (RFC 3492) as IDNA uses it for one label: base 36, its bias adapted as it goes.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const ACE_PREFIX = "xn--";

function adaptBias(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digitOf(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** The Unicode text of a punycode label (without "xn--"), or null when it is not one. */
function decodeLabel(encoded: string): string | null {
  const delimiter = encoded.lastIndexOf("-");
  const output = Array.from(delimiter > 0 ? encoded.slice(0, delimiter) : "", (char) => char.codePointAt(0)!);
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < encoded.length; ) {
    const before = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (at >= encoded.length) return null;
      const digit = digitOf(encoded[at++]!);
      if (digit >= BASE) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
      if (i > 0x10ffff * (output.length + 1)) return null;
    }
    bias = adaptBias(i - before, output.length + 1, before === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

// The scripts UTS 39 recommends for identifiers (its highly restrictive level, which browsers
// apply to domains): a letter of any other script leaves its label in the ASCII form.
const RECOMMENDED_SCRIPTS = ["Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar", "Georgian", "Hangul", "Ethiopic", "Khmer", "Hiragana", "Katakana", "Bopomofo", "Han"] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number];
const SCRIPT_PATTERNS = RECOMMENDED_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const);
// Digits, hyphens, symbols and combining marks belong to no script of their own.
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
// The mixes a language writes in (Japanese, Chinese, Korean, each beside Latin).
const WRITTEN_MIXES: readonly (readonly Script[])[] = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/**
 * Whether a decoded label can be shown as it reads: in one script, or in a mix a language uses.
 * "pаypal" with a Cyrillic "а" looks like another domain, so it stays in its ASCII form, as
 * browsers show it (Chromium's IDN display policy).
 */
function isOneScript(label: string): boolean {
  const scripts = new Set<Script>();
  for (const char of label) {
    if (ANY_SCRIPT.test(char)) continue;
    const script = SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0];
    if (!script) return false;
    scripts.add(script);
  }
  return scripts.size <= 1 || WRITTEN_MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)));
}

/** A label as shown: decoded when it is punycode of one script, otherwise as it was; null when not punycode at all. */
function shownLabel(label: string): string | null {
  if (!label.startsWith(ACE_PREFIX)) return label;
  const decoded = decodeLabel(label.slice(ACE_PREFIX.length));
  if (decoded === null) return null;
  return isOneScript(decoded) ? decoded : label;
}

/**
 * The address as a person reads it: a domain kept in its ASCII form ("kofi@xn--bcher-kva.de")
 * shown in its own script ("kofi@bücher.de"). For text on screens and in e-mails only: links
 * (mailto:), searches, exports and what is stored keep the ASCII form. A label is shown decoded
 * only when the URL parser (the same IDNA rules as withAsciiDomain, in the browser and in Node)
 * turns the result back into exactly the stored domain: a label that is not valid IDNA (a typed
 * "xn--" of nonsense, a hidden direction override) stays as it was, and so does one that mixes
 * scripts to look like another (isOneScript).
 */
export function emailForDisplay(email: string): string {
  const at = email.lastIndexOf("@");
  const domain = email.slice(at + 1);
  if (at < 0 || !domain.includes(ACE_PREFIX)) return email;
  const labels = domain.split(".").map(shownLabel);
  if (labels.some((label) => label === null)) return email;
  const shown = `${email.slice(0, at + 1)}${labels.join(".")}`;
  return withAsciiDomain(shown) === email ? shown : email;
}
