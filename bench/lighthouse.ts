// Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated throttling)
// on storefront pages of the running production server, in Debian's Chromium (CHROME_PATH).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type LighthouseResult = {
  page: string;
  /** 0 to 100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's own measure of the CPU it ran on (a quiet desktop machine scores ~1,000-2,000); a low index means a busy machine and pessimistic TBT/LCP. */
  benchmarkIndex: number;
};

export type LighthouseOutcome = LighthouseResult | { page: string; error: string };

export async function runLighthouse(baseUrl: string, pages: string[]): Promise<LighthouseOutcome[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results: LighthouseOutcome[] = [];
  try {
    for (const page of pages) {
      try {
        const run = await lighthouse(baseUrl + page, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
        const lhr = run?.lhr;
        if (!lhr) throw new Error("Lighthouse returned no report");
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          page,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit("largest-contentful-paint"),
          cls: audit("cumulative-layout-shift"),
          tbtMs: audit("total-blocking-time"),
          benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
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
