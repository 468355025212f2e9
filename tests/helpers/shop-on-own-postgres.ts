// The production build run as a child process on a PostgreSQL of its own: for tests that stop and
// start that database (a restart, an outage), which the suites sharing the global one must not see.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client.server.ts";
import { startPostgres, type PostgresServer } from "./postgres-server.ts";
import { sharedTestBuild, startShopServer, type ShopServer } from "./server-process.ts";

export type ShopOnOwnPostgres = {
  postgres: PostgresServer;
  shop: ShopServer;
  /** The test's own connection to the shop's database (it has migrated it by the time this returns). */
  database: DatabaseHandle;
  /** Stops the shop and PostgreSQL and deletes their files. */
  stop(): Promise<void>;
};

/** `label` names the data folder; `env` is the shop's own (its DATABASE_URL is set here). */
export async function startShopOnOwnPostgres(label: string, env: Record<string, string>): Promise<ShopOnOwnPostgres> {
  const [buildDir, postgres] = await Promise.all([sharedTestBuild(inject("testBuildRoot")), startPostgres()]);
  if (!postgres) throw new Error("PostgreSQL's server binaries are not installed");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-${label}-`));
  let shop: ShopServer;
  try {
    shop = await startShopServer({ dataDir, buildDir, env: { ...env, DATABASE_URL: postgres.url } });
  } catch (error) {
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const database = openDatabase({ kind: "postgres", url: postgres.url, poolSize: 2 });
  return {
    postgres,
    shop,
    database,
    async stop() {
      await shop.stop();
      await database.close();
      postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
