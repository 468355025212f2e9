// Checks every request passes before React Router sees it: one place, so no route can forget them.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { requestErrors } from "../domain/messages/requests.ts";
import { parseCookies } from "../server/http/cookies.ts";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * A refusal in the shape the caller reads: `{ "error": ... }` under /api/, plain text elsewhere.
 * Whatever body is still coming is read and thrown away (limitBodies bounds how much): Node closes
 * a connection whose request body was left unread, and a client still sending then gets a
 * connection reset instead of the answer.
 */
export function refuse(req: Request, res: Response, status: number, message: string): void {
  req.resume();
  if (res.headersSent) return;
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (isApiPath(req.path)) res.json({ error: message });
  else res.type("text/plain; charset=utf-8").send(message);
}

/** Every method the shop answers: the JSON API's five and HEAD and OPTIONS. */
export const SHOP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** A page takes GET and HEAD, and a form's POST: PUT, PATCH and DELETE are the JSON API's. */
export const PAGE_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const UNSAFE_ON_PAGES = new Set(["PUT", "PATCH", "DELETE"]);

export const isApiPath = (path: string) => path.startsWith("/api/");

/**
 * Methods are settled before any route runs. One the shop does not speak (TRACE, PROPFIND, ...)
 * is 405 with the methods it does speak: the router's request object refuses some of them with
 * an exception, a 500. A page's form is a POST, so PUT, PATCH and DELETE on a page are 405 too,
 * rather than running the form's action (DELETE /auth signed a shopper in). Every 405, the router's
 * own for a page without a form included, names what the address takes in `Allow` (RFC 9110).
 */
export const settleMethods: RequestHandler = (req, res, next) => {
  const api = isApiPath(req.path);
  if (!(SHOP_METHODS as readonly string[]).includes(req.method) || (!api && UNSAFE_ON_PAGES.has(req.method))) {
    res.setHeader("Allow", (api ? SHOP_METHODS : PAGE_METHODS).join(", "));
    return refuse(req, res, 405, requestErrors.methodNotAllowed);
  }
  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    // The API's endpoints name their own methods; a page without a form takes only GET and HEAD.
    if (status === 405 && res.getHeader("allow") === undefined) res.setHeader("Allow", "GET, HEAD, OPTIONS");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};

/**
 * A URL whose path or query holds a NUL (`/pay/%00`) names nothing the shop has, and PostgreSQL
 * refuses the character in any text value: such a request is answered 400 before any lookup.
 */
export const refuseNulInUrl: RequestHandler = (req, res, next) => {
  if (/%00/i.test(req.originalUrl) || req.originalUrl.includes("\u0000")) return refuse(req, res, 400, requestErrors.badUrl);
  next();
};

/**
 * Refuses a state change (any method but GET and HEAD) that a browser says comes from another
 * site, so a page elsewhere cannot sign a shopper out or change their settings with their own
 * cookies (docs/decisions/010-request-limits-and-origin-check.md). The browser names the page in
 * `Origin`; it must be the shop's public origin or the origin the request was sent to. Without
 * `Origin`, `Sec-Fetch-Site` must not say another site. A request with neither header is not from
 * a browser page (Stripe's webhook, curl) and carries no ambient cookies: it passes.
 */
export function sameOriginStateChanges(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === `${req.protocol}://${req.headers.host ?? ""}`) return next();
      return refuse(req, res, 403, requestErrors.crossOrigin);
    }
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") return refuse(req, res, 403, requestErrors.crossOrigin);
    next();
  };
}

/** The error a body read fails with once the body passes its limit (entry.server.tsx does not log it). */
export const BODY_TOO_LARGE = "BodyTooLargeError"; // entry.server.tsx matches the same name

/**
 * After a 413 the rest of the body is read and thrown away, as web servers' "lingering close"
 * does: a client still sending when the answer comes would otherwise get a connection reset
 * instead of the 413 (its unread data is lost with the reset, and a client busy writing its body
 * may not have read the answer yet). The drain lasts for at least this much of the body and at
 * least LINGER_AFTER_REFUSAL_MS; past both, the connection is dropped, so a body that never ends
 * cannot hold it.
 */
const DISCARD_AFTER_REFUSAL_BYTES = 8 * 1024 * 1024;
const LINGER_AFTER_REFUSAL_MS = 5_000;

/**
 * Bodies over their route's limit are answered 413 before they are read into memory: a declared
 * Content-Length over the limit at once, a chunked body as soon as the bytes received pass it.
 * The body is counted as it streams to React Router (the adapter reads `req`'s data events), so
 * the webhook still gets its raw bytes untouched. A body cut at the limit never reaches an action
 * as a shorter valid form: its reader fails instead.
 */
export function limitBodies(limitFor: (path: string) => number, { lingerMs = LINGER_AFTER_REFUSAL_MS } = {}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(req.path);
    let received = 0;
    let refusedAt: number | undefined;
    const emit = req.emit;
    const refuseBody = () => {
      refusedAt = Date.now();
      refuse(req, res, 413, requestErrors.tooLarge);
    };
    req.emit = function (this: Request, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "data") {
        received += (args[0] as { length?: number } | undefined)?.length ?? 0;
        if (refusedAt !== undefined) {
          if (received > limit + DISCARD_AFTER_REFUSAL_BYTES && Date.now() - refusedAt > lingerMs) req.socket.destroy();
          return false;
        }
        if (received > limit) {
          refuseBody();
          const error = Object.assign(new Error(requestErrors.tooLarge), { name: BODY_TOO_LARGE, status: 413 });
          if (this.listenerCount("error") > 0) emit.call(this, "error", error);
          return false;
        }
      }
      // The body's reader has failed already; an end now would read as a complete, shorter body.
      if (event === "end" && refusedAt !== undefined) return false;
      return emit.call(this, event, ...args);
    } as Request["emit"];
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(Number(declared) <= limit)) {
      if (!(Number(declared) <= limit + DISCARD_AFTER_REFUSAL_BYTES)) res.setHeader("Connection", "close");
      return refuseBody();
    }
    next();
  };
}

/**
 * A response made for a shopper with a session (any cookie but the display currency, as for the
 * page cache) or one that sets a cookie is theirs alone: `private, no-store`, so no shared cache
 * or back-forward cache keeps it. Public pages for signed-out shoppers keep their own caching.
 */
export function privateWhenPersonal(sharedCookie: string): RequestHandler {
  return (req, res, next) => {
    const cookies = parseCookies(req.headers.cookie);
    const personal = cookies.malformed || cookies.repeated.size > 0 || [...cookies.values.keys()].some((name) => name !== sharedCookie);
    const writeHead = res.writeHead as (...args: unknown[]) => Response;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      // An immutable answer (the back office's hashed stylesheet) is the same for everyone: it stays cacheable.
      const immutable = String(res.getHeader("cache-control") ?? "").includes("immutable");
      if ((personal && !immutable) || res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
