// The machine's own ceiling for a page: the same bytes the shop sent for it, served as a static
// file by a minimal Node HTTP server (a child process, like the shop), loaded with the same tool and
// settings. What a page manages as a share of this survives a change of machine; the absolute
// requests per second do not (the same bench gave 3.4 times less on another machine of the kind).
import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

// Headers that describe the body: the static server repeats them so a client sees the same answer.
const BODY_HEADERS = ["content-type", "content-encoding", "vary"];

// Run with `node -e`: argv[1] is the body file, argv[2] the JSON headers. Prints its port.
const STATIC_SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const body = fs.readFileSync(process.argv[1]);
const headers = { ...JSON.parse(process.argv[2]), "content-length": body.length };
const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => process.exit(0));
`;

export type StaticCopy = { url: string; bytes: number; stop: () => Promise<void> };

/** Fetches `url` as a browser would (`headers`), keeps the exact response bytes, and serves them statically. */
export async function serveStaticCopy(url: string, headers: Record<string, string>, dir: string, name: string): Promise<StaticCopy> {
  // Through node:http, not fetch: fetch would decode the compressed body the browser gets.
  const raw = await rawBody(url, headers);
  const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, "-")}.body`);
  writeFileSync(file, raw.body);
  const kept: Record<string, string> = {};
  for (const header of BODY_HEADERS) {
    const value = raw.headers[header];
    if (typeof value === "string") kept[header] = value;
  }
  const child = spawn(process.execPath, ["-e", STATIC_SERVER, file, JSON.stringify(kept)], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  const exited = once(child, "exit");
  return {
    url: `http://127.0.0.1:${Number(line)}/`,
    bytes: raw.body.length,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

function rawBody(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ body: Buffer.concat(parts), headers: res.headers }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
