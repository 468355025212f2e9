// better-auth's log lines, written as the shop writes its own (error-log.server.ts): an error's
// kind, message and code, never a query's parameters or the database's "detail", which hold the
// shopper's name and e-mail. better-auth's own logger printed the whole error, with both.
import { databaseErrorOf, SQLSTATE } from "../db/database-errors.server.ts";
import { logRequestError } from "../http/error-log.server.ts";

type Level = "debug" | "info" | "warn" | "error";

/**
 * Two sign-ups of one e-mail at once (a double click, two tabs): both pass better-auth's "is it
 * taken" read and the second insert breaks the unique index. The shopper is answered 409 like any
 * taken e-mail; it is not a fault to log.
 */
function isSignUpRaceLost(error: unknown): boolean {
  const cause = databaseErrorOf(error);
  return cause?.code === SQLSTATE.uniqueViolation && cause.constraint === "user_email_unique";
}

/** better-auth's `logger.log`. */
export function logAuthMessage(level: Level, message: string, ...args: unknown[]): void {
  const error = args.find((arg) => arg instanceof Error);
  if (error !== undefined) {
    if (!isSignUpRaceLost(error)) logRequestError(`Better Auth (${message})`, error);
    return;
  }
  // Without an error, only the message: better-auth's other arguments may be a request's body.
  const line = `Better Auth: ${message}`;
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
