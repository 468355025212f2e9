// Load on one route with autocannon: a content check, a short warm-up, then the measured run.
import autocannon from "autocannon";

export type Route = {
  name: string;
  path: string;
  /** Text the response must contain to show it is the real page (a product id), not a placeholder. */
  mustContain: string;
  /** Extra request headers (the admin bench's session cookie). */
  headers?: Record<string, string>;
};

export type LoadSettings = { durationSeconds: number; warmupSeconds: number; connections: number };

export type RouteResult = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  /** One plain request before the load: its status, and whether it showed the expected product. */
  check: { status: number | null; showsCatalogue: boolean };
  /** The machine's ceiling for a response of this page's size (ceiling.ts), measured in the same run. */
  ceiling?: Ceiling;
};

export type Ceiling = { bytes: number; requestsPerSecond: number; p99Ms: number; errors: number };

// Browsers ask for compressed responses, so the server pays for compression as it would in use.
export const BROWSER_HEADERS: Record<string, string> = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

// Every request comes from a different simulated shopper: the host rate-limits /api/ per client
// address (600 a minute) and the bench's server trusts X-Forwarded-For from loopback (TRUST_PROXY),
// so without this the bench would measure 429 answers. The addresses are from 198.18.0.0/15, reserved for benchmarks.
let shopper = 0;
function nextShopperAddress(): string {
  shopper = (shopper + 1) % 131_072;
  return `198.${18 + (shopper >> 16)}.${(shopper >> 8) & 255}.${shopper & 255}`;
}

function run(url: string, seconds: number, connections: number, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextShopperAddress() } }) }],
  });
}

async function checkRoute(url: string, mustContain: string, headers: Record<string, string> = {}): Promise<RouteResult["check"]> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    return { status: response.status, showsCatalogue: response.ok && body.includes(mustContain) };
  } catch {
    return { status: null, showsCatalogue: false };
  }
}

export async function measureRoute(baseUrl: string, route: Route, settings: LoadSettings): Promise<RouteResult> {
  const url = baseUrl + route.path;
  const check = await checkRoute(url, route.mustContain, route.headers);
  if (settings.warmupSeconds > 0) await run(url, settings.warmupSeconds, settings.connections, route.headers);
  const result = await run(url, settings.durationSeconds, settings.connections, route.headers);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    name: route.name,
    path: route.path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    check,
  };
}

/** The same load as measureRoute, on a static copy of the page (ceiling.ts). */
export async function measureCeiling(url: string, bytes: number, settings: LoadSettings): Promise<Ceiling> {
  if (settings.warmupSeconds > 0) await run(url, settings.warmupSeconds, settings.connections);
  const result = await run(url, settings.durationSeconds, settings.connections);
  return { bytes, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}
