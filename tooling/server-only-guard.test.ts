import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { serverOnlyGuard } from "./server-only-guard.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "guard-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(entrySource: string) {
  const dir = mkdtempSync(path.join(root, "p-"));
  mkdirSync(path.join(dir, "server"));
  mkdirSync(path.join(dir, "domain"));
  writeFileSync(path.join(dir, "server", "db.ts"), "export const secret = 'database password';\n");
  writeFileSync(path.join(dir, "domain", "money.ts"), "export const pence = (p: number) => p * 100;\n");
  writeFileSync(path.join(dir, "entry.ts"), entrySource);
  return dir;
}

const buildFor = (dir: string, ssr: boolean) =>
  build({
    root: dir,
    logLevel: "silent",
    configFile: false,
    plugins: [serverOnlyGuard(path.join(dir, "server"))],
    build: { write: false, ssr: ssr ? path.join(dir, "entry.ts") : undefined, rollupOptions: ssr ? undefined : { input: path.join(dir, "entry.ts") } },
  });

describe("server-only guard", () => {
  it("fails a browser build that imports a module under src/server", async () => {
    const dir = project("import { secret } from './server/db.ts';\nconsole.log(secret);\n");
    await expect(buildFor(dir, false)).rejects.toThrow(/Server-only module .*server\/db\.ts was imported by browser code/);
  });

  it("lets the server build import it", async () => {
    const dir = project("import { secret } from './server/db.ts';\nconsole.log(secret);\n");
    await expect(buildFor(dir, true)).resolves.toBeDefined();
  });

  it("lets browser code import shared domain rules", async () => {
    const dir = project("import { pence } from './domain/money.ts';\nconsole.log(pence(1));\n");
    await expect(buildFor(dir, false)).resolves.toBeDefined();
  });
});
