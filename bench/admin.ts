// The admin part of `npm run bench` (issue 12 "Performance"): a shop with many orders, an admin
// session for autocannon (signed in once through the shop's sign-in form, its cookie on every
// request), the admin screens and JSON APIs under load, and the CSV export of every order
// downloaded once while the server's memory is watched.
import type { OrderFacts } from "./orders.ts";
import type { Route, RouteResult } from "./load.ts";

export const ADMIN_TARGETS = {
  dashboardP99Ms: 100,
  customersP99Ms: 150,
  ordersP99Ms: 100,
  exportMemoryBytes: 300 * 1_000_000,
};

export const BENCH_ADMIN = { email: "bench-admin@shop.test", password: "bench-admin-password" };

/**
 * Signs in as the admin through the shop's own sign-in form (POST /auth, as a browser without
 * JavaScript posts it) and returns the Cookie header to send: better-auth's session cookie.
 */
export async function signInAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "x-forwarded-for": "198.19.255.1" },
    body: new URLSearchParams({ intent: "signin", email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status >= 400 || cookies.length === 0) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return cookies.join("; ");
}

/** Which target a route is judged against. */
export type AdminRouteKind = "dashboard" | "customers" | "orders";

export type AdminRoute = Route & { kind: AdminRouteKind };

export function adminRoutes(facts: OrderFacts, cookie: string): AdminRoute[] {
  const headers = { cookie };
  const search = encodeURIComponent(facts.searchName);
  return [
    { kind: "dashboard", name: "admin dashboard", path: "/admin", mustContain: facts.newestOrderNumber, headers },
    { kind: "dashboard", name: "api admin dashboard", path: "/api/admin/dashboard", mustContain: facts.newestOrderId, headers },
    { kind: "customers", name: "admin customers", path: "/admin/customers", mustContain: facts.topCustomerEmail, headers },
    { kind: "customers", name: "admin customers search", path: `/admin/customers?search=${search}`, mustContain: facts.searchName, headers },
    { kind: "customers", name: "api admin customers p2", path: "/api/admin/customers?page=2", mustContain: '"page":2', headers },
    { kind: "orders", name: "admin orders", path: "/admin/orders", mustContain: facts.firstListedEmail, headers },
    {
      kind: "orders",
      name: "admin orders search",
      path: `/admin/orders?search=${encodeURIComponent(facts.searchNameEmail)}`,
      mustContain: facts.searchNameEmail,
      headers,
    },
    { kind: "orders", name: "admin orders shipped", path: "/admin/orders?status=shipped", mustContain: facts.firstShippedEmail, headers },
  ];
}

export type ExportResult = {
  path: string;
  status: number | null;
  /** Data rows (lines after the header). */
  rows: number;
  bytes: number;
  seconds: number;
  /** Highest RSS of a freshly started server, sampled while it streamed (its high-water mark). */
  peakMemoryBytes: number | null;
  streamed: boolean;
  error?: string;
};

/**
 * Downloads the export once, reading it as it arrives (as a browser saving a file does), and
 * samples the server's memory all along. `streamed`: the first bytes came long before the last.
 */
export async function measureExport(baseUrl: string, cookie: string, peakMemory: () => number | null): Promise<ExportResult> {
  const path = "/api/admin/orders/export.csv";
  const started = performance.now();
  let firstByteAt: number | null = null;
  let bytes = 0;
  let newlines = 0;
  let peak: number | null = null;
  const sampler = setInterval(() => {
    const value = peakMemory();
    if (value !== null) peak = Math.max(peak ?? 0, value);
  }, 100);
  try {
    const response = await fetch(baseUrl + path, { headers: { cookie, "x-forwarded-for": "198.19.255.2" }, signal: AbortSignal.timeout(600_000) });
    if (!response.ok || !response.body) {
      return { path, status: response.status, rows: 0, bytes: 0, seconds: 0, peakMemoryBytes: peakMemory(), streamed: false, error: `HTTP ${response.status}` };
    }
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteAt ??= performance.now();
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    const value = peakMemory();
    if (value !== null) peak = Math.max(peak ?? 0, value);
    const firstByteSeconds = ((firstByteAt ?? performance.now()) - started) / 1000;
    return { path, status: response.status, rows: Math.max(0, newlines - 1), bytes, seconds, peakMemoryBytes: peak, streamed: firstByteSeconds < seconds / 2 };
  } catch (error) {
    return { path, status: null, rows: 0, bytes, seconds: (performance.now() - started) / 1000, peakMemoryBytes: peak, streamed: false, error: String(error) };
  } finally {
    clearInterval(sampler);
  }
}

