// The data error mapper of storefront.md section 8: any error from a data call becomes one of
// six plain messages. Pure: it reads the error's code, status and message, never the network.
import { dataErrors as messages } from "./messages/forms.ts";

type ErrorFacts = { codes: Set<string>; statuses: Set<number>; text: string };

// Drivers and ORMs wrap the database error (Drizzle puts the pg error in `cause`), so look a
// few levels down; the depth limit guards against cause cycles.
const MAX_CAUSE_DEPTH = 5;

function collectFacts(error: unknown): ErrorFacts {
  const facts: ErrorFacts = { codes: new Set(), statuses: new Set(), text: "" };
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current != null; depth += 1) {
    if (typeof current === "string") {
      texts.push(current);
      break;
    }
    if (typeof current !== "object") break;
    const record = current as Record<string, unknown>;
    if (typeof record.code === "string" || typeof record.code === "number") {
      facts.codes.add(String(record.code).toUpperCase());
    }
    for (const key of ["status", "statusCode"]) {
      const status = record[key];
      if (typeof status === "number") facts.statuses.add(status);
    }
    for (const key of ["message", "details", "hint", "name"]) {
      const value = record[key];
      if (typeof value === "string") texts.push(value);
    }
    current = record.cause;
  }
  facts.text = texts.join(" \n ").toLowerCase();
  return facts;
}

const has = (facts: ErrorFacts, ...needles: string[]): boolean =>
  needles.some((needle) => facts.text.includes(needle));

/**
 * storefront.md section 8 "Data error mapper", checked in the table's order:
 * duplicate key (PostgreSQL 23505), foreign key (23503), not found (PostgREST PGRST116 "no
 * rows", HTTP 404), unauthorized or permission (42501, HTTP 401/403), network error or offline
 * ("Failed to fetch", "NetworkError", undici "fetch failed", connection refused), anything else.
 */
export function mapDataError(error: unknown): string {
  const facts = collectFacts(error);
  if (facts.codes.has("23505") || has(facts, "duplicate key", "unique constraint", "already exists")) {
    return messages.duplicate;
  }
  if (facts.codes.has("23503") || has(facts, "foreign key")) {
    return messages.foreignKey;
  }
  if (
    facts.codes.has("PGRST116") ||
    facts.statuses.has(404) ||
    has(facts, "no rows", "0 rows", "not found")
  ) {
    return messages.notFound;
  }
  if (
    facts.codes.has("42501") ||
    facts.statuses.has(401) ||
    facts.statuses.has(403) ||
    has(facts, "unauthorized", "unauthorised", "permission", "not authorized", "forbidden")
  ) {
    return messages.permission;
  }
  if (
    facts.codes.has("ECONNREFUSED") ||
    facts.codes.has("ECONNRESET") ||
    facts.codes.has("ETIMEDOUT") ||
    facts.codes.has("ENOTFOUND") ||
    has(facts, "failed to fetch", "networkerror", "network error", "network request failed", "fetch failed", "offline")
  ) {
    return messages.network;
  }
  return messages.unexpected;
}
