// Comments and docs say why in their own words: someone with only the repository cannot read a
// review report kept elsewhere, so a citation of one by its number explains nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const ROOTS = ["src", "tooling", "scripts", "bench", "tests", "docs"];
// Generated or installed, not written here (.gitignore).
const SKIPPED = new Set(["node_modules", path.join("bench", "results"), "test-results", "playwright-report"]);
const CITATION = /\breviews? ?\d{1,2}[a-e]?\b/i;

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || SKIPPED.has(relative) ? [] : files(relative);
    return /\.(ts|tsx|md)$/.test(entry.name) ? [relative] : [];
  });
}

describe("citations of review reports kept outside the repository", () => {
  it("are in no source, test or doc file", () => {
    const topLevelDocs = readdirSync(root).filter((name) => name.endsWith(".md"));
    const found = [...ROOTS.flatMap(files), ...topLevelDocs]
      .filter((file) => path.join(root, file) !== self)
      .flatMap((file) =>
        readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found, "say the reason instead").toEqual([]);
  });
});
