// Starts a throwaway PostgreSQL for the integration tests when the server binaries are installed
// (they are on CI: /usr/lib/postgresql/15/bin). Nothing is downloaded; without binaries it returns null.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type PostgresServer = {
  url: string;
  /** Stops the server and deletes its files. */
  stop(): void;
  /** Stops the server as an operator would for a restart (`pg_ctl stop -m fast`), keeping its files. */
  shutDown(): void;
  /** Starts it again on the same port and data directory after shutDown. */
  startAgain(): void;
};

export function findPostgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** initdb refuses to run as root, so as root the server runs as the `postgres` system user. */
function runAsServerUser(binary: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  const result = spawnSync(cmd, argv, { stdio: "pipe", encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${path.basename(binary)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPostgres(): Promise<PostgresServer | null> {
  const binDir = findPostgresBinDir();
  if (!binDir) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const port = await freeLoopbackPort();
  runAsServerUser(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  // Durability is pointless for a throwaway test server; turning it off makes the tests faster.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const pgCtl = path.join(binDir, "pg_ctl");
  const start = () => runAsServerUser(pgCtl, ["start", "-w", "-D", dataDir, "-l", path.join(dir, "server.log"), "-o", options]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown: () => runAsServerUser(pgCtl, ["stop", "-w", "-D", dataDir, "-m", "fast"]),
    startAgain: start,
    stop() {
      try {
        // A test that shut it down and failed before starting it again leaves nothing to stop.
        if (existsSync(path.join(dataDir, "postmaster.pid"))) runAsServerUser(pgCtl, ["stop", "-D", dataDir, "-m", "immediate"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
