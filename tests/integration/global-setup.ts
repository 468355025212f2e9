import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { prepareMigratedDatabases } from "../helpers/migrated-databases.ts";
import { startPostgres } from "../helpers/postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL, or "" when its binaries are not installed. */
    postgresUrl: string;
    /** An empty folder for the production build; built on first use (tests/helpers/server-process.ts sharedTestBuild). */
    testBuildRoot: string;
    /** A temporary folder of this run's (pictures the tests store), removed when the run ends. */
    testTempRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server?.url ?? "");
  if (!server) console.warn("PostgreSQL server binaries not found: integration tests run on PGlite only.");
  // Inside the project, so the built server finds its packages in node_modules as `npm start` does.
  const buildsDir = fileURLToPath(new URL("../../node_modules/.cache/shop-test-builds/", import.meta.url));
  mkdirSync(buildsDir, { recursive: true });
  // Builds left by runs that were killed before their teardown.
  for (const old of readdirSync(buildsDir)) {
    const dir = path.join(buildsDir, old);
    if (Date.now() - statSync(dir).mtimeMs > 24 * 60 * 60 * 1000) rmSync(dir, { recursive: true, force: true });
  }
  const buildRoot = mkdtempSync(path.join(buildsDir, "run-"));
  project.provide("testBuildRoot", buildRoot);
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), "shop-integration-"));
  project.provide("testTempRoot", tempRoot);
  await prepareMigratedDatabases(tempRoot, server?.url ?? "");
  return () => {
    rmSync(buildRoot, { recursive: true, force: true });
    rmSync(tempRoot, { recursive: true, force: true });
    server?.stop();
  };
}
