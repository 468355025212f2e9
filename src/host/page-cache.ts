// A short-lived cache of the storefront's public pages for shoppers who are not signed in (see
// docs/decisions/008-public-page-cache-and-plain-node-host.md). Such a shopper's page depends only on its URL and the
// display-currency cookie, so for a second or two every such shopper can be given the same bytes
// instead of the same page being rendered again: rendering a category page costs ~9 ms of CPU, a
// hit well under 1 ms. What is kept here is never needed for correctness: each process has its own
// copy, it ages out after `ttlMs`, and every price, stock level and total is checked again on the
// server when the shopper adds to the cart or pays.
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { writtenChunkToBuffer } from "./written-chunk.ts";
import { parseCookies } from "../server/http/cookies.ts";

export type PageCacheOptions = {
  /** How long a page is served again after it was rendered; 0 turns the cache off. */
  ttlMs: number;
  /** Most pages kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept in all (plain and deflated), so odd query strings cannot fill the memory. */
  maxTotalBytes: number;
  /** Pages bigger than this are never kept. */
  maxBodyBytes: number;
  /** Paths (without the query) whose pages are the same for every signed-out shopper. */
  isPublicPath: (path: string) => boolean;
  /** The only cookie a public page may depend on; a request with any other cookie is not cached. */
  varyCookie: string;
  now?: () => number;
};

/**
 * A page cut at the CSP nonce it was rendered with: each response puts its own nonce between the
 * pieces. Each piece is also kept deflated on its own, ending on a byte boundary, so a gzip answer
 * is the deflated pieces with the new nonce between them as a stored (uncompressed) block: a hit
 * costs no compression, and no nonce is ever sent twice.
 */
type Entry = {
  headers: Array<[string, string | string[]]>;
  pieces: Buffer[];
  deflatedPieces: Buffer[];
  bytes: number;
  expiresAt: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman, end-of-block only): ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);

function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const marker = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, from)) {
    pieces.push(body.subarray(from, at));
    from = at + marker.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

function storedBlock(data: Buffer): Buffer[] {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return [header, data];
}

function plainBody(entry: Entry, nonce: Buffer): Buffer {
  return Buffer.concat(entry.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [nonce, piece])));
}

function gzipBody(entry: Entry, nonce: Buffer): Buffer {
  let crc = 0;
  let length = 0;
  const parts: Buffer[] = [GZIP_HEADER];
  entry.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(...storedBlock(nonce));
      crc = crc32(nonce, crc);
      length += nonce.length;
    }
    parts.push(entry.deflatedPieces[i]!);
    crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(DEFLATE_END, trailer);
  return Buffer.concat(parts);
}

// Headers that belong to one response, not to the page: the host sets them again on every request.
export const PAGE_CACHE_HEADER = "x-page-cache";

const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "date",
  "connection",
  "transfer-encoding",
  "ratelimit",
  "ratelimit-policy",
  PAGE_CACHE_HEADER,
]);

/**
 * The cookie value the page depends on ("" without it), or null when the page must not be shared:
 * another cookie is present, the cookie is sent twice (which one the app reads would be a guess),
 * or a part is malformed. Read with the app's own parser, so the key is what the page was made of.
 */
function varyingCookieValue(cookieHeader: string | undefined, name: string): string | null {
  const cookies = parseCookies(cookieHeader);
  if (cookies.malformed || cookies.repeated.size > 0) return null;
  for (const cookieName of cookies.values.keys()) if (cookieName !== name) return null;
  return cookies.values.get(name) ?? "";
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // One render per page at a time: shoppers asking for a page being rendered wait for it.
  const rendering = new Map<string, Promise<void>>();

  const keyOf = (req: Request): string | null => {
    if (options.ttlMs <= 0 || req.method !== "GET" || req.headers.authorization) return null;
    if (!options.isPublicPath(req.path)) return null;
    const cookie = varyingCookieValue(req.headers.cookie, options.varyCookie);
    return cookie === null ? null : `${cookie} ${req.originalUrl}`;
  };

  let totalBytes = 0;
  // Bumped by clear(): a page whose render began before a catalogue change is not kept.
  let generation = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    forget(key);
    if (entry.expiresAt <= now()) return undefined;
    // Map order is recency order: a hit moves the page to the end.
    entries.set(key, entry);
    totalBytes += entry.bytes;
    return entry;
  };

  const store = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    while (entries.size > options.maxEntries || totalBytes > options.maxTotalBytes) forget(entries.keys().next().value!);
  };

  const send = (req: Request, res: Response, entry: Entry) => {
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ""));
    res.status(200);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader(PAGE_CACHE_HEADER, "hit");
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      // Already encoded: the compression middleware leaves it as it is.
      res.setHeader("Content-Encoding", "gzip");
      res.end(gzipBody(entry, nonce));
    } else {
      res.end(plainBody(entry, nonce));
    }
  };

  /** Collects what the page writes and keeps it when it is a plain 200 page for everyone. */
  const record = (key: string, res: Response, next: NextFunction): Promise<void> => {
    const nonce = String(res.locals.cspNonce ?? "");
    const startedIn = generation;
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = writtenChunkToBuffer(chunk, encoding);
      if (!buffer) return void (tooBig = true);
      bytes += buffer.length;
      if (bytes > options.maxBodyBytes) tooBig = true;
      else chunks.push(buffer);
    };
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as Response["write"];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (startedIn === generation && res.statusCode === 200 && !tooBig && !res.getHeader("set-cookie") && !/no-store|private/i.test(cacheControl)) {
        const headers: Entry["headers"] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
          headers.push([name, typeof value === "number" ? String(value) : value]);
        }
        const pieces = cutAtNonce(Buffer.concat(chunks, bytes), nonce);
        const deflatedPieces = pieces.map((piece) => deflateRawSync(piece, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
        const kept = bytes + deflatedPieces.reduce((sum, piece) => sum + piece.length, 0);
        store(key, { headers, pieces, deflatedPieces, bytes: kept, expiresAt: now() + options.ttlMs });
      }
      settle();
      return end(...args);
    }) as Response["end"];
    res.once("close", settle);
    res.setHeader(PAGE_CACHE_HEADER, "miss");
    next();
    return done;
  };

  const middleware = async function pageCache(req: Request, res: Response, next: NextFunction): Promise<void> {
    const key = keyOf(req);
    if (key === null) return next();
    let entry = fresh(key);
    const inProgress = entry ? undefined : rendering.get(key);
    if (inProgress) {
      await inProgress;
      entry = fresh(key);
      // The page it waited for could not be kept (an error, a cookie set): render this one as usual.
      if (!entry) return next();
    }
    if (entry) return send(req, res, entry);
    const recorded = record(key, res, next);
    rendering.set(key, recorded);
    void recorded.finally(() => rendering.delete(key));
  };
  /**
   * Forgets every kept page, after a product changed: the next shopper gets a fresh page. Pages
   * being rendered when this runs are not kept (they may have read the product before the change).
   */
  const clear = () => {
    entries.clear();
    totalBytes = 0;
    generation++;
  };
  return Object.assign(middleware, { clear });
}
