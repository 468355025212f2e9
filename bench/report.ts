// The targets (issue 3, the JavaScript budget restated with React 19 in decision 018) and the
// tables the bench prints.
import type { CatalogueFacts } from "./catalogue.ts";
import { DISCOVERY_TARGETS, HTML_ROW } from "./discovery-routes.ts";
import type { FirstLoadJs } from "./first-load-js.ts";
import { RUNS, type LighthouseOutcome } from "./lighthouse.ts";
import type { RouteResult } from "./load.ts";

export const TARGETS = {
  /** Category and product pages at the big catalogue. */
  pageP99Ms: 50,
  /** p99 at the big catalogue may be at most this much above p99 at the small one. */
  scalingAllowance: 0.2,
  serverMemoryBytes: 300 * 1_000_000,
  /** The shop's own first-load JavaScript on a storefront page, on top of the framework chunk. */
  ownJsGzipBytes: 25 * 1_000,
  /** Lighthouse, mobile (its default settings). */
  lighthouse: { performance: 95, lcpMs: 2_000, cls: 0.05, tbtMs: 150 },
};

/** Route names the latency targets apply to. */
export const PAGE_ROUTES = ["category p1", "category deep", "product"];

export type SizeResult = {
  catalogue: CatalogueFacts;
  seedSeconds: number;
  startSeconds: number;
  /** The shop as it runs (page cache on). */
  routes: RouteResult[];
  /** The page routes again with the page cache off: every request rendered and queried. */
  renderedRoutes: RouteResult[];
  peakMemoryBytes: number | null;
};

export type FirstLoadResult = FirstLoadJs | { page: string; error: string };

export type TargetCheck = { target: string; measured: string; pass: boolean };

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1_000).toFixed(1)} KB`;
const count = (value: number) => value.toLocaleString("en-GB");

/** A latency figure counts only when every answer was a 2xx and the page showed the catalogue. */
function cleanRun(route: RouteResult): boolean {
  return route.non2xx === 0 && route.errors === 0 && route.check.showsCatalogue;
}

function why(route: RouteResult): string {
  if (!route.check.showsCatalogue) return ` (page did not show the catalogue, status ${route.check.status ?? "none"})`;
  if (route.non2xx > 0 || route.errors > 0) return ` (${count(route.non2xx)} non-2xx, ${count(route.errors)} errors)`;
  return "";
}

export function evaluateTargets(sizes: SizeResult[], firstLoad: FirstLoadResult[], lighthouse: LighthouseOutcome[] = []): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const sorted = [...sizes].sort((a, b) => b.catalogue.size - a.catalogue.size);
  const big = sorted[0];
  const small = sorted.length > 1 ? sorted[sorted.length - 1] : undefined;
  if (big) {
    for (const name of PAGE_ROUTES) {
      const route = big.routes.find((r) => r.name === name);
      if (!route) continue;
      checks.push({
        target: `${name} p99 <= ${TARGETS.pageP99Ms} ms at ${count(big.catalogue.size)} products`,
        measured: ms(route.p99Ms) + why(route),
        pass: cleanRun(route) && route.p99Ms <= TARGETS.pageP99Ms,
      });
      // Scaling is judged on rendered pages: a cached page costs the same whatever the catalogue.
      const bigRendered = big.renderedRoutes.find((r) => r.name === name);
      const smallRendered = small?.renderedRoutes.find((r) => r.name === name);
      if (small && bigRendered && smallRendered) {
        const limit = smallRendered.p99Ms * (1 + TARGETS.scalingAllowance);
        checks.push({
          target: `${name} rendered (cache off) p99 at ${count(big.catalogue.size)} <= p99 at ${count(small.catalogue.size)} + ${TARGETS.scalingAllowance * 100}%`,
          measured: `${ms(bigRendered.p99Ms)} vs ${ms(smallRendered.p99Ms)} (limit ${ms(limit)})${why(bigRendered) || why(smallRendered)}`,
          pass: cleanRun(bigRendered) && cleanRun(smallRendered) && bigRendered.p99Ms <= limit,
        });
      }
    }
  }
  if (big) {
    // Discovery (issue 16): the JSON API answered afresh on every request (page cache off), at the
    // big catalogue and against the small one; the suggestions have a tighter p99 and no scaling
    // target. The HTML rows ("... (HTML)") are for information only and have no target.
    for (const [name, limitMs] of Object.entries(DISCOVERY_TARGETS)) {
      const route = big.renderedRoutes.find((r) => r.name === name);
      if (!route) continue;
      checks.push({
        target: `${name} API (page cache off) p99 <= ${limitMs} ms at ${count(big.catalogue.size)} products (${route.path.split("?")[0]})`,
        measured: ms(route.p99Ms) + why(route),
        pass: cleanRun(route) && route.p99Ms <= limitMs,
      });
      const smallRoute = small?.renderedRoutes.find((r) => r.name === name);
      if (name === "suggestions" || !small || !smallRoute) continue;
      const limit = smallRoute.p99Ms * (1 + TARGETS.scalingAllowance);
      checks.push({
        target: `${name} API (page cache off) p99 at ${count(big.catalogue.size)} <= p99 at ${count(small.catalogue.size)} + ${TARGETS.scalingAllowance * 100}%`,
        measured: `${ms(route.p99Ms)} vs ${ms(smallRoute.p99Ms)} (limit ${ms(limit)})${why(route) || why(smallRoute)}`,
        pass: cleanRun(route) && cleanRun(smallRoute) && route.p99Ms <= limit,
      });
    }
  }
  for (const size of sizes) {
    checks.push({
      target: `peak server memory <= ${mb(TARGETS.serverMemoryBytes)} at ${count(size.catalogue.size)} products`,
      measured: size.peakMemoryBytes === null ? "not measured (no /proc)" : mb(size.peakMemoryBytes),
      pass: size.peakMemoryBytes !== null && size.peakMemoryBytes <= TARGETS.serverMemoryBytes,
    });
  }
  for (const page of firstLoad) {
    if ("error" in page) {
      checks.push({ target: `first-load JS of ${page.page}`, measured: page.error, pass: false });
      continue;
    }
    checks.push({
      target: `the shop's own first-load JS of ${page.page} <= ${kb(TARGETS.ownJsGzipBytes)} gzip on top of the framework chunk`,
      measured:
        page.chunks.length === 0
          ? "no script found in the page: the measurement cannot read it"
          : `${kb(page.ownGzipBytes)} + framework ${kb(page.frameworkGzipBytes)} = ${kb(page.gzipBytes)} in ${page.chunks.length} chunks`,
      // A page whose scripts were not found would pass with 0 KB: that is a broken measurement.
      pass: page.chunks.length > 0 && page.ownGzipBytes <= TARGETS.ownJsGzipBytes,
    });
    checks.push({
      target: `no admin code in the first-load JS of ${page.page}`,
      measured: page.adminFindings.length === 0 ? "none found" : page.adminFindings.join("; "),
      pass: page.adminFindings.length === 0,
    });
  }
  const lh = TARGETS.lighthouse;
  for (const run of lighthouse) {
    if ("error" in run) {
      checks.push({ target: `Lighthouse mobile of ${run.page}`, measured: run.error, pass: false });
      continue;
    }
    checks.push({
      target: `Lighthouse mobile of ${run.page} (median of ${run.runs}): performance >= ${lh.performance}, LCP <= ${lh.lcpMs / 1000} s, CLS <= ${lh.cls}, TBT <= ${lh.tbtMs} ms`,
      measured: `${run.performance}, ${seconds(run.lcpMs)}, ${run.cls.toFixed(3)}, ${run.tbtMs.toFixed(0)} ms`,
      pass: run.performance >= lh.performance && run.lcpMs <= lh.lcpMs && run.cls <= lh.cls && run.tbtMs <= lh.tbtMs,
    });
  }
  return checks;
}

