import { errorChain } from "../../domain/error-chain.ts";
import { apiErrors } from "../../domain/messages/cart.ts";
import { logRequestError } from "../http/error-log.server.ts";

// Telling "the database is away" (a restart, a failover, a network cut) from every other fault,
// so callers can answer 503 and workers can wait for it to come back instead of failing loudly.

// SQLSTATE classes and codes that mean the connection or the server is gone, not that the query
// was wrong: 08 connection exception, 57P01-57P03 admin shutdown / crash shutdown / cannot
// connect now (starting up or shutting down), 53300 too many connections.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
// What node-postgres and the operating system say when there is no server to talk to.
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // the server closed the socket
  /^Client was closed and is not queryable/i, // a transaction's connection died under it
  /^Client has encountered a connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i, // the pool's connectionTimeoutMillis
  /^Query read timeout$/, // the pool's query_timeout: the database stopped answering
  /^Connection terminated due to connection timeout/i,
];

/** The SQL standard's codes the shop answers as a refusal rather than a fault. */
export const SQLSTATE = { uniqueViolation: "23505", foreignKeyViolation: "23503" } as const;

/**
 * The database's own error inside whatever wraps it (Drizzle and better-auth put it in `cause`):
 * its SQLSTATE and, for a broken constraint, the constraint's name. Null when there is none.
 */
export function databaseErrorOf(error: unknown): { code: string; constraint: string | undefined } | null {
  for (const link of errorChain(error)) {
    const { code, constraint } = link as { code?: unknown; constraint?: unknown };
    // Five characters with a digit: a SQLSTATE, not a system error such as EPIPE.
    if (typeof code === "string" && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === "string" ? constraint : undefined };
  }
  return null;
}

/**
 * A row written for an account deleted meanwhile (its owner's data erased while they were still
 * using the shop): a `user_id` foreign key pointing at no user. The person is signed out by then,
 * and is answered so.
 */
export function isAccountGone(error: unknown): boolean {
  const found = databaseErrorOf(error);
  return found?.code === SQLSTATE.foreignKeyViolation && found.constraint !== undefined && USER_FOREIGN_KEY.test(found.constraint);
}

/** Drizzle's name for a foreign key from any table's `user_id` to the accounts table. */
const USER_FOREIGN_KEY = /_user_id_user_id_fk$/;

/** True when `error` (or anything in its `cause` chain, as better-auth wraps it) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a connect to every address of a host failed) keeps its causes in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The log of a background worker whose sweep runs again and again: while the database is away
 * every sweep fails the same way, so only the first failure of a run is logged (with its cause),
 * and one line says when sweeps succeed again. Other faults are logged each time, as they may
 * differ.
 */
export function createSweepLog(worker: string) {
  let down = false;
  return {
    failed(error: unknown) {
      if (!isDatabaseUnavailable(error)) {
        logRequestError(worker, error);
        return;
      }
      if (down) return;
      down = true;
      // The driver's own words ("connect ECONNREFUSED ..."), not the query that met them: Drizzle's
      // message is the whole statement on many lines.
      let root: unknown = error;
      while (root instanceof Error && root.cause !== undefined) root = root.cause;
      const reason = root instanceof Error ? root.message : String(root);
      console.error(`${worker}: the database is unavailable (${reason}); retrying quietly until it is back`);
    },
    succeeded() {
      if (!down) return;
      down = false;
      console.log(`${worker}: the database is back`);
    },
  };
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer while the database is away: 503 with the API's error shape. Thrown from a loader or
 * an action it is sent as is by a JSON route, and a page shows its error screen with status 503.
 */
export function serviceUnavailableResponse(): Response {
  return Response.json(
    { error: apiErrors.unavailable },
    { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}
