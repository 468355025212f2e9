import type { TestProject } from "vitest/node";
import { startPostgres } from "../helpers/postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL, or "" when its binaries are not installed. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server?.url ?? "");
  if (!server) console.warn("PostgreSQL server binaries not found: integration tests run on PGlite only.");
  return () => server?.stop();
}
