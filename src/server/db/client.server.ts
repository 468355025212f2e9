import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { schema } from "./schema.ts";

type Schema = typeof schema;
/** Either driver, typed as the common Postgres database so services do not care which runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service accepts when it can run either on its own or inside a caller's transaction. */
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** A short description for logs, never containing a password. */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

// Several app processes may start at once against one PostgreSQL; only one may migrate at a time.
const MIGRATION_LOCK_KEY = 7_227_001;

export type DatabaseTarget =
  /** `queryTimeoutMs`: how long a query may wait for its answer (none when unset; the shop sets SHOP_QUERY_TIMEOUT_MS). */
  | { kind: "postgres"; url: string; poolSize?: number; queryTimeoutMs?: number }
  /**
   * `dataDir` null: in memory, for tests; `copyOf`: starts from another database's files (PGlite's
   * `dumpDataDir`) instead of an empty one, as tests do from one migrated copy per run.
   */
  | { kind: "pglite"; dataDir: string | null; copyOf?: Blob };

/**
 * The longest a request's query waits for PostgreSQL's answer. Without it a database that stops
 * answering without closing its connections (a frozen host, a failover that leaves the old
 * machine's sockets open) held requests until TCP gave up, some fifteen minutes. The shop's own
 * queries take milliseconds; migrations, run on a connection of their own, have no limit.
 */
export const SHOP_QUERY_TIMEOUT_MS = 60_000;

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10, target.queryTimeoutMs);
  return openPglite(target.dataDir, target.copyOf);
}

/**
 * Pool settings for PostgreSQL (decision 012). A request waits at most 5 s for a connection, so
 * while the database is away pages fail fast (503 on /api/health, the error screen elsewhere) instead of hanging; TCP keep-alive finds a connection whose server vanished
 * without closing it (a failover to another machine).
 */
export const POSTGRES_POOL_SETTINGS = { connectionTimeoutMillis: 5_000, idleTimeoutMillis: 10_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

// One line per outage rather than one per connection: a restart drops every pooled connection at once.
const CONNECTION_LOSS_LOG_INTERVAL_MS = 10_000;

function openPostgres(url: string, poolSize: number, queryTimeoutMs: number | undefined): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...POSTGRES_POOL_SETTINGS, ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}) });
  let lastLoggedAt = 0;
  let unlogged = 0;
  const connectionLost = (error: Error) => {
    const now = Date.now();
    if (now - lastLoggedAt < CONNECTION_LOSS_LOG_INTERVAL_MS) {
      unlogged++;
      return;
    }
    const more = unlogged > 0 ? ` (and ${unlogged} more since the last report)` : "";
    console.error(`PostgreSQL connection lost: ${error.message}${more}`);
    lastLoggedAt = now;
    unlogged = 0;
  };
  // A connection the server drops (a restart, a failover, an admin's terminate) emits 'error'.
  // The pool listens only while a connection is idle; one checked out for a transaction or the
  // migration lock has no listener, and an unheard 'error' event ends the whole process. So every
  // connection gets its own listener for its whole life: the query in flight fails (the caller
  // answers 5xx), the dead connection is dropped on release, and the next request opens a new one.
  pool.on("connect", (client) => client.on("error", connectionLost));
  pool.on("error", connectionLost);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  const parsed = new URL(url);
  return {
    db,
    kind: "postgres",
    description: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    async migrate() {
      // A connection of its own, without the pool's query timeout: a migration that fills a new
      // table from a large one, or waits for another process's migration, may take minutes.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: POSTGRES_POOL_SETTINGS.connectionTimeoutMillis });
      client.on("error", connectionLost);
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

// PGlite runs PostgreSQL's default 128 MB of shared buffers inside the shop's own process, where
// they stay resident once touched. The shop's working set (a 10,000-product catalogue is ~15 MB
// with its indexes) fits a quarter of that; the operating system's file cache holds the rest.
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

// The admin orders search uses trigram indexes (docs/admin-performance.md); PostgreSQL ships
// pg_trgm as a contrib extension and PGlite as an optional one that must be loaded here.
const PGLITE_EXTENSIONS = { pg_trgm };

function openPglite(dataDir: string | null, copyOf: Blob | undefined): DatabaseHandle {
  const options = { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS, loadDataDir: copyOf };
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir, options);
  } else {
    client = new PGlite(options);
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    description: dataDir ? `PGlite at ${displayPath(dataDir)}` : "PGlite in memory",
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: () => client.close(),
  };
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") ? relative : dir;
}
