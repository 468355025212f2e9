import { measureFirstLoadJs } from "./bench/first-load-js.ts";
const base = process.env.BASE ?? "http://127.0.0.1:4590";
for (const page of process.argv.slice(2)) {
  const r = await measureFirstLoadJs(base, page);
  console.log(page.padEnd(30), "own", r.ownGzipBytes, "framework", r.frameworkGzipBytes, r.adminFindings.length ? r.adminFindings : "");
}
