// The one reader of the Cookie header, for the page cache's key and for the app alike: if the two
// read a header differently (`currency=GHS; currency=` is GHS to one and "" to the other), a page
// rendered for one shopper's cookie is served to shoppers with another (cache poisoning).
// It never throws: a value that is not valid percent-encoding is ignored, as if it were not sent.

export type ParsedCookies = {
  /** Each name's decoded value; for a name sent twice, the first one (RFC 6265 5.4: most specific path first). */
  values: Map<string, string>;
  /** Names sent more than once: which one the shopper "has" is ambiguous. */
  repeated: Set<string>;
  /** Whether any part had no name, no "=", or a value that could not be decoded. */
  malformed: boolean;
};

function decode(value: string): string | null {
  const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!unquoted.includes("%")) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return null;
  }
}

export function parseCookies(header: string | null | undefined): ParsedCookies {
  const values = new Map<string, string>();
  const repeated = new Set<string>();
  const seen = new Set<string>();
  let malformed = false;
  for (const part of (header ?? "").split(";")) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const eq = trimmed.indexOf("=");
    const name = eq < 0 ? "" : trimmed.slice(0, eq).trim();
    if (name === "") {
      malformed = true;
      continue;
    }
    // A repeat counts even when its value is broken: the app could not tell which one is meant.
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
    const value = decode(trimmed.slice(eq + 1).trim());
    if (value === null) {
      malformed = true;
      continue;
    }
    if (!values.has(name)) values.set(name, value);
  }
  return { values, repeated, malformed };
}

/** One cookie's value, or null when it is absent, undecodable or sent more than once. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  const cookies = parseCookies(header);
  if (cookies.repeated.has(name)) return null;
  return cookies.values.get(name) ?? null;
}
