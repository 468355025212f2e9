// Hydration starts once the page has loaded, not while it is still painting (decision 048).
//
// React Router writes a `<link rel="modulepreload">` in the head for every chunk the page hydrates
// with, and an inline module script that imports them and starts React. The browser fetches all of
// it at once, in competition with the page's own images, and runs it as soon as it arrives, often
// before the first paint. Every storefront page is complete and usable from its HTML alone (links
// navigate, forms post), so nothing a shopper sees waits for JavaScript; the scripts only make it
// quicker from the second page on.
//
// This stream moves that start to after the window's load event (the first paint and its images
// are then done), or to the shopper's first press or key, whichever comes first: the head loses
// its module preloads, and the inline module script becomes a small classic script that adds them
// back with the module script at that moment. The router gives no option for this, so the shell is
// rewritten as it streams out, up to that script; the rest of the page passes through untouched.
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD_OPENING = '<link rel="modulepreload"';
const MODULE_SCRIPT_OPENING = ' type="module" async="">';
const SCRIPT_END = "</script>";
const SCRIPT_END_BYTES = Buffer.from(SCRIPT_END);
const LESS_THAN = "<".charCodeAt(0);
/** A shell bigger than this without the router's module script is passed on as it is. */
const MAX_SHELL_BYTES = 4 * 1024 * 1024;

/**
 * Runs in the browser, as a classic inline script in the place of the router's module script. It
 * reads its own nonce (the page's Content-Security-Policy admits inline scripts by nonce) and gives
 * it to the module script it writes.
 *
 * The preloads go in four to a task: starting each fetch costs the main thread about a
 * millisecond, and a category page's sixteen in one go were a task of 20 ms on a fast machine,
 * 80 ms on a slow phone, in the middle of the time Lighthouse counts as blocking.
 */
const STARTER = `(function(m,p){var d=document,w=window,n=d.currentScript&&d.currentScript.nonce,s=0;function add(){p.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});if(p.length)return void setTimeout(add,0);var e=d.createElement("script");e.type="module";if(n)e.nonce=n;e.textContent=m;d.body.appendChild(e)}function go(){if(s)return;s=1;add()}function soon(){requestAnimationFrame(function(){setTimeout(go,0)})}if(d.readyState==="complete")soon();else w.addEventListener("load",soon,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){w.addEventListener(t,go,{once:true,passive:true,capture:true})})})`;

/** A value as JavaScript source that is safe inside an inline `<script>`: no `<` can close it or open a comment. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
}

/**
 * The shell with hydration deferred, as the pieces to send in order, or `undefined` while it does
 * not yet hold the whole module script. Only the preload tags and the module script are read as
 * text; the rest of the page (the inline stylesheet, the markup) is passed on as the bytes it was.
 */
export function deferHydrationOf(shell: Buffer): Buffer[] | undefined {
  const opening = shell.indexOf(MODULE_SCRIPT_OPENING);
  if (opening === -1) return undefined;
  const sourceStart = opening + MODULE_SCRIPT_OPENING.length;
  const end = shell.indexOf(SCRIPT_END, sourceStart);
  const tagStart = shell.lastIndexOf("<script", opening);
  if (end === -1 || tagStart === -1) return undefined;
  const pieces: Buffer[] = [];
  const preloads: string[] = [];
  let from = 0;
  for (let at = shell.indexOf(PRELOAD_OPENING); at !== -1 && at < tagStart; at = shell.indexOf(PRELOAD_OPENING, from)) {
    const close = shell.indexOf("/>", at);
    if (close === -1 || close > tagStart) break;
    const href = /\shref="([^"]+)"/.exec(shell.toString("utf8", at, close))?.[1];
    if (href) preloads.push(href);
    pieces.push(shell.subarray(from, at));
    from = close + 2;
  }
  pieces.push(shell.subarray(from, tagStart));
  const attributes = shell.toString("utf8", tagStart + "<script".length, opening);
  const source = shell.toString("utf8", sourceStart, end);
  pieces.push(Buffer.from(`<script${attributes}>${STARTER}(${scriptLiteral(source)},${scriptLiteral(preloads)})</script>`, "utf8"));
  pieces.push(shell.subarray(end + SCRIPT_END.length));
  return pieces;
}

/** `deferHydrationOf` for a shell held as text. */
export function deferHydration(shell: string): string | undefined {
  const pieces = deferHydrationOf(Buffer.from(shell, "utf8"));
  return pieces && Buffer.concat(pieces).toString("utf8");
}

/**
 * The router's module script and preloads as a rewritten page carries them in its starter, for
 * tools that read a page's scripts from its HTML (the bench's first-load JavaScript).
 */
export function readDeferredStart(html: string): { moduleSource: string; preloads: string[] } | undefined {
  const at = html.indexOf(STARTER + "(");
  if (at === -1) return undefined;
  const argumentsStart = at + STARTER.length + 1;
  const end = html.indexOf(")</script>", argumentsStart);
  if (end === -1) return undefined;
  const [moduleSource, preloads] = JSON.parse(`[${html.slice(argumentsStart, end)}]`) as [string, string[]];
  return { moduleSource, preloads };
}

/**
 * A pass-through stream that defers the hydration of the document it streams. It holds the start
 * of the document until the router's module script has streamed (it is part of the shell, which
 * React writes in one go), then passes everything on as it comes. A chunk is only searched for a
 * script's end; the held bytes are searched for the module script when one has ended.
 */
export function deferredHydrationStream(): Transform {
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  // The end of the previous chunk, where a script's end cut by the chunk boundary would start.
  let tail: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (held === null) return callback(null, chunk);
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      held.push(bytes);
      heldBytes += bytes.length;
      const keep = SCRIPT_END_BYTES.length - 1;
      const scriptEnded =
        bytes.includes(SCRIPT_END_BYTES) || (tail.includes(LESS_THAN) && Buffer.concat([tail, bytes.subarray(0, keep)]).includes(SCRIPT_END_BYTES));
      // React writes each chunk into a buffer of its own, so keeping a view of it is safe.
      tail = (bytes.length >= keep ? bytes : Buffer.concat([tail, bytes])).subarray(-keep);
      if (!scriptEnded && heldBytes <= MAX_SHELL_BYTES) return callback();
      const shell = Buffer.concat(held, heldBytes);
      const pieces = deferHydrationOf(shell);
      if (pieces === undefined && heldBytes <= MAX_SHELL_BYTES) {
        held = [shell];
        return callback();
      }
      held = null;
      for (const piece of pieces ?? [shell]) this.push(piece);
      callback();
    },
    flush(callback: TransformCallback) {
      if (held !== null && heldBytes > 0) this.push(Buffer.concat(held, heldBytes));
      held = null;
      callback();
    },
  });
}
