// One address per page. A trailing slash (`/faq/`) or capitals in the page's name (`/FAQ`,
// `/Product/<id>`) reached the same page under another address: a second copy for search engines
// to crawl and an odd link when shared. A GET or HEAD of such a page address is answered with a
// permanent redirect to the one the shop links to; the category and product pages do the same for
// the rest of their address (an alias of a category, an id in capitals), where the route knows it.
import type { RequestHandler } from "express";
import { isApiPath } from "./request-guards.ts";

/**
 * The address a page path should have, or null when it already has it or is not a page's: the
 * JSON API, the router's data requests (`.data`), files, and anything starting with two slashes
 * or holding a backslash (a redirect there could leave the shop: `//elsewhere.example/`).
 */
export function canonicalPagePath(pathname: string): string | null {
  if (pathname === "/" || pathname.startsWith("//") || pathname.includes("\\") || isApiPath(pathname.toLowerCase())) return null;
  const trimmed = pathname.replace(/\/+$/, "");
  if (trimmed === "" || trimmed.includes("//") || /\.[^/]*$/.test(trimmed)) return null;
  const [, first = "", ...rest] = trimmed.split("/");
  const canonical = ["", first.toLowerCase(), ...rest].join("/");
  return canonical === pathname ? null : canonical;
}

export const redirectToCanonicalPagePath: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const canonical = canonicalPagePath(req.path);
  if (canonical === null) return next();
  const queryAt = req.originalUrl.indexOf("?");
  res.redirect(301, canonical + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
};
