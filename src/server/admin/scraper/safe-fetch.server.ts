// The scraper's only way onto the network (decision 031): a GET that cannot be pointed at the
// shop's own machine or private network. Every hop (the first URL and each redirect, re-checked)
// must be http(s) on port 80 or 443; a host name is resolved inside the connection's own `lookup`
// (an undici Agent's `connect.lookup`, handed to the socket), so the address that is checked is
// the address connected to and a DNS answer that changes between a check and the connect (DNS
// rebinding) cannot slip through. Literal addresses are checked
// before connecting (Node does not call `lookup` for them). One deadline covers the whole fetch,
// bodies are capped (after decompression), and only the expected content types are read.
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { Agent, request as undiciRequest, type Dispatcher } from "undici";
import { mediaTypeOfHeader } from "../../http/media-type.ts";
import { isPublicUnicastAddress } from "./address-policy.server.ts";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Host name to addresses; tests inject one that answers with a private address. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type FetchRefusal =
  | "invalid_url"
  | "scheme"
  | "credentials"
  | "port"
  | "private_address"
  | "dns"
  | "connect"
  | "timeout"
  | "too_large"
  | "content_type"
  | "too_many_redirects"
  | "http_status";

export type SafeFetchResult =
  | { ok: true; url: string; contentType: string; charset: string | null; body: Buffer }
  | { ok: false; refusal: FetchRefusal; detail?: string };

export type SafeFetchOptions = {
  /** "html" for product pages, "image" for their pictures. */
  accept: "html" | "image";
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * The test switch (SCRAPER_ALLOW_HOSTS): exact "host:port" pairs, such as "127.0.0.1:4567",
   * that skip the address and port rules (never the scheme, size, time or type rules). Empty in
   * production: the configuration refuses to start with it there.
   */
  allowHosts?: ReadonlySet<string>;
  resolve?: Resolver;
  userAgent?: string;
};

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
// SVG is refused on purpose: it is a document that can reference other files, not a picture.
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const DEFAULT_USER_AGENT = "MenswearShopProductScraper/1.0 (+admin product import)";

export const defaultResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

class RefusedError extends Error {
  constructor(
    readonly refusal: FetchRefusal,
    detail?: string,
  ) {
    super(detail ?? refusal);
  }
}

/** The host as the URL parser normalised it ("2130706433" is already "127.0.0.1"), without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function portOf(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function hostKey(url: URL): string {
  return `${url.hostname}:${portOf(url)}`;
}

/** The rules a URL must pass before anything is sent; the address rule for names runs at connect. */
function checkTarget(url: URL, allowHosts: ReadonlySet<string>): { allowed: boolean } {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RefusedError("scheme", url.protocol);
  if (url.username !== "" || url.password !== "") throw new RefusedError("credentials");
  const allowed = allowHosts.has(hostKey(url));
  if (allowed) return { allowed };
  // "localhost." is "localhost": a trailing dot only marks a fully qualified name.
  const host = bareHost(url).toLowerCase().replace(/\.+$/, "");
  if (isIP(host) !== 0) {
    if (!isPublicUnicastAddress(host)) throw new RefusedError("private_address", host);
  } else if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
    // Names that only mean something on this machine or its network ("localhost", "intranet",
    // "printer.local", "metadata.google.internal") are refused before any lookup.
    throw new RefusedError("private_address", host);
  }
  const port = portOf(url);
  if (port !== 80 && port !== 443) throw new RefusedError("port", String(port));
  return { allowed };
}

/**
 * The socket's `lookup`: resolves with the given resolver and refuses the connection unless
 * every address of the answer is public (a mixed answer is refused, not filtered).
 */
function checkingLookup(resolve: Resolver, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new RefusedError("dns", hostname);
        const refused = check ? answers.find((answer) => !isPublicUnicastAddress(answer.address)) : undefined;
        if (refused) throw new RefusedError("private_address", refused.address);
        const wanted = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
        if (wanted.length === 0) throw new RefusedError("dns", hostname);
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((error: unknown) => {
        const refusal = error instanceof RefusedError ? error : new RefusedError("dns", hostname);
        callback(refusal as NodeJS.ErrnoException, "", 4);
      });
  };
}

type Answer = { status: number; headers: Record<string, string | undefined>; body: Readable; close: () => void };

