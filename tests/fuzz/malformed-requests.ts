// A deterministic generator of malformed requests (seeded PRNG): bodies of every content type,
// broken, truncated and oversized; NUL, invalid UTF-8 and overlong strings; odd methods;
// malformed cookies; malformed percent-encoding in paths and queries; JSON of the wrong shape.
// The same seed gives the same requests, so a failure can be replayed from its seed and index.
import type { RawRequest } from "../helpers/raw-http.ts";
import { seededRandom } from "../helpers/seeded-random.ts";


type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;
const int = (random: Random, max: number) => Math.floor(random() * max);

/** What the generator may use to look real: ids that exist, a session's cookie. */
export type FuzzWorld = {
  productIds: string[];
  sessionIds: string[];
  sessionCookie: string;
  origin: string;
  /** The largest body the host accepts (bigger ones are sent now and then). */
  bodyLimit: number;
};

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\t\n\r",
  "\ud800",
  "\udfff\ud800",
  "😀".repeat(50),
  "x".repeat(10_000),
  "é".repeat(3000),
  "null",
  "undefined",
  "true",
  "-1",
  "0",
  "1e309",
  "NaN",
  "9007199254740993",
  "-0",
  "0x10",
  "1.5",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "{}",
  "[]",
  "GBP",
  "GHS",
  "United Kingdom",
  "Korea, North",
  "SAVE10",
  "a@b.co",
  "not-an-email",
  "ORD-000001",
  "4242 4242 4242 4242",
  "12/30",
  "123",
  "signin",
  "signup",
  "cancel",
  "pay",
  "standard",
  "express",
  "buy-now",
  "cart",
];

/** Path segments and query values as raw (already encoded) text: broken encodings on purpose. */
const RAW_SEGMENTS = ["%", "%%", "%E0%A4%A", "%C0%AF", "%FF%FE", "%ED%A0%80", "%00", "a%00b", "%2e%2e", "..", ".", "%2F", "%5C", "~", "%20", "%u0041", "x".repeat(3000), "%F0%9F%98%80", "a;b", "a,b", "@", "%0D%0A"];

const FIELD_NAMES = [
  "firstName", "lastName", "email", "phone", "subject", "message", "website", "orderNumber", "intent", "currency", "returnTo",
  "cardNumber", "expiry", "cvc", "cardName", "password", "country", "address", "city", "postalCode", "state", "redirect", "tab",
];

const QUERY_NAMES = ["page", "pageSize", "category", "redirect", "tab", "sort", "q", "returnTo", "index", "_routes", "session_id", "colour", "size", "min", "max"];

const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data; boundary=XYZ",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/json",
  "application/json; charset=latin1",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "*/*",
  ";;;",
  "application/x-www-form-urlencoded, application/json",
];

