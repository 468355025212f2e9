// What the shop writes to its log when a request fails: one line saying which request, the
// error's kind, message and code, then where it happened. Never a query's parameters or a
// database's "detail" (they hold shoppers' names, e-mails, phone numbers and addresses), and
// while the database is away, one line per outage rather than a stack per request.
import { withoutCredentials } from "../../domain/credential-paths.ts";
import { isDatabaseUnavailable } from "../db/database-errors.server.ts";

const MAX_CAUSES = 5;
/** While the database is away, how often a line says how many requests it refused meanwhile. */
const OUTAGE_LINE_EVERY_MS = 30_000;

/** An error's name, message and code, down its cause chain, without what a query was given. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined && current !== null; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current).slice(0, 300));
      break;
    }
    const code = (current as { code?: unknown }).code;
    const constraint = (current as { constraint?: unknown }).constraint;
    // Drizzle's message is the statement, then "params: ..." with every value bound to it.
    const message = current.message.split("\nparams:")[0]!.slice(0, 500);
    parts.push(`${current.name}: ${message}${typeof code === "string" ? ` [${code}]` : ""}${typeof constraint === "string" ? ` (${constraint})` : ""}`);
    current = current.cause;
  }
  return parts.join(" <- ");
}

/** Where the first error was raised: its stack without the message lines (which may quote values). */
function whereFrom(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return "";
  return error.stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join("\n");
}

/** Requests refused because the database was away since the last line that said so. */
let outage: { refused: number; lastLine: number } | null = null;

/** Logs a failed request (`what`: "GET /cart", or what failed). */
export function logRequestError(what: string, error: unknown, now = Date.now()): void {
  if (isDatabaseUnavailable(error)) {
    if (outage && now - outage.lastLine < OUTAGE_LINE_EVERY_MS) {
      outage.refused++;
      return;
    }
    const refused = outage && outage.refused > 0 ? ` (and ${outage.refused} more requests since the last line)` : "";
    console.error(`${what}: the database is unavailable${refused}: ${describeError(error)}`);
    outage = { refused: 0, lastLine: now };
    return;
  }
  const stack = whereFrom(error);
  console.error(`${what} failed: ${describeError(error)}${stack ? `\n${stack}` : ""}`);
}

/**
 * "GET /orders/lookup": a request's method and path, without its query (which may carry an e-mail
 * or a search) and with a credential in the path written as its parameter's name ("/pay/:sessionId").
 */
export function requestLine(request: { method: string; url: string }): string {
  const path = URL.canParse(request.url, "http://shop.invalid") ? new URL(request.url, "http://shop.invalid").pathname : request.url.split("?")[0]!;
  return `${request.method} ${withoutCredentials(path)}`;
}
