// Characters no typed text may hold (ours). PostgreSQL refuses U+0000 in a text value outright
// (a NUL in any field was a 500), and the other C0 controls and DEL are never typed by a person:
// they corrupt e-mails, CSV exports and logs. Multi-line text (a message) keeps tab, line feed
// and carriage return; a single-line field (a name, an address line, a code) keeps none of them.
// Bidirectional formatting characters are refused too: an override (U+202E) makes "G\u202eus"
// read "Gsu" reversed in the order list, an e-mail or a label, so what the owner sees is not
// what was typed ("Trojan Source", CVE-2021-42574). Nobody types the embeddings, overrides and
// isolates; the invisible direction marks (U+200E, U+200F, U+061C) are kept in multi-line text,
// where right-to-left writing may use them, but not in a name or a code, where they only make
// two different values look alike.
import { z } from "zod";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** U+202A-U+202E (embeddings, overrides, their pop) and U+2066-U+2069 (isolates, their pop). */
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
/** The invisible direction marks: left-to-right, right-to-left, Arabic letter mark. */
const isDirectionMark = (code: number) => code === 0x200e || code === 0x200f || code === 0x061c;

/**
 * Whether PostgreSQL can store the text: no U+0000, and no half of a surrogate pair on its own
 * (JSON's "\ud800" escape makes one; PostgreSQL refuses it in text and in json, which was a 500).
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return false;
      i += 1;
    } else if (isLowSurrogate(code)) return false;
  }
  return true;
}

/** Whether the text has a bidirectional embedding, override or isolate (refused in any text). */
export function hasBidiControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isBidiControl(text.charCodeAt(i))) return true;
  return false;
}

/**
 * The back office's rule for any text it is sent, whatever the field (free text included: a
 * note, a carrier, a refund reason): storable, and without bidirectional controls.
 */
export function isAcceptedText(text: string): boolean {
  return isStorableText(text) && !hasBidiControls(text);
}

/**
 * Whether any text in a parsed JSON value (keys included) breaks isAcceptedText. Walked with a list
 * rather than by recursion: a body of tens of thousands of nested arrays fits in 100 KB and would
 * overflow the stack (a 500) before the route's own rules refuse it.
 */
export function holdsRefusedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (!isAcceptedText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item !== null && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (!isAcceptedText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The name of a posted form's first entry whose name, value or file name breaks isAcceptedText; null when none does. */
export function refusedFormField(form: FormData): string | null {
  for (const [key, value] of form) {
    if (!isAcceptedText(key) || !isAcceptedText(typeof value === "string" ? value : value.name)) return key;
  }
  return null;
}

export function hasControlCharacters(text: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  if (!isStorableText(text)) return true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isBidiControl(code) || (!multiLine && isDirectionMark(code))) return true;
    // The C1 controls (U+0080-U+009F, NEL among them) are no more typed than the C0 ones.
    if (code > 0x1f && code !== 0x7f && (code < 0x80 || code > 0x9f)) continue;
    if (multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

/**
 * Characters that draw nothing: the soft hyphen, the combining grapheme joiner, the Hangul fillers,
 * the Mongolian vowel separator, the zero-width space, non-joiner and joiner, the word joiner and
 * invisible operators, the byte order mark, the Braille blank. A name made only of them looks
 * empty on a parcel and in the order list. Inside a name they stay: Persian writing needs the
 * zero-width non-joiner between letters.
 */
// The joiners are alternatives of their own: inside a character class they would join with the character before.
const INVISIBLE_CHARACTERS = /\u034f|\u200d|[\u00ad\u115f\u1160\u180e\u200b\u200c\u2060-\u2064\u2800\u3164\ufeff\uffa0]/g;

/** The text without the characters that draw nothing (see INVISIBLE_CHARACTERS). */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, "");
}

/** Whether the text shows anything: one character that is neither a space nor invisible. */
export function hasVisibleCharacters(text: string): boolean {
  return /\S/.test(withoutInvisibleCharacters(text));
}

export function controlCharactersMessage(field: string): string {
  return `${field} contains characters that are not allowed`;
}

/** A zod check for a text field: refuses control characters with a message naming the field. */
export function withoutControlCharacters(field: string, options: { multiLine?: boolean } = {}) {
  return z.string().refine((text) => !hasControlCharacters(text, options), { error: controlCharactersMessage(field) });
}

/**
 * Typographic apostrophes as the plain one: phone keyboards type "O’Neill" where the order was
 * stored as "O'Neill", and a search must find it either way.
 */
export function straightApostrophes(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc\u2032]/g, "'");
}
