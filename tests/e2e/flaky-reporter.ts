// CI retries a failed journey once, for its trace (playwright.config.ts), and a journey that passes
// on its retry leaves the run green: a failing CI blocks landing, and a flake should not. This
// reporter keeps those journeys from going unseen: the log ends with one "FLAKY: ..." line each,
// with the first error of the try that failed, so a product race behind a flake gets looked at.
import path from "node:path";
import type { FullResult, Reporter, Suite, TestCase } from "@playwright/test/reporter";

function nameOf(test: TestCase): string {
  const project = test.parent.project()?.name;
  const file = path.relative(process.cwd(), test.location.file);
  // titlePath: the root, the project, the file, then any describe blocks and the test's title.
  const title = test.titlePath().slice(3).join(" › ");
  return `${project ? `[${project}] › ` : ""}${file}:${test.location.line} › ${title}`;
}

function firstErrorOf(test: TestCase): string | undefined {
  const failed = test.results.find((result) => result.status !== "passed" && result.status !== "skipped");
  const message = failed?.error?.message ?? failed?.status;
  // eslint-disable-next-line no-control-regex -- the messages carry terminal colours
  return message?.replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim() !== "");
}

export default class FlakyReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  printsToStdio() {
    return true;
  }

  onEnd(_result: FullResult) {
    const flaky = this.root?.allTests().filter((test) => test.outcome() === "flaky") ?? [];
    if (flaky.length === 0) return;
    const lines = [`${flaky.length} flaky ${flaky.length === 1 ? "test" : "tests"}: failed, then passed on a retry. The run passes; each needs a look.`];
    for (const test of flaky) {
      lines.push(`FLAKY: ${nameOf(test)}`);
      const error = firstErrorOf(test);
      if (error) lines.push(`       first try: ${error.trim()}`);
    }
    process.stdout.write(`\n${lines.join("\n")}\n`);
  }
}
