// `npm run bench`: builds the shop once, then for each catalogue size fills a throwaway database,
// starts the production server on it and measures the storefront routes under load (see README.md).
// Options: --sizes=10000,100 --duration=10 --connections=20 --warmup=2 --engine=postgres|pglite
// (default: PostgreSQL when its server binaries are installed, as in production; PGlite otherwise)
// --no-lighthouse (skip the Lighthouse runs, which need Chromium at CHROME_PATH or /usr/bin/chromium).
// --discovery=both|api: the discovery views (search, sorted and filtered category, suggestions) are
// judged through GET /api/products and GET /api/search/suggestions; "both" (the default) also
// measures the HTML pages /search and /category/...?sort= for information (bench/discovery-routes.ts).
// --admin-orders=100000 [--admin-customers=40000] adds the admin run (bench/admin.ts): a shop with
// that many orders (3 lines each), the admin screens under load as a signed-in admin, and the CSV
// export of every order; 0 (the default) leaves it out. --admin-only skips the storefront runs.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { adminRoutes, BENCH_ADMIN, evaluateAdminTargets, formatAdmin, measureExport, signInAdmin, type AdminResult } from "./admin.ts";
import { BIGGEST_CATEGORY, createCatalogueDatabase, type CatalogueFacts } from "./catalogue.ts";
import { DEFAULT_DISCOVERY_TARGET, discoveryRoutes, type DiscoveryTarget } from "./discovery-routes.ts";
import { measureFirstLoadJs } from "./first-load-js.ts";
import { serveStaticCopy } from "./ceiling.ts";
import { BROWSER_HEADERS, measureCeiling, measureRoute, type Ceiling, type LoadSettings, type Route, type RouteResult } from "./load.ts";
import { fillOrders } from "./orders.ts";
import { postgresAvailable, startBenchPostgres, type BenchPostgres } from "./postgres.ts";
import { runLighthouse, type LighthouseOutcome } from "./lighthouse.ts";
import { evaluateTargets, formatFirstLoad, formatLighthouse, formatSize, formatTargets, PAGE_ROUTES, type FirstLoadResult, type SizeResult } from "./report.ts";
import { buildApp, productionServerCommand, startShopServer, type ShopServer } from "../tests/helpers/server-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BUILD_DIR = "build-bench";
const RESULTS_FILE = path.join(ROOT, "bench/results/latest.json");

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    engine: { type: "string" },
    lighthouse: { type: "boolean", default: true },
    "admin-orders": { type: "string", default: "0" },
    "admin-customers": { type: "string" },
    "admin-only": { type: "boolean", default: false },
    discovery: { type: "string", default: DEFAULT_DISCOVERY_TARGET },
  },
  allowNegative: true,
});

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, got "${text}"`);
  return value;
}

const sizes = args.sizes.split(",").map((s) => positiveInteger("sizes", s.trim()));
const settings: LoadSettings = {
  durationSeconds: positiveInteger("duration", args.duration),
  connections: positiveInteger("connections", args.connections),
  warmupSeconds: Number(args.warmup) || 0,
};

type Engine = "postgres" | "pglite";
function chooseEngine(requested: string | undefined): Engine {
  if (requested === undefined) return postgresAvailable() ? "postgres" : "pglite";
  if (requested !== "postgres" && requested !== "pglite") throw new Error(`--engine must be postgres or pglite, got "${requested}"`);
  if (requested === "postgres" && !postgresAvailable()) {
    throw new Error("--engine=postgres needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb); none were found");
  }
  return requested;
}
const engine = chooseEngine(args.engine);

if (args.discovery !== "api" && args.discovery !== "both") throw new Error(`--discovery must be both or api, got "${args.discovery}"`);
const discoveryTarget: DiscoveryTarget = args.discovery;

const adminOrders = args["admin-orders"] === "0" ? 0 : positiveInteger("admin-orders", args["admin-orders"]);
const adminCustomers = args["admin-customers"] === undefined ? Math.max(1, Math.round(adminOrders * 0.4)) : positiveInteger("admin-customers", args["admin-customers"]);

const biggestSlug = encodeURIComponent(BIGGEST_CATEGORY);

function routesFor(catalogue: CatalogueFacts): Route[] {
  return [
    { name: "home", path: "/", mustContain: catalogue.newestId },
    { name: "category p1", path: `/category/${biggestSlug}`, mustContain: catalogue.newestInBiggestId },
    { name: "category deep", path: `/category/${biggestSlug}?page=${catalogue.deepPage}`, mustContain: catalogue.oldestInBiggestId },
    { name: "product", path: `/product/${catalogue.sampleProductId}`, mustContain: catalogue.sampleProductId },
    { name: "api products", path: `/api/products?category=${biggestSlug}&page=1&pageSize=12`, mustContain: catalogue.newestInBiggestId },
  ];
}

const log = (message: string) => console.error(`[bench] ${message}`);
const seconds = (since: number) => (performance.now() - since) / 1000;

// What must be undone however the run ends: the server first, then PostgreSQL, then the folders.
let server: ShopServer | undefined;
let postgres: BenchPostgres | null = null;
const tempDirs: string[] = [];
async function cleanUp(): Promise<void> {
  await server?.stop().catch((error: unknown) => log(`could not stop the server: ${String(error)}`));
  server = undefined;
  try {
    postgres?.stop();
  } catch (error) {
    log(`could not stop PostgreSQL: ${String(error)}`);
  }
  postgres = null;
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  // The bench build would otherwise be linted as source (eslint ignores build/ only).
  rmSync(path.join(ROOT, BUILD_DIR), { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

type PageFigures = { firstLoad: FirstLoadResult[]; lighthouse: LighthouseOutcome[] };

async function benchSize(size: number, measurePages: boolean): Promise<{ result: SizeResult } & PageFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `menswear-bench-${size}-`));
  tempDirs.push(dataDir);

  let started = performance.now();
  let catalogue: CatalogueFacts;
  // The load generator plays many shoppers through X-Forwarded-For (bench/load.ts): the server
  // believes it only from a proxy it trusts, here the loopback the bench connects from.
  const env: Record<string, string> = { TRUST_PROXY: "loopback" };
  if (postgres) {
    const url = await postgres.createDatabase(`bench_${size}`);
    log(`${size} products: filling PostgreSQL database bench_${size}`);
    catalogue = await createCatalogueDatabase({ engine: "postgres", url }, size);
    // As in production: PostgreSQL, and a session secret of its own (required there).
    env.DATABASE_URL = url;
    env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
  } else {
    log(`${size} products: filling PGlite in ${dataDir}`);
    catalogue = await createCatalogueDatabase({ engine: "pglite", dataDir }, size);
  }
  const seedSeconds = seconds(started);

  started = performance.now();
  server = await startShopServer({ dataDir, buildDir: BUILD_DIR, env });
  const startSeconds = seconds(started);
  log(`server ${server.pid} healthy at ${server.url} after ${startSeconds.toFixed(1)} s`);

  const storefrontPages = ["/", `/category/${biggestSlug}`, `/product/${catalogue.sampleProductId}`];
  // The JavaScript budget holds for every storefront page, not only the three Lighthouse visits.
  const otherPages = ["/cart", "/checkout", "/contact", "/auth", "/faq", "/orders/lookup"];
  const firstLoad: FirstLoadResult[] = [];
  if (measurePages) {
    for (const page of [...storefrontPages, ...otherPages]) {
      firstLoad.push(await measureFirstLoadJs(server.url, page).catch((error: unknown) => ({ page, error: String(error) })));
    }
  }

  // Each page's ceiling is measured just before the page itself, under the same conditions.
  const ceilings = new Map<string, Ceiling>();
  const measure = async (routes: Route[], label: string) => {
    const results: RouteResult[] = [];
    for (const route of routes) {
      let ceiling = ceilings.get(route.name);
      if (!ceiling) {
        const copy = await serveStaticCopy(server!.url + route.path, BROWSER_HEADERS, dataDir, route.name);
        log(`${size} products: ceiling for ${route.path}: a static ${copy.bytes}-byte copy from a minimal node server`);
        try {
          ceiling = await measureCeiling(copy.url, copy.bytes, settings);
        } finally {
          await copy.stop();
        }
        ceilings.set(route.name, ceiling);
      }
      log(`${size} products${label}: ${route.path} (${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s x ${settings.connections} connections)`);
      results.push({ ...(await measureRoute(server!.url, route, settings)), ceiling });
    }
    return results;
  };
  const routes = await measure(routesFor(catalogue), "");
  const peakMemoryBytes = server.peakMemoryBytes();
  let lighthouse: LighthouseOutcome[] = [];
  if (measurePages && args.lighthouse) {
    log(`${size} products: Lighthouse (mobile) on ${storefrontPages.join(", ")}`);
    lighthouse = await runLighthouse(server.url, storefrontPages).catch((error: unknown) => storefrontPages.map((page) => ({ page, error: String(error) })));
  }
  await server.stop();

  // The same pages with the page cache off: every request renders and queries, so this is where a
  // big catalogue would cost more than a small one (the scaling target is judged on these).
  server = await startShopServer({ dataDir, buildDir: BUILD_DIR, env: { ...env, PAGE_CACHE_SECONDS: "0" } });
  // The discovery views (issue 16) are judged only here: every search and filter renders and queries.
  const renderedRoutes = await measure(
    [...routesFor(catalogue).filter((route) => PAGE_ROUTES.includes(route.name)), ...discoveryRoutes(catalogue, discoveryTarget)],
    " (page cache off)",
  );
  await server.stop();
  server = undefined;
  return { result: { catalogue, seedSeconds, startSeconds, routes, renderedRoutes, peakMemoryBytes }, firstLoad, lighthouse };
}

/**
 * The admin run: the smallest catalogue plus `adminOrders` orders in a database of its own, the
 * server signed in to as the admin, each admin route under load, then the export of every order.
 */
async function benchAdmin(catalogueSize: number): Promise<AdminResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "menswear-bench-admin-"));
  tempDirs.push(dataDir);
  // Like the storefront runs: each request comes from its own address, so the per-IP limit of /api/ does not answer 429.
  const env: Record<string, string> = { TRUST_PROXY: "loopback", ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
  const started = performance.now();
  let facts;
  if (postgres) {
    const url = await postgres.createDatabase("bench_admin");
    log(`admin: ${catalogueSize} products and ${adminOrders} orders for ${adminCustomers} customers in PostgreSQL database bench_admin`);
    await createCatalogueDatabase({ engine: "postgres", url }, catalogueSize);
    facts = await fillOrders({ engine: "postgres", url }, { orders: adminOrders, customers: adminCustomers });
    env.DATABASE_URL = url;
    env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
  } else {
    log(`admin: ${catalogueSize} products and ${adminOrders} orders for ${adminCustomers} customers in PGlite (${dataDir})`);
    await createCatalogueDatabase({ engine: "pglite", dataDir }, catalogueSize);
    facts = await fillOrders({ engine: "pglite", dataDir }, { orders: adminOrders, customers: adminCustomers });
  }
  const seedSeconds = seconds(started);
  log(`admin: orders written in ${seedSeconds.toFixed(1)} s`);
  server = await startShopServer({ dataDir, buildDir: BUILD_DIR, env });
  const cookie = await signInAdmin(server.url);
  const routes: AdminResult["routes"] = [];
  for (const route of adminRoutes(facts, cookie)) {
    log(`admin: ${route.path} (${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s x ${settings.connections} connections)`);
    routes.push({ ...(await measureRoute(server.url, route, settings)), kind: route.kind });
  }
  const peakMemoryBytes = server.peakMemoryBytes();
  await server.stop();
  // The export on a server of its own: its memory high-water mark is then the export's alone.
  server = await startShopServer({ dataDir, buildDir: BUILD_DIR, env });
  const exportCookie = await signInAdmin(server.url);
  log("admin: downloading the CSV export of every order (fresh server)");
  const running = server;
  const exported = await measureExport(server.url, exportCookie, () => running.peakMemoryBytes());
  await server.stop();
  server = undefined;
  return { facts, seedSeconds, routes, export: exported, peakMemoryBytes };
}

// Other work on the machine (a browser test run, a build) shows up as slow pages: say so.
function loadAverage(): string {
  const [oneMinute = 0] = os.loadavg();
  const busy = oneMinute > os.cpus().length / 2;
  return `load average ${oneMinute.toFixed(2)} on ${os.cpus().length} CPUs${busy ? " (BUSY: other work is running; figures will be slower than the shop is)" : ""}`;
}

async function main(): Promise<boolean> {
  const loadAtStart = loadAverage();
  log(`machine ${loadAtStart}`);
  log(`building into ${BUILD_DIR}/`);
  await buildApp(BUILD_DIR);
  let engineDescription = "PGlite (embedded, inside the shop's process)";
  let memoryNote = "PGlite's memory is part of it";
  if (engine === "postgres") {
    postgres = await startBenchPostgres();
    if (!postgres) throw new Error("could not start PostgreSQL");
    engineDescription = `PostgreSQL ${postgres.version} (throwaway local server, a separate process)`;
    memoryNote = "PostgreSQL is a separate server, not counted";
  }
  const serverCommand = productionServerCommand(BUILD_DIR).description;
  log(`engine: ${engineDescription}`);
  log(`server: ${serverCommand} (as package.json "start:prod")`);

  const results: SizeResult[] = [];
  let firstLoad: FirstLoadResult[] = [];
  let lighthouse: LighthouseOutcome[] = [];
  if (args["admin-only"] && adminOrders === 0) throw new Error("--admin-only needs --admin-orders=N");
  for (const [index, size] of (args["admin-only"] ? [] : sizes).entries()) {
    const figures = await benchSize(size, index === 0);
    results.push(figures.result);
    if (index === 0) ({ firstLoad, lighthouse } = figures);
  }

  const admin = adminOrders > 0 ? await benchAdmin(Math.min(...sizes)) : null;

  const checks = [...evaluateTargets(results, firstLoad, lighthouse), ...(admin ? evaluateAdminTargets(admin) : [])];
  const passed = checks.every((c) => c.pass);
  const loadAtEnd = loadAverage();
  console.log(
    [
      "",
      `Engine: ${engineDescription}\nServer: ${serverCommand}`,
      ...results.map((result) => formatSize(result, memoryNote)),
      formatFirstLoad(firstLoad),
      ...(lighthouse.length > 0 ? [formatLighthouse(lighthouse)] : []),
      ...(admin ? [formatAdmin(admin)] : []),
      formatTargets(checks),
      `Machine: at start ${loadAtStart}; at end ${loadAtEnd}`,
    ].join("\n\n"),
  );

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const cpus = os.cpus();
  const report = {
    finishedAt: new Date().toISOString(),
    machine: { cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown", memoryBytes: os.totalmem(), node: process.version, platform: process.platform },
    loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
    engine: { name: engine, description: engineDescription },
    serverCommand,
    settings,
    sizes: results,
    firstLoadJs: firstLoad,
    lighthouse,
    admin,
    targets: checks,
    passed,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`${passed ? "All targets met." : "Some targets were missed (FAIL above)."} Results: ${path.relative(ROOT, RESULTS_FILE)}`);
  return passed;
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