const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
/** A page's requests per second as a share of the machine's ceiling for a response of its size. */
const share = (route: RouteResult) => (route.ceiling && route.ceiling.requestsPerSecond > 0 ? `${((route.requestsPerSecond / route.ceiling.requestsPerSecond) * 100).toFixed(1)}%` : "-");

function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** `memoryNote` says what the memory figure covers (whether the database is inside that process). */
/** `judged`: whether the p99 target applies to these figures (it does to the shop as it runs). */
function routeTable(routes: RouteResult[], judged: boolean): string {
  const rows = routes.map((r) => {
    const other = Object.entries(r.statusCodes)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, n]) => `${code}x${count(n)}`)
      .join(" ");
    const limitMs = judged ? (PAGE_ROUTES.includes(r.name) ? TARGETS.pageP99Ms : undefined) : DISCOVERY_TARGETS[r.name];
    const target =
      limitMs === undefined ? (r.name.endsWith(HTML_ROW) ? "info only" : "-") : cleanRun(r) && r.p99Ms <= limitMs ? `PASS (${limitMs})` : `FAIL (${limitMs})`;
    return [
      r.name,
      r.path.length > 60 ? `${r.path.slice(0, 57)}...` : r.path,
      r.requestsPerSecond.toFixed(0),
      r.ceiling ? `${r.ceiling.requestsPerSecond.toFixed(0)} (${kb(r.ceiling.bytes)})` : "-",
      share(r),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      count(r.requests),
      count(r.non2xx) + (other ? ` (${other})` : ""),
      count(r.errors),
      r.check.showsCatalogue ? "yes" : `no (${r.check.status ?? "no answer"})`,
      target,
    ];
  });
  return table(
    ["route", "path", "req/s", "ceiling req/s (bytes)", "share of ceiling", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "shows catalogue", "p99 target (ms)"],
    rows,
    new Set([2, 3, 4, 5, 6, 7, 8, 9]),
  );
}

