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

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_SCRIPT_OPENING = ' type="module" async="">';
const SCRIPT_END = "</script>";
/** A shell bigger than this without the router's module script is passed on as it is. */
const MAX_SHELL_BYTES = 4 * 1024 * 1024;

/**
 * Runs in the browser, as a classic inline script in the place of the router's module script. It
 * reads its own nonce (the page's Content-Security-Policy admits inline scripts by nonce) and gives
 * it to the module script it writes.
 */
const STARTER = `(function(m,p){var d=document,w=window,n=d.currentScript&&d.currentScript.nonce,s=0;function go(){if(s)return;s=1;p.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});var e=d.createElement("script");e.type="module";if(n)e.nonce=n;e.textContent=m;d.body.appendChild(e)}function soon(){requestAnimationFrame(function(){setTimeout(go,0)})}if(d.readyState==="complete")soon();else w.addEventListener("load",soon,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){w.addEventListener(t,go,{once:true,passive:true,capture:true})})})`;

/** A value as JavaScript source that is safe inside an inline `<script>`: no `<` can close it or open a comment. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
}

/**
 * The shell with hydration deferred, or `undefined` while it does not yet hold the whole module
 * script. A shell whose module script is there but whose preloads are not is still rewritten: the
 * module script fetches what it imports itself.
 */
export function deferHydration(shell: string): string | undefined {
  const script = MODULE_SCRIPT.exec(shell);
  if (!script) return undefined;
  const before = shell.slice(0, script.index);
  const preloads: string[] = [];
  const withoutPreloads = before.replace(PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const [, attributes, source] = script;
  const starter = `<script${attributes}>${STARTER}(${scriptLiteral(source)},${scriptLiteral(preloads)})</script>`;
  return withoutPreloads + starter + shell.slice(script.index + script[0].length);
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
 * React writes in one go), then passes everything on as it comes. Chunks are only scanned for the
 * end of that script, in bytes, and the held text is read as a string once.
 */
export function deferredHydrationStream(): Transform {
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  // The marker being looked for: first the module script's opening, then its end.
  let marker = MODULE_SCRIPT_OPENING;
  let tail = Buffer.alloc(0);
  const release = (callback: TransformCallback, rewrite: boolean) => {
    // Bytes as latin1 text, one character each: the markers are ASCII, which never occurs inside a
    // UTF-8 multi-byte character, so every other character passes through intact.
    const text = Buffer.concat(held!, heldBytes).toString("latin1");
    held = null;
    callback(null, Buffer.from(rewrite ? (deferHydration(text) ?? text) : text, "latin1"));
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (held === null) return callback(null, chunk);
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      held.push(bytes);
      heldBytes += bytes.length;
      // A marker may be cut by a chunk boundary: the end of the previous chunk is searched again.
      let scanned = Buffer.concat([tail, bytes]);
      let found = scanned.indexOf(marker, 0, "latin1");
      if (found !== -1 && marker === MODULE_SCRIPT_OPENING) {
        scanned = scanned.subarray(found + marker.length);
        marker = SCRIPT_END;
        found = scanned.indexOf(marker, 0, "latin1");
      }
      if (found !== -1) return release(callback, true);
      if (heldBytes > MAX_SHELL_BYTES) return release(callback, false);
      tail = Buffer.from(scanned.subarray(Math.max(0, scanned.length - marker.length + 1)));
      callback();
    },
    flush(callback: TransformCallback) {
      if (held === null || heldBytes === 0) return callback();
      release(callback, false);
    },
  });
}
