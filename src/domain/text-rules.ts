// Characters no typed text may hold (ours). PostgreSQL refuses U+0000 in a text value outright
// (a NUL in any field was a 500), and the other C0 controls and DEL are never typed by a person:
// they corrupt e-mails, CSV exports and logs. Multi-line text (a message) keeps tab, line feed
// and carriage return; a single-line field (a name, an address line, a code) keeps none of them.
import { z } from "zod";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export function hasControlCharacters(text: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
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
