import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core in the page and fails on serious or critical violations. The page's CSP allows
 * only nonce'd scripts, so specs using this set `test.use({ bypassCSP: true })`.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The e2e server's DATA_DIR: playwright.config.ts pins it in E2E_DATA_DIR for every worker. */
export function serverOutbox(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  expect(existsSync(dataDir), `the e2e server's data directory ${dataDir}`).toBe(true);
  return path.join(dataDir, "outbox");
}

/** The outbox e-mails whose text contains `needle`. */
export function mailsContaining(outbox: string, needle: string): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => readFileSync(path.join(outbox, file), "utf8"))
    .filter((mail) => mail.includes(needle));
}
