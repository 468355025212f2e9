// The run's migrated, empty databases, made once by tests/integration/global-setup.ts: each new
// database of the tests (createTestDatabase) is a copy of one. A copy costs a fraction of a new
// database migrated afresh, most of which is PGlite's initdb and the migrations themselves, and
// it holds the same: the schema and the migration journal the migrations wrote.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client.server.ts";

/** The migrated PGlite's files (`dumpDataDir`), in the run's temporary folder. */
export const MIGRATED_PGLITE_FILE = "migrated-pglite.tar";
/** The migrated PostgreSQL database the tests' databases are created from (`create database ... template`). */
export const MIGRATED_POSTGRES_TEMPLATE = "shop_migrated_template";

export const databaseUrl = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

export async function withAdminClient<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** Migrates a PGlite into `tempRoot` and, when there is a PostgreSQL (`adminUrl`), its template. */
export async function prepareMigratedDatabases(tempRoot: string, adminUrl: string) {
  const pglite = openDatabase({ kind: "pglite", dataDir: null });
  try {
    await pglite.migrate();
    const files = await (pglite.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await writeFile(path.join(tempRoot, MIGRATED_PGLITE_FILE), Buffer.from(await files.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  if (!adminUrl) return;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database ${MIGRATED_POSTGRES_TEMPLATE}`));
  const template = openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, MIGRATED_POSTGRES_TEMPLATE) });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
}
