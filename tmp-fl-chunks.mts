import { measureFirstLoadJs } from "./bench/first-load-js.ts";
const base = process.env.BASE ?? "http://127.0.0.1:4610";
for (const page of process.argv.slice(2)) {
  const r = await measureFirstLoadJs(base, page);
  console.log(page, "own", r.ownGzipBytes);
  for (const c of r.chunks.sort((a,b)=>b.gzipBytes-a.gzipBytes)) console.log("   ", c.url.padEnd(60), c.bytes, c.gzipBytes);
}
