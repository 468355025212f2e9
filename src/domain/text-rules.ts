// Characters no typed text may hold (ours). PostgreSQL refuses U+0000 in a text value outright
// (a NUL in any field was a 500), and the other C0 controls and DEL are never typed by a person:
// they corrupt e-mails, CSV exports and logs. Multi-line text (a message) keeps tab, line feed
// and carriage return; a single-line field (a name, an address line, a code) keeps none of them.
import { z } from "zod";

const CONTROL_IN_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_IN_SINGLE_LINE = /[\u0000-\u001F\u007F]/;

export function hasControlCharacters(text: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  return (multiLine ? CONTROL_IN_MULTI_LINE : CONTROL_IN_SINGLE_LINE).test(text);
}

export function controlCharactersMessage(field: string): string {
  return `${field} contains characters that are not allowed`;
}

/** A zod check for a text field: refuses control characters with a message naming the field. */
export function withoutControlCharacters(field: string, options: { multiLine?: boolean } = {}) {
  return z.string().refine((text) => !hasControlCharacters(text, options), { error: controlCharactersMessage(field) });
}
