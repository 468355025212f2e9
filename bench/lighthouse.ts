// Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated throttling)
// on storefront pages of the running production server, in Debian's Chromium (CHROME_PATH).
//
// One run is not a measurement: the same build on a quiet machine gave TBT from 33 to 221 ms on
// one page. Lighthouse's own advice (docs/variability.md in its repository: "the median
// Lighthouse score of 5 runs is twice as stable as 1 run") is followed: each page is run RUNS
// times and judged on the run Lighthouse's computeMedianRun picks (the one nearest the median
// first paint and time to interactive); the spread of every run is reported beside it.
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";

/** Runs per page (Lighthouse's recommendation). */
export const RUNS = 5;

export type LighthouseResult = {
  page: string;
  /** 0 to 100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's own measure of the CPU it ran on (a quiet desktop machine scores ~1,000-2,000); a low index means a busy machine and pessimistic TBT/LCP. */
  benchmarkIndex: number;
  /**
   * Lighthouse's version and the browser's (`chromium --version`): the same pages read several
   * times the blocking time on one browser version as on another (docs/performance.md), so a
   * figure means something only beside the browser that measured it.
   */
  measuredWith: string;
  /** How many runs the median was chosen from, and the spread of every run. */
  runs: number;
  spread: { performance: [number, number]; lcpMs: [number, number]; tbtMs: [number, number] };
};

export type LighthouseOutcome = LighthouseResult | { page: string; error: string };

export async function runLighthouse(baseUrl: string, pages: string[]): Promise<LighthouseOutcome[]> {
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results: LighthouseOutcome[] = [];
  try {
    for (const page of pages) {
      try {
        const reports: LighthouseReport[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const lhr = (await lighthouse(baseUrl + page, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }))?.lhr;
          if (lhr && !lhr.runtimeError) reports.push(lhr);
        }
        const valid = filterToValidRuns(reports);
        if (valid.length === 0) throw new Error(`no valid Lighthouse run in ${RUNS}`);
        const median = computeMedianRun(valid);
        results.push({
          ...figuresOf(median, page),
          measuredWith: `Lighthouse ${median.lighthouseVersion} on ${browserVersion(chromePath) ?? median.environment.hostUserAgent}`,
          runs: valid.length,
          spread: spreadOf(valid.map((lhr) => figuresOf(lhr, page))),
        });
      } catch (error) {
        results.push({ page, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** "Chromium 150.0.7871.100" (the distribution's build note left out), or undefined when the binary does not say. */
function browserVersion(chromePath: string): string | undefined {
  try {
    return execFileSync(chromePath, ["--version"], { encoding: "utf8", timeout: 10_000 }).split(" built on ")[0]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Figures = Omit<LighthouseResult, "runs" | "spread" | "measuredWith">;

function figuresOf(lhr: LighthouseReport, page: string): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

function spreadOf(runs: Figures[]): LighthouseResult["spread"] {
  const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  return {
    performance: range(runs.map((run) => run.performance)),
    lcpMs: range(runs.map((run) => run.lcpMs)),
    tbtMs: range(runs.map((run) => run.tbtMs)),
  };
}
