// The JavaScript a storefront page makes the browser load before it is interactive: the module
// scripts and modulepreload links in the server-rendered HTML, the modules React Router's inline
// script imports, and everything those modules import statically. Lazy imports (`import("...")`
// inside a chunk) are left out: they load later, if ever.
import { gzipSync } from "node:zlib";
import { readDeferredStart } from "../src/web/lib/deferred-hydration.server.ts";
import { adminAccess, adminOrders, adminPayments, adminProducts, imports, scraper } from "../src/domain/messages/admin.ts";

export type FirstLoadJs = {
  page: string;
  chunks: { url: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  gzipBytes: number;
  /** The `framework` chunk (React, React DOM, React Router: vite.config.ts groups them), gzip. */
  frameworkGzipBytes: number;
  /** Everything else: the shop's own code and the small libraries it chose, gzip. */
  ownGzipBytes: number;
  /** Chunks whose name or content looks like admin code, with the reason; empty when clean. */
  adminFindings: string[];
};

// Texts only the admin screens show (admin.md): finding one in a storefront chunk means admin
// code was bundled into it. Generic words ("Products", "Orders") are left out on purpose.
const ADMIN_ONLY_TEXTS = [
  adminAccess.accessAdminPanel,
  adminAccess.accessDenied,
  adminProducts.subtitle,
  adminProducts.confirmDelete,
  adminOrders.searchPlaceholder,
  adminPayments.syncProducts,
  scraper.title,
  imports.bulkUploadTitle,
];

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=["']([^"']+)["']`, "i").exec(tag)?.[1];
}

/** React Router's inline script: `import * as route0 from "/assets/..."` and `import("/assets/entry...")`. */
function importsOfInlineModule(source: string): string[] {
  return [...source.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)].flatMap(([, url]) => (url ? [url] : []));
}

/**
 * The module URLs the HTML makes the browser fetch before the page is interactive: its module
 * preloads and module scripts, or, as the shop serves them (decision 048), the ones its starter
 * adds once the page has loaded.
 */
export function entryModules(html: string): string[] {
  const urls = new Set<string>();
  const deferred = readDeferredStart(html);
  if (deferred) {
    for (const url of [...deferred.preloads, ...importsOfInlineModule(deferred.moduleSource)]) urls.add(url);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']modulepreload["']/i.test(tag)) {
      const href = attribute(tag, "href");
      if (href) urls.add(href);
    }
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, tag = "", body = ""] = match;
    if (!/\btype=["']module["']/i.test(tag)) continue;
    const src = attribute(tag, "src");
    if (src) urls.add(src);
    for (const url of importsOfInlineModule(body)) urls.add(url);
  }
  return [...urls];
}

/** Static imports of a built chunk (`import{a as b}from"./x.js"`, `import"./y.js"`), as absolute URLs. */
export function staticImports(code: string, chunkUrl: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of code.matchAll(/\b(?:from|import)\s*["']([^"']+\.js)["']/g)) {
    if (specifier) found.push(new URL(specifier, chunkUrl).pathname);
  }
  return found;
}

export function adminFindingsIn(url: string, code: string): string[] {
  const findings: string[] = [];
  const name = url.split("/").pop() ?? url;
  if (/admin/i.test(name)) findings.push(`${name}: chunk name mentions admin`);
  for (const text of ADMIN_ONLY_TEXTS) if (code.includes(text)) findings.push(`${name}: contains the admin text "${text}"`);
  if (/routes\/admin/i.test(code)) findings.push(`${name}: refers to an admin route module`);
  return findings;
}

/** The chunk vite.config.ts names `framework`: React, React DOM, scheduler and React Router. */
export function isFrameworkChunk(url: string): boolean {
  return /^framework-[\w-]+\.js$/.test(url.split("/").pop() ?? "");
}

export async function measureFirstLoadJs(baseUrl: string, page: string): Promise<FirstLoadJs> {
  const response = await fetch(baseUrl + page);
  if (!response.ok) throw new Error(`GET ${page} answered ${response.status}`);
  const html = await response.text();
  const queue = entryModules(html).map((url) => new URL(url, baseUrl + page).pathname);
  const seen = new Set<string>();
  const chunks: FirstLoadJs["chunks"] = [];
  const adminFindings: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const chunk = await fetch(baseUrl + url); // no Accept-Encoding: the raw file, gzipped here
    if (!chunk.ok) throw new Error(`GET ${url} answered ${chunk.status}`);
    const code = await chunk.text();
    const raw = Buffer.from(code);
    chunks.push({ url, bytes: raw.length, gzipBytes: gzipSync(raw).length });
    adminFindings.push(...adminFindingsIn(url, code));
    queue.push(...staticImports(code, baseUrl + url));
  }
  const gzipBytes = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
  const frameworkGzipBytes = chunks.filter((c) => isFrameworkChunk(c.url)).reduce((sum, c) => sum + c.gzipBytes, 0);
  return {
    page,
    chunks,
    totalBytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
    gzipBytes,
    frameworkGzipBytes,
    ownGzipBytes: gzipBytes - frameworkGzipBytes,
    adminFindings,
  };
}