export type AdminResult = {
  facts: OrderFacts;
  seedSeconds: number;
  routes: (RouteResult & { kind: AdminRouteKind })[];
  export: ExportResult;
  peakMemoryBytes: number | null;
};

export type TargetCheck = { target: string; measured: string; pass: boolean };

const LIMITS: Record<AdminRouteKind, number> = {
  dashboard: ADMIN_TARGETS.dashboardP99Ms,
  customers: ADMIN_TARGETS.customersP99Ms,
  orders: ADMIN_TARGETS.ordersP99Ms,
};

function clean(route: RouteResult): boolean {
  return route.non2xx === 0 && route.errors === 0 && route.check.showsCatalogue;
}

export function evaluateAdminTargets(result: AdminResult): TargetCheck[] {
  const count = result.facts.orders.toLocaleString("en-GB");
  const checks: TargetCheck[] = result.routes.map((route) => ({
    target: `${route.name} p99 <= ${LIMITS[route.kind]} ms at ${count} orders`,
    measured:
      `${route.p99Ms.toFixed(1)} ms` +
      (!route.check.showsCatalogue
        ? ` (page did not show the expected data, status ${route.check.status ?? "none"}${route.check.status === 404 ? ": route not in this build" : ""})`
        : route.non2xx > 0 || route.errors > 0
          ? ` (${route.non2xx} non-2xx, ${route.errors} errors)`
          : ""),
    pass: clean(route) && route.p99Ms <= LIMITS[route.kind],
  }));
  const exported = result.export;
  const expectedRows = result.facts.orders;
  checks.push({
    target: `CSV export of all ${count} orders streams with server RSS <= ${(ADMIN_TARGETS.exportMemoryBytes / 1e6).toFixed(0)} MB`,
    measured: exported.error
      ? `${exported.error}${exported.status === 404 ? " (route not in this build)" : ""}`
      : `${exported.rows.toLocaleString("en-GB")} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.seconds.toFixed(1)} s, ` +
        `${exported.streamed ? "streamed" : "NOT streamed"}, peak RSS ${exported.peakMemoryBytes === null ? "not measured" : `${(exported.peakMemoryBytes / 1e6).toFixed(1)} MB`}`,
    pass:
      !exported.error &&
      exported.rows >= expectedRows &&
      exported.streamed &&
      exported.peakMemoryBytes !== null &&
      exported.peakMemoryBytes <= ADMIN_TARGETS.exportMemoryBytes,
  });
  return checks;
}

export function formatAdmin(result: AdminResult): string {
  const { facts } = result;
  const rows = result.routes.map((r) => [
    r.name,
    r.path.length > 48 ? `${r.path.slice(0, 45)}...` : r.path,
    r.requestsPerSecond.toFixed(0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.requests.toLocaleString("en-GB"),
    r.non2xx.toLocaleString("en-GB"),
    r.check.showsCatalogue ? "yes" : `no (${r.check.status ?? "no answer"})`,
    `${LIMITS[r.kind]} ms`,
    clean(r) && r.p99Ms <= LIMITS[r.kind] ? "PASS" : "FAIL",
  ]);
  const header = ["route", "path", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "shows data", "target", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ").trimEnd();
  return [
    `== Admin: ${facts.orders.toLocaleString("en-GB")} orders, ${facts.lines.toLocaleString("en-GB")} lines, ${facts.customers.toLocaleString("en-GB")} customers (signed in as the admin)`,
    `   orders written in ${result.seedSeconds.toFixed(1)} s`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `Peak memory of the shop's Node process (RSS) under the admin load above (the export runs on a fresh server): ${result.peakMemoryBytes === null ? "not measured" : `${(result.peakMemoryBytes / 1e6).toFixed(1)} MB`}`,
  ].join("\n");
}