const METHODS = ["GET", "GET", "GET", "POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

const COOKIES = [
  "currency=%",
  "currency=%E0%A4%A",
  "currency=GHS; currency=",
  "currency=GHS; currency=GBP",
  "currency=XYZ",
  "currency=GHS",
  "=",
  ";;;",
  "currency",
  "better-auth.session_token=%",
  "better-auth.session_token=garbage.signature",
  "better-auth.session_token=" + "a".repeat(4000),
  "guest_cart=%7B%22x%22",
  "a=b; a=c; a=%",
];

/** Percent-encoding that keeps a lone surrogate as the (invalid) bytes it would be, instead of throwing. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, (char, at: number) => {
    const pair = /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(at, at + 2)) || /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(at - 1, at + 1));
    return pair ? char : "\uFFFD";
  })).replace(/%EF%BF%BD/g, "%ED%A0%80");
}

function nastyString(random: Random): string {
  return pick(random, NASTY_STRINGS);
}

function nastyJsonValue(random: Random, depth = 0): unknown {
  switch (int(random, depth > 3 ? 6 : 9)) {
    case 0:
      return nastyString(random);
    case 1:
      return pick(random, [0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 100000]);
    case 2:
      return pick(random, [true, false]);
    case 3:
      return null;
    case 4:
      return nastyString(random).slice(0, 40);
    case 5:
      return int(random, 5);
    case 6:
      return Array.from({ length: int(random, 4) }, () => nastyJsonValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = int(random, 5); i > 0; i--) object[pick(random, [...FIELD_NAMES, "items", "customerInfo", "shippingAddress", "source", "sessionId", "discountCode", "product_id", "quantity", "selected_size", "selected_color", "lines", "__proto__", "constructor"])] = nastyJsonValue(random, depth + 1);
      return object;
    }
  }
}

/** JSON in the shapes the API expects, with wrong types and values mixed in. */
function plausibleJson(random: Random, world: FuzzWorld): unknown {
  const line = () => ({
    product_id: chance(random, 0.7) && world.productIds.length ? pick(random, world.productIds) : nastyJsonValue(random, 2),
    quantity: chance(random, 0.6) ? pick(random, [1, 2, 0, -1, 1.5, 1e9, "1"]) : nastyJsonValue(random, 2),
    selected_size: chance(random, 0.5) ? pick(random, ["40R", "M", "L", "", "XXL"]) : nastyJsonValue(random, 2),
    selected_color: chance(random, 0.5) ? pick(random, ["Navy", "Black", "", "Plaid"]) : nastyJsonValue(random, 2),
  });
  const shapes = [
    () => ({ items: Array.from({ length: int(random, 4) }, line) }),
    () => ({ lines: Array.from({ length: int(random, 4) }, line) }),
    () => line(),
    () => ({ quantity: nastyJsonValue(random, 2) }),
    () => ({
      source: pick(random, ["cart", "buy-now", "x", 1]),
      items: Array.from({ length: int(random, 3) }, line),
      customerInfo: chance(random, 0.7) ? { firstName: nastyString(random), lastName: "Owusu", email: pick(random, ["ama@example.com", nastyString(random)]), phone: nastyString(random) } : nastyJsonValue(random, 2),
      shippingAddress: chance(random, 0.7) ? { address: nastyString(random), city: "London", state: nastyString(random), postalCode: "N1 1AA", country: pick(random, ["United Kingdom", "UK", "Iran", "Korea, North", nastyString(random)]) } : nastyJsonValue(random, 2),
      shippingMethod: pick(random, ["standard", "express", "teleport", null]),
      discountCode: chance(random, 0.5) ? nastyString(random) : null,
    }),
    () => ({ sessionId: chance(random, 0.5) && world.sessionIds.length ? pick(random, world.sessionIds) : nastyJsonValue(random, 2) }),
    () => ({ discountCode: nastyJsonValue(random, 2), source: "cart", items: [line()] }),
    () => ({ country: nastyJsonValue(random, 2), subtotal: nastyJsonValue(random, 2), method: nastyJsonValue(random, 2) }),
    () => ({ email: pick(random, ["a@example.com", nastyString(random)]), password: nastyString(random), name: nastyJsonValue(random, 2), callbackURL: nastyString(random) }),
    () => ({ type: pick(random, ["checkout.session.completed", "checkout.session.expired", "x"]), data: { object: { id: pick(random, [...world.sessionIds, "cs_x"]), payment_status: "paid" } } }),
    () => nastyJsonValue(random),
  ];
  return pick(random, shapes)();
}

function urlEncodedForm(random: Random): string {
  const parts: string[] = [];
  for (let i = int(random, 8); i >= 0; i--) {
    const name = chance(random, 0.85) ? pick(random, FIELD_NAMES) : pick(random, RAW_SEGMENTS);
    const value = chance(random, 0.7) ? encode(nastyString(random)) : pick(random, RAW_SEGMENTS);
    parts.push(chance(random, 0.05) ? name : `${encode(name)}=${value}`);
  }
  return parts.join(chance(random, 0.1) ? ";" : "&");
}

function multipartForm(random: Random): string {
  const boundary = "XYZ";
  let body = "";
  for (let i = int(random, 5); i >= 0; i--) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${pick(random, FIELD_NAMES)}"${chance(random, 0.2) ? '; filename="a.txt"\r\nContent-Type: text/plain' : ""}\r\n\r\n${nastyString(random)}\r\n`;
  }
  return chance(random, 0.7) ? `${body}--${boundary}--\r\n` : body;
}

function invalidUtf8(random: Random): Buffer {
  const bytes = [0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff, 0xfe, 0xf8, 0x88, 0x80, 0x80, 0x80, 0xe0, 0x80];
  return Buffer.from(Array.from({ length: 1 + int(random, 200) }, () => (chance(random, 0.5) ? pick(random, bytes) : 0x20 + int(random, 95))));
}

function bodyFor(random: Random, world: FuzzWorld, contentType: string): Buffer {
  const kind = contentType.split(";")[0]!.trim();
  let body: Buffer;
  if (chance(random, 0.1)) body = invalidUtf8(random);
  else if (kind === "application/json") body = Buffer.from(chance(random, 0.9) ? JSON.stringify(plausibleJson(random, world)) ?? "null" : pick(random, ["{", '{"a":', "[1,2", "nul", '"\\ud800"', "{}}", "\u0000"]));
  else if (kind === "multipart/form-data") body = Buffer.from(multipartForm(random));
  else if (kind === "application/x-www-form-urlencoded") body = Buffer.from(urlEncodedForm(random));
  else body = Buffer.from(chance(random, 0.5) ? urlEncodedForm(random) : JSON.stringify(plausibleJson(random, world)) ?? "");
  // Truncated: cut anywhere, as a dropped upload or a lying client would send it.
  if (chance(random, 0.15)) body = body.subarray(0, int(random, body.length + 1));
  // Oversized now and then: just over the host's limit.
  if (chance(random, 0.03)) body = Buffer.concat([body, Buffer.alloc(world.bodyLimit + 1 - Math.min(body.length, world.bodyLimit), "a")]);
  return body;
}

