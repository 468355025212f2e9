// Every integration suite runs once per database engine: PGlite always, PostgreSQL when available.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client.server.ts";

export type EngineName = "pglite" | "postgres";

export function availableEngines(): EngineName[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh, migrated, empty database of the given engine, and a way to throw it away. `migrated:
 * false` leaves it empty, for a test that migrates it in steps as an existing shop upgrades.
 */
export async function createTestDatabase(engine: EngineName, { migrated = true }: { migrated?: boolean } = {}): Promise<DatabaseHandle & { url?: string }> {
  if (engine === "pglite") {
    const handle = openDatabase({ kind: "pglite", dataDir: null });
    if (migrated) await handle.migrate();
    return handle;
  }
  const adminUrl = inject("postgresUrl");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const handle = openDatabase({ kind: "postgres", url });
  if (migrated) await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Declares the suite once per available engine. `get()` returns the suite's database, created
 * before its first test and closed after its last.
 */
export function describeEachEngine(title: string, body: (get: () => DatabaseHandle, engine: EngineName) => void) {
  for (const engine of availableEngines()) {
    describe(`${title} [${engine}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await createTestDatabase(engine);
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error("database not ready");
        return handle;
      }, engine);
    });
  }
}
