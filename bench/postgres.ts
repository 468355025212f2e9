// The bench's PostgreSQL: a throwaway server (tests/helpers/postgres-server.ts: initdb into a
// temporary folder, as the `postgres` user when run as root, on a free loopback port), with one
// fresh database per catalogue size. Returns null when PostgreSQL's server binaries are missing.
import pg from "pg";
import { findPostgresBinDir, startPostgres, type PostgresServer } from "../tests/helpers/postgres-server.ts";

export type BenchPostgres = {
  version: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
};

export function postgresAvailable(): boolean {
  return findPostgresBinDir() !== null;
}

export async function startBenchPostgres(): Promise<BenchPostgres | null> {
  const server: PostgresServer | null = await startPostgres();
  if (!server) return null;
  const query = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const [{ server_version: version } = { server_version: "unknown" }] = await query<{ server_version: string }>("show server_version");
  return {
    version,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await query(`create database ${name}`);
      return server.url.replace(/\/postgres$/, `/${name}`);
    },
    stop: () => server.stop(),
  };
}