/** One GET on a connection of its own (no pooling: each connection is made, and checked, for this request). */
async function request(url: URL, options: { lookup: LookupFunction; signal: AbortSignal; accept: string; userAgent: string; timeoutMs: number }): Promise<Answer> {
  const dispatcher = new Agent({
    connect: { lookup: options.lookup, timeout: options.timeoutMs },
    connections: 1,
    pipelining: 0,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const close = () => void dispatcher.destroy().catch(() => {});
  let answer: Dispatcher.ResponseData;
  try {
    answer = await undiciRequest(url, {
      dispatcher,
      method: "GET",
      signal: options.signal,
      headers: { accept: options.accept, "accept-encoding": "gzip, deflate, br", "user-agent": options.userAgent },
    });
  } catch (error) {
    close();
    throw error;
  }
  // Dropping a body we do not read (a redirect, a refused type) makes undici emit an abort error
  // on it; that is expected, not a failure. Reading errors still reach the reader.
  answer.body.on("error", () => {});
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return { status: answer.statusCode, headers, body: answer.body, close };
}

/** The body, decompressed, refused as soon as it passes `maxBytes` (a small gzip can be a huge page). */
async function readCapped(response: Answer, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw new RefusedError("too_large");
  const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  let stream: Readable = response.body;
  if (encoding === "gzip" || encoding === "x-gzip") stream = response.body.pipe(zlib.createGunzip());
  else if (encoding === "deflate") stream = response.body.pipe(zlib.createInflate());
  else if (encoding === "br") stream = response.body.pipe(zlib.createBrotliDecompress());
  else if (encoding !== "identity" && encoding !== "") throw new RefusedError("content_type", `encoding ${encoding}`);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new RefusedError("too_large");
      chunks.push(chunk as Buffer);
    }
  } finally {
    response.body.destroy();
    if (stream !== response.body) stream.destroy();
  }
  return Buffer.concat(chunks);
}

function asRefusal(error: unknown, signal: AbortSignal): { refusal: FetchRefusal; detail?: string } {
  if (signal.aborted) return { refusal: "timeout" };
  if (error instanceof RefusedError) return { refusal: error.refusal, detail: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { refusal: "dns" };
  if (code === "ABORT_ERR" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return { refusal: "timeout" };
  // undici hands back the error our lookup gave the socket, sometimes as the cause of its own.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof RefusedError) return { refusal: cause.refusal, detail: cause.message };
  // zlib errors (a corrupt compressed body) and sockets that fail or close early.
  return { refusal: "connect", detail: typeof code === "string" ? code : undefined };
}

/** GET `input` under the rules above. Never throws: every failure is a refusal with its reason. */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const resolve = options.resolve ?? defaultResolver;
  const allowHosts = options.allowHosts ?? new Set<string>();
  const accept = options.accept === "html" ? "text/html,application/xhtml+xml;q=0.9" : "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9";
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  try {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return { ok: false, refusal: "invalid_url" };
    }
    for (let redirects = 0; ; redirects++) {
      const { allowed } = checkTarget(url, allowHosts);
      const lookup = checkingLookup(resolve, !allowed);
      const response = await request(url, { lookup, signal: controller.signal, accept, userAgent, timeoutMs: options.timeoutMs });
      try {
        const answered = await readAnswer(response, url, options, redirects);
        if ("next" in answered) {
          url = answered.next;
          continue;
        }
        return answered;
      } finally {
        response.close();
      }
    }
  } catch (error) {
    return { ok: false, ...asRefusal(error, controller.signal) };
  } finally {
    clearTimeout(timer);
  }
}

/** What one answer means: the next hop of a redirect, a refusal, or the page. */
async function readAnswer(response: Answer, url: URL, options: SafeFetchOptions, redirects: number): Promise<SafeFetchResult | { next: URL }> {
  const status = response.status;
  if (status >= 300 && status < 400 && status !== 304) {
    const location = response.headers.location;
    response.body.destroy();
    if (!location) return { ok: false, refusal: "http_status", detail: String(status) };
    if (redirects >= options.maxRedirects) return { ok: false, refusal: "too_many_redirects" };
    try {
      return { next: new URL(location, url) };
    } catch {
      return { ok: false, refusal: "invalid_url" };
    }
  }
  if (status < 200 || status >= 300) {
    response.body.destroy();
    return { ok: false, refusal: "http_status", detail: String(status) };
  }
  const type = mediaTypeOfHeader(response.headers["content-type"]);
  if (!(options.accept === "html" ? HTML_TYPES : IMAGE_TYPES).has(type)) {
    response.body.destroy();
    return { ok: false, refusal: "content_type", detail: type || "no content type" };
  }
  const body = await readCapped(response, options.maxBytes);
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(response.headers["content-type"] ?? "")?.[1] ?? null;
  return { ok: true, url: url.href, contentType: type, charset, body };
}
