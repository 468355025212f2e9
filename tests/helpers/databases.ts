// Every integration suite runs once per database engine: PGlite always, PostgreSQL when available.
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from "../../src/server/db/client.server.ts";
import { MIGRATED_PGLITE_FILE, MIGRATED_POSTGRES_TEMPLATE, databaseUrl, withAdminClient } from "./migrated-databases.ts";

export type EngineName = "pglite" | "postgres";

export function availableEngines(): EngineName[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh, migrated, empty database of the given engine, and a way to throw it away: a copy of the
 * run's migrated one, the same schema and migration journal as migrating afresh. `migrated: false`
 * leaves it empty, for a test that migrates it in steps as an existing shop upgrades.
 */
export async function createTestDatabase(engine: EngineName, { migrated = true }: { migrated?: boolean } = {}): Promise<DatabaseHandle & { url?: string }> {
  if (engine === "pglite") {
    if (!migrated) return openDatabase({ kind: "pglite", dataDir: null });
    const copyOf = new Blob([await readFile(path.join(inject("testTempRoot"), MIGRATED_PGLITE_FILE))]);
    const handle = openDatabase({ kind: "pglite", dataDir: null, copyOf });
    // Loaded before it is handed over, as a migrated one was: a test's first query (the health
    // check allows 2 s) must not wait for the copy to load.
    await handle.db.execute(sql`select 1`);
    return handle;
  }
  const adminUrl = inject("postgresUrl");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (admin) => admin.query(migrated ? `create database ${name} template ${MIGRATED_POSTGRES_TEMPLATE}` : `create database ${name}`));
  const url = databaseUrl(adminUrl, name);
  const handle = openDatabase({ kind: "postgres", url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Runs the shop's migrations before `first` only: the database of a shop that has not upgraded yet. */
export async function migrateUpTo(handle: DatabaseHandle, first: string) {
  const folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === first);
  if (index <= 0) throw new Error(`no migration ${first} after the first`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  try {
    if (handle.kind === "pglite") await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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
