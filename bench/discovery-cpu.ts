// CPU per request of the storefront discovery views (docs/search.md, "CPU per request"): the shop's
// production server on a PostgreSQL catalogue of each size (bench/catalogue.ts), each discovery
// view under a light autocannon load, and the CPU time of the shop's process and of PostgreSQL's
// processes (/proc/<pid>/stat) divided by the requests served. On a machine shared with other work
// latency says little; CPU per request does.
//
//   npx tsx bench/discovery-cpu.ts --builds=build-before,build-after [--sizes=10000,100] [--rounds=2]
//       [--seconds=6] [--warmup=2] [--connections=4] [--views=api|pages|both] [--dir=/tmp/menswear-discovery-cpu]
//       [--profile=DIR]
//
// Each build is a production build made beforehand (`BUILD_DIR=build-before npm run build`); the
// builds run alternately (A B, then B A, ...) so that other work on the machine weighs on both
// alike. The databases live in --dir and are kept between runs: a PostgreSQL data folder started
// and stopped by this script. Delete the folder to start afresh. The page cache is off (every
// request renders and queries), as in `npm run bench`'s discovery rows.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { createCatalogueDatabase, type CatalogueFacts } from "./catalogue.ts";
import { discoveryRoutes, HTML_ROW } from "./discovery-routes.ts";
import { BROWSER_HEADERS, type Route } from "./load.ts";
import { findPostgresBinDir } from "../tests/helpers/postgres-server.ts";
import { startShopServer } from "../tests/helpers/server-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { values: args } = parseArgs({
  options: {
    builds: { type: "string", default: "build" },
    sizes: { type: "string", default: "10000,100" },
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "6" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
    views: { type: "string", default: "api" },
    dir: { type: "string", default: path.join(os.tmpdir(), "menswear-discovery-cpu") },
    profile: { type: "string" },
  },
});

const log = (message: string) => console.error(`[discovery-cpu] ${message}`);
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

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

type KeptPostgres = { url: (database: string) => string; postmasterPid: () => number; stop: () => void };

async function startKeptPostgres(dir: string): Promise<KeptPostgres> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) are needed");
  const dataDir = path.join(dir, "pg");
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) asServerUser(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const pgCtl = path.join(binDir, "pg_ctl");
  const pidFile = path.join(dataDir, "postmaster.pid");
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asServerUser(pgCtl, ["start", "-w", "-D", dataDir, "-l", path.join(dir, "server.log"), "-o", options]);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    postmasterPid: () => Number(readFileSync(pidFile, "utf8").split("\n")[0]),
    stop: () => asServerUser(pgCtl, ["stop", "-w", "-D", dataDir, "-m", "fast"]),
  };
}

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

/** The catalogue of `size` products in a database of its own, filled once and kept. */
async function prepareCatalogue(kept: KeptPostgres, dir: string, size: number): Promise<CatalogueFacts> {
  const factsFile = path.join(dir, `facts-${size}.json`);
  if (existsSync(factsFile)) return JSON.parse(readFileSync(factsFile, "utf8")) as CatalogueFacts;
  log(`filling a catalogue of ${size} products`);
  const client = new pg.Client({ connectionString: kept.url("postgres") });
  await client.connect();
  await client.query(`drop database if exists bench_${size}`);
  await client.query(`create database bench_${size}`);
  await client.end();
  const facts = await createCatalogueDatabase({ engine: "postgres", url: kept.url(`bench_${size}`) }, size);
  writeFileSync(factsFile, JSON.stringify(facts, null, 2));
  return facts;
}

type Measure = { requests: number; nodeMs: number; pgMs: number; rps: number; p50: number; p99: number; non2xx: number };