export function formatSize(result: SizeResult, memoryNote = ""): string {
  const { catalogue } = result;
  const categories = Object.entries(catalogue.perCategory)
    .map(([name, n]) => `${name} ${count(n)}`)
    .join(", ");
  return [
    `== ${count(catalogue.size)} products (${categories}; deep page ${catalogue.deepPage})`,
    `   database filled in ${result.seedSeconds.toFixed(1)} s, server healthy after ${result.startSeconds.toFixed(1)} s`,
    "",
    routeTable(result.routes, true),
    "",
    "The same pages rendered on every request (PAGE_CACHE_SECONDS=0), for the scaling target (share: of the same ceiling);",
    "the discovery targets (issue 16) are judged on the API rows; the \"(HTML)\" rows are the same views as pages, for information:",
    routeTable(result.renderedRoutes, false),
    "",
    `Peak memory of the shop's Node process (RSS): ${result.peakMemoryBytes === null ? "not measured" : mb(result.peakMemoryBytes)}` +
      ` (target <= ${mb(TARGETS.serverMemoryBytes)})${memoryNote ? `; ${memoryNote}` : ""}`,
  ].join("\n");
}

export function formatFirstLoad(pages: FirstLoadResult[]): string {
  const rows = pages.map((page) =>
    "error" in page
      ? [page.page, "-", "-", "-", "-", "-", page.error]
      : [
          page.page.length > 50 ? `${page.page.slice(0, 47)}...` : page.page,
          String(page.chunks.length),
          kb(page.totalBytes),
          kb(page.frameworkGzipBytes),
          kb(page.ownGzipBytes),
          kb(page.gzipBytes),
          page.adminFindings.length === 0 ? "no admin code" : page.adminFindings.join("; "),
        ],
  );
  return [
    "== First-load JavaScript (module scripts, modulepreloads and their static imports; gzip level 6)",
    `   framework = React DOM + React + React Router (one chunk, the floor); own = the shop's code (target <= ${kb(TARGETS.ownJsGzipBytes)})`,
    "",
    table(["page", "chunks", "raw", "framework gzip", "own gzip", "total gzip", "admin check"], rows, new Set([1, 2, 3, 4, 5])),
  ].join("\n");
}

export function formatLighthouse(runs: LighthouseOutcome[]): string {
  const lh = TARGETS.lighthouse;
  const rows = runs.map((run) =>
    "error" in run
      ? [run.page, "-", "-", "-", "-", "-", "-", run.error]
      : [
          run.page.length > 50 ? `${run.page.slice(0, 47)}...` : run.page,
          String(run.performance),
          seconds(run.lcpMs),
          run.cls.toFixed(3),
          `${run.tbtMs.toFixed(0)} ms`,
          String(run.benchmarkIndex),
          `${run.runs}: ${run.spread.performance.join("-")}, ${run.spread.lcpMs.map((ms) => (ms / 1000).toFixed(2)).join("-")} s, ${run.spread.tbtMs.map((ms) => ms.toFixed(0)).join("-")} ms`,
          run.performance >= lh.performance && run.lcpMs <= lh.lcpMs && run.cls <= lh.cls && run.tbtMs <= lh.tbtMs ? "PASS" : "FAIL",
        ],
  );
  const measuredWith = runs.find((run) => "measuredWith" in run)?.measuredWith;
  return [
    "== Lighthouse, mobile (default throttling: simulated slow 4G and a 4x slower CPU), page cache on",
    ...(measuredWith ? [`   ${measuredWith}: figures compare only with runs on the same browser.`] : []),
    `   targets: performance >= ${lh.performance}, LCP <= ${lh.lcpMs / 1000} s, CLS <= ${lh.cls}, TBT <= ${lh.tbtMs} ms.`,
    "   Lighthouse scales what it observed, so a busy machine (a low CPU index) reads as a slow phone: judge on a quiet one.",
    `   Each page is run ${RUNS} times and judged on the median run (Lighthouse's computeMedianRun); "runs" gives the spread of all of them.`,
    "",
    table(["page", "performance", "LCP", "CLS", "TBT", "CPU index", "runs: performance, LCP, TBT", "result"], rows, new Set([1, 2, 3, 4, 5])),
  ].join("\n");
}

export function formatTargets(checks: TargetCheck[]): string {
  return [
    "== Targets (issue 3; JavaScript and Lighthouse restated in decision 018; admin: issue 12; discovery: issue 16)",
    "",
    table(
      ["result", "target", "measured"],
      checks.map((c) => [c.pass ? "PASS" : "FAIL", c.target, c.measured]),
      new Set(),
    ),
  ].join("\n");
}