/** A concrete path for a route pattern of src/web/routes.ts, real or broken parameters alike. */
function pathFor(random: Random, world: FuzzWorld, pattern: string): string {
  const segments = pattern === "" ? [] : pattern.split("/");
  const filled = segments.flatMap((segment) => {
    if (segment === "*") return Array.from({ length: 1 + int(random, 3) }, () => (chance(random, 0.5) ? pick(random, RAW_SEGMENTS) : encode(nastyString(random).slice(0, 30)) || "x"));
    if (!segment.startsWith(":")) return [segment];
    if (segment.endsWith("?") && chance(random, 0.3)) return [];
    const name = segment.slice(1).replace(/\?$/, "");
    if (chance(random, 0.4)) {
      if (name === "id" && world.productIds.length) return [pick(random, world.productIds)];
      if (name === "sessionId" && world.sessionIds.length) return [pick(random, world.sessionIds)];
      if (name === "category") return [pick(random, ["suits", "traditional", "shirts", "accessories", "shoes"])];
    }
    return [chance(random, 0.6) ? pick(random, RAW_SEGMENTS) : encode(nastyString(random)) || "x"];
  });
  let path = `/${filled.join("/")}`;
  if (chance(random, 0.2)) path = path === "/" ? "/_root.data" : `${path}.data`;
  if (chance(random, 0.05)) path += pick(random, ["/", "//", "/.", "/..", "%2F"]);
  if (chance(random, 0.5)) {
    const query: string[] = [];
    for (let i = int(random, 4); i >= 0; i--) {
      const value = chance(random, 0.5) ? pick(random, RAW_SEGMENTS) : encode(nastyString(random).slice(0, 200));
      query.push(`${chance(random, 0.8) ? pick(random, QUERY_NAMES) : pick(random, RAW_SEGMENTS)}=${value}`);
    }
    path += `?${query.join("&")}`;
  }
  return path;
}

function headersFor(random: Random, world: FuzzWorld): Record<string, string> {
  const headers: Record<string, string> = {};
  // Every request comes from its own made-up client (the fuzz server trusts loopback as a proxy),
  // so per-IP limits do not turn the run into a test of the rate limiter.
  headers["x-forwarded-for"] = `10.${int(random, 256)}.${int(random, 256)}.${int(random, 256)}`;
  if (chance(random, 0.5)) headers.cookie = chance(random, 0.3) ? world.sessionCookie : pick(random, COOKIES);
  if (chance(random, 0.3)) headers.cookie = `${headers.cookie ?? ""}; ${pick(random, COOKIES)}`;
  const origin = int(random, 10);
  if (origin < 5) headers.origin = world.origin;
  else if (origin === 5) headers.origin = "https://evil.example";
  else if (origin === 6) headers.origin = "null";
  if (chance(random, 0.1)) headers["sec-fetch-site"] = pick(random, ["cross-site", "same-origin", "none", "same-site", "bogus"]);
  if (chance(random, 0.2)) headers["sec-fetch-mode"] = "navigate";
  if (chance(random, 0.2)) headers.accept = pick(random, ["application/json", "text/html", "*/*", "text/x-script", "garbage"]);
  if (chance(random, 0.2)) headers["accept-encoding"] = pick(random, ["gzip", "br", "deflate", "identity;q=0", "*", "gzip;q=x"]);
  if (chance(random, 0.1)) headers["user-agent"] = pick(random, ["Googlebot/2.1", "curl/8", "", "x".repeat(2000)]);
  if (chance(random, 0.1)) headers["stripe-signature"] = pick(random, ["t=1,v1=abc", "", "garbage"]);
  if (chance(random, 0.1)) headers["local-signature"] = pick(random, ["t=1,v1=abc", "", "garbage"]);
  if (chance(random, 0.05)) headers.authorization = pick(random, ["Bearer x", "Basic %%%", ""]);
  if (chance(random, 0.05)) headers["x-forwarded-proto"] = pick(random, ["https", "gopher", ""]);
  if (chance(random, 0.05)) headers["x-forwarded-host"] = pick(random, ["evil.example", "a:b:c", ""]);
  return headers;
}

/** The index-th malformed request for one route of the routing table. */
export function malformedRequest(seed: number, pattern: string, index: number, world: FuzzWorld): RawRequest {
  let hash = seed;
  for (const char of pattern) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  const random = seededRandom((hash ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const method = pick(random, METHODS);
  const headers = headersFor(random, world);
  const request: RawRequest = { method, path: pathFor(random, world, pattern), headers, timeoutMs: 60_000 };
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS" ? chance(random, 0.9) : chance(random, 0.05)) {
    const contentType = chance(random, 0.9) ? pick(random, CONTENT_TYPES) : undefined;
    if (contentType) headers["content-type"] = contentType;
    const body = bodyFor(random, world, contentType ?? "");
    if (chance(random, 0.2)) {
      request.chunked = true;
      const size = 1 + int(random, 4096);
      request.body = Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));
    } else {
      request.body = body;
    }
  }
  return request;
}