async function load(url: string, seconds: number, connections: number): Promise<autocannon.Result> {
  let shopper = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
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

async function measure(url: string, nodePid: number, postmaster: number): Promise<Measure> {
  const warmup = Number(args.warmup);
  if (warmup > 0) await load(url, warmup, Number(args.connections));
  const node0 = procStat(nodePid)?.own ?? 0;
  const pg0 = postgresCpu(postmaster);
  const result = await load(url, Number(args.seconds), Number(args.connections));
  const node1 = procStat(nodePid)?.own ?? 0;
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

function routesOf(facts: CatalogueFacts): Route[] {
  const all = discoveryRoutes(facts, "both");
  if (args.views === "api") return all.filter((route) => !route.name.endsWith(HTML_ROW));
  if (args.views === "pages") return all.filter((route) => route.name.endsWith(HTML_ROW));
  return all;
}

async function main(): Promise<void> {
  const builds = args.builds.split(",").map((b) => b.trim()).filter(Boolean);
  for (const build of builds) {
    if (!existsSync(path.join(ROOT, build, "host", "server.js"))) throw new Error(`no production build in ${build}/ (BUILD_DIR=${build} npm run build)`);
  }
  const sizes = args.sizes.split(",").map((s) => Number(s.trim()));
  const dir = path.resolve(args.dir);
  const kept = await startKeptPostgres(dir);
  const results: { build: string; size: number; round: number; route: string; path: string; bytes: number; m: Measure }[] = [];
  try {
    const facts = new Map<number, CatalogueFacts>();
    for (const size of sizes) facts.set(size, await prepareCatalogue(kept, dir, size));
    const loadAtStart = os.loadavg()[0]!;
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const size of sizes) {
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const dataDir = path.join(dir, "shop");
          mkdirSync(dataDir, { recursive: true });
          const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
          const server = await startShopServer({
            dataDir,
            buildDir: build,
            nodeArgs,
            env: { TRUST_PROXY: "loopback", DATABASE_URL: kept.url(`bench_${size}`), PAGE_CACHE_SECONDS: "0", BETTER_AUTH_SECRET: "discovery-cpu-bench-secret-0123456789abcdef" },
          });
          try {
            for (const route of routesOf(facts.get(size)!)) {
              const check = await fetch(server.url + route.path, { headers: BROWSER_HEADERS });
              const body = await check.text();
              if (!check.ok || !body.includes(route.mustContain)) throw new Error(`${build} ${route.path}: ${check.status}, expected content missing`);
              const m = await measure(server.url + route.path, server.pid, kept.postmasterPid());
              results.push({ build, size, round, route: route.name, path: route.path, bytes: Buffer.byteLength(body), m });
              log(
                `round ${round + 1} ${size} ${build} ${route.path}: node ${m.nodeMs.toFixed(2)} ms, pg ${m.pgMs.toFixed(2)} ms per request ` +
                  `(${m.requests} requests, ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.non2xx} non-2xx, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB)`,
              );
            }
          } finally {
            await server.stop();
          }
        }
      }
    }
    const loadAtEnd = os.loadavg()[0]!;
    const lines = [
      `CPU per request, ms (node / PostgreSQL), mean of ${args.rounds} rounds, ${args.connections} connections, ${args.seconds} s, page cache off; load average ${loadAtStart.toFixed(1)} -> ${loadAtEnd.toFixed(1)}`,
      ["products", "route", ...builds.map((b) => `${b} (node / pg, KB)`)].join(" | "),
    ];
    for (const size of sizes) {
      for (const routePath of [...new Set(results.filter((r) => r.size === size).map((r) => r.path))]) {
        const cells = builds.map((build) => {
          const rows = results.filter((r) => r.size === size && r.path === routePath && r.build === build);
          const mean = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0) / Math.max(1, rows.length);
          const each = rows.map((r) => (r.m.nodeMs + r.m.pgMs).toFixed(2)).join(", ");
          return `${mean((r) => r.m.nodeMs).toFixed(2)} / ${mean((r) => r.m.pgMs).toFixed(2)}, ${(mean((r) => r.bytes) / 1024).toFixed(1)} KB [total each: ${each}]`;
        });
        lines.push([String(size), routePath.split("&pageSize")[0], ...cells].join(" | "));
      }
    }
    console.log(lines.join("\n"));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/discovery-cpu.json"), `${JSON.stringify({ loadAtStart, loadAtEnd, args, results }, null, 2)}\n`);
  } finally {
    kept.stop();
  }
}

await main();
