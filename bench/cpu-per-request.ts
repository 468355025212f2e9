// CPU per request of the shop's production server: the shared half of `bench/admin-cpu.ts` and
// `bench/discovery-cpu.ts`. A PostgreSQL data folder kept between runs (filling a shop takes
// minutes), the CPU time of a process and of PostgreSQL's processes from /proc, and a light
// autocannon load whose CPU is divided by the requests it was served. On a machine shared with
// other work, latency says little; CPU per request does.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { BROWSER_HEADERS } from "./load.ts";
import { findPostgresBinDir } from "../tests/helpers/postgres-server.ts";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

// ---- PostgreSQL kept in a folder between runs -------------------------------------------------

function asServerUser(binary: string, argv: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [cmd, list] = isRoot ? ["runuser", ["-u", "postgres", "--", binary, ...argv]] : [binary, argv];
  const result = spawnSync(cmd, list, { stdio: "pipe", encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(binary)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type KeptPostgres = { url: (database: string) => string; postmasterPid: () => number; stop: () => void; fresh: boolean };

export async function startKeptPostgres(dir: string): Promise<KeptPostgres> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) are needed");
  const dataDir = path.join(dir, "pg");
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  if (fresh) asServerUser(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const pgCtl = path.join(binDir, "pg_ctl");
  const pidFile = path.join(dataDir, "postmaster.pid");
  // Already running (started by hand to look at the shop between runs): use it and leave it running.
  const running = existsSync(pidFile) && spawnSync("runuser", ["-u", "postgres", "--", pgCtl, "status", "-D", dataDir]).status === 0;
  let port: number;
  if (running) {
    port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  } else {
    port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    asServerUser(pgCtl, ["start", "-w", "-D", dataDir, "-l", path.join(dir, "server.log"), "-o", options]);
  }
  return {
    fresh,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    postmasterPid: () => Number(readFileSync(pidFile, "utf8").split("\n")[0]),
    stop: () => {
      if (!running) asServerUser(pgCtl, ["stop", "-w", "-D", dataDir, "-m", "fast"]);
    },
  };
}

// ---- CPU time from /proc -----------------------------------------------------------------------

type ProcStat = { ppid: number; own: number; children: number };

function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const tick = (index: number) => Number(fields[index]) / CLOCK_TICKS;
    return { ppid: Number(fields[1]), own: tick(11) + tick(12), children: tick(13) + tick(14) };
  } catch {
    return null;
  }
}

/** Seconds of CPU the process has used so far. */
function cpuOf(pid: number): number {
  return procStat(pid)?.own ?? 0;
}

/** Seconds of CPU of the postmaster and every process it started (backends, living and ended). */
function postgresCpu(postmaster: number): number {
  const root = procStat(postmaster);
  let total = root ? root.own + root.children : 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.ppid === postmaster) total += stat.own;
  }
  return total;
}


// ---- Load and measure --------------------------------------------------------------------------

export type Measure = { requests: number; nodeMs: number; pgMs: number; rps: number; p50: number; p99: number; non2xx: number };

export type LoadSettings = { seconds: number; warmup: number; connections: number; headers?: Record<string, string> };

function load(url: string, seconds: number, settings: LoadSettings): Promise<autocannon.Result> {
  let shopper = 0;
  return autocannon({
    url,
    connections: settings.connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...settings.headers },
    requests: [
      {
        // Each request from its own address, so the per-IP limit of /api/ does not answer 429.
        setupRequest: (request) => {
          shopper = (shopper + 1) % 65_536;
          return { ...request, headers: { ...request.headers, "x-forwarded-for": `198.18.${shopper >> 8}.${shopper & 255}` } };
        },
      },
    ],
  });
}

/** After a warm-up, the shop's and PostgreSQL's CPU per request of `url` under the load. */
export async function measureCpu(url: string, nodePid: number, postmaster: number, settings: LoadSettings): Promise<Measure> {
  if (settings.warmup > 0) await load(url, settings.warmup, settings);
  const node0 = cpuOf(nodePid);
  const pg0 = postgresCpu(postmaster);
  const result = await load(url, settings.seconds, settings);
  const node1 = cpuOf(nodePid);
  const pg1 = postgresCpu(postmaster);
  const requests = result.requests.total;
  return {
    requests,
    nodeMs: ((node1 - node0) * 1000) / Math.max(1, requests),
    pgMs: ((pg1 - pg0) * 1000) / Math.max(1, requests),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}
