// Characters no typed text may hold (ours). PostgreSQL refuses U+0000 in a text value outright
// (a NUL in any field was a 500), and the other C0 controls and DEL are never typed by a person:
// they corrupt e-mails, CSV exports and logs. Multi-line text (a message) keeps tab, line feed
// and carriage return; a single-line field (a name, an address line, a code) keeps none of them.
import { z } from "zod";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

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

/** Whether any text in a parsed JSON value (keys included) cannot be stored. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return !isStorableText(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, item]) => !isStorableText(key) || holdsUnstorableText(item));
  return false;
}

/** Whether a posted form holds a value or a file name that cannot be stored. */
export function formHoldsUnstorableText(form: FormData): boolean {
  for (const [key, value] of form) {
    if (!isStorableText(key) || !isStorableText(typeof value === "string" ? value : value.name)) return true;
  }
  return false;
}

export function hasControlCharacters(text: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  if (!isStorableText(text)) return true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x1f && code !== 0x7f) continue;
    if (multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
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
