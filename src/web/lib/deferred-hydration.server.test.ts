import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration, deferredHydrationStream, readDeferredStart } from "./deferred-hydration.server.ts";

// The shape React Router's <Scripts> streams: preloads hoisted into the head, the context script and
// the module script at the end of the body, the loader data after it.
const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0"/><link rel="modulepreload" href="/assets/framework-2.js" nonce="n0"/></head>';
const MODULE_SOURCE = ';\nimport * as route0 from "/assets/root-3.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");';
const BODY_START = '<body><p>£12.00 — café</p><script nonce="n0">window.__reactRouterContext = {};</script>';
const MODULE_SCRIPT = `<script nonce="n0" type="module" async="">${MODULE_SOURCE}</script>`;
const BODY_END = '<script nonce="n0">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';
const PAGE = HEAD + BODY_START + MODULE_SCRIPT + BODY_END;

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const output: Buffer[] = [];
  for await (const chunk of Readable.from(chunks, { objectMode: false }).pipe(deferredHydrationStream())) output.push(Buffer.from(chunk));
  return Buffer.concat(output).toString("utf8");
}

/** The classic script that took the module script's place: its attributes and its text. */
function starterOf(html: string): { attributes: string; text: string } {
  const match = /<script([^>]*)>(\(function\(m,p\)[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no starter in the page");
  return { attributes: match[1]!, text: match[2]! };
}

type FakeElement = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string };

/** Runs a starter against a minimal browser: what it appends, and the hooks to fire load, a frame, a press. */
function runStarter(text: string, { readyState = "loading", nonce = "n0" } = {}) {
  const appended: FakeElement[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const parent = { appendChild: (element: FakeElement) => appended.push(element) };
  const document = {
    readyState,
    currentScript: { nonce },
    head: parent,
    body: parent,
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  const window = { addEventListener: (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]) };
  new Function("document", "window", "requestAnimationFrame", "setTimeout", text)(
    document,
    window,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
  );
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  const nextFrame = () => {
    frames.splice(0).forEach((callback) => callback());
    timers.splice(0).forEach((callback) => callback());
  };
  return { appended, fire, nextFrame };
}

describe("hydration deferred to the page's load", () => {
  it("takes the module preloads out of the head and puts the module script in a starter with the same nonce", () => {
    const html = deferHydration(PAGE)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>');
    expect(html.startsWith(HEAD.replace(/<link rel="modulepreload"[^>]*\/>/g, "") + BODY_START)).toBe(true);
    expect(html.endsWith(BODY_END)).toBe(true);
    expect(starterOf(html).attributes).toBe(' nonce="n0"');
  });

  it("waits for the document to be complete without it", () => {
    expect(deferHydration(HEAD + BODY_START)).toBeUndefined();
    expect(deferHydration(HEAD + BODY_START + MODULE_SCRIPT.slice(0, -4))).toBeUndefined();
  });

  it("starts the scripts a frame after the load event, once: the preloads first, then the module script with its nonce", () => {
    const browser = runStarter(starterOf(deferHydration(PAGE)!).text);
    browser.nextFrame();
    expect(browser.appended).toEqual([]);
    browser.fire("load");
    expect(browser.appended).toEqual([]);
    browser.nextFrame();
    expect(browser.appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/framework-2.js" },
      { tag: "script", type: "module", nonce: "n0", textContent: MODULE_SOURCE },
    ]);
    browser.fire("pointerdown");
    browser.fire("load");
    browser.nextFrame();
    expect(browser.appended).toHaveLength(3);
  });

  it("starts at once when the shopper presses or types before the page has loaded", () => {
    for (const event of ["pointerdown", "keydown", "touchstart"]) {
      const browser = runStarter(starterOf(deferHydration(PAGE)!).text);
      browser.fire(event);
      expect(browser.appended.map((element) => element.tag)).toEqual(["link", "link", "script"]);
    }
  });

  it("adds many preloads four to a task, so no one task starts them all; the module script comes after the last", () => {
    const hrefs = Array.from({ length: 9 }, (_, index) => `/assets/chunk-${index}.js`);
    const head = HEAD.replace(/<link rel="modulepreload"[^>]*\/>/g, "").replace("</head>", hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="n0"/>`).join("") + "</head>");
    const browser = runStarter(starterOf(deferHydration(head + BODY_START + MODULE_SCRIPT + BODY_END)!).text, { readyState: "complete" });
    const preloaded = () => browser.appended.filter((element) => element.tag === "link").map((element) => element.href);
    browser.nextFrame();
    expect(preloaded()).toEqual(hrefs.slice(0, 4));
    browser.nextFrame();
    expect(preloaded()).toEqual(hrefs.slice(0, 8));
    expect(browser.appended.some((element) => element.tag === "script")).toBe(false);
    browser.nextFrame();
    expect(preloaded()).toEqual(hrefs);
    expect(browser.appended.at(-1)).toEqual({ tag: "script", type: "module", nonce: "n0", textContent: MODULE_SOURCE });
  });

  it("starts after the next frame when the page had already loaded", () => {
    const browser = runStarter(starterOf(deferHydration(PAGE)!).text, { readyState: "complete" });
    browser.nextFrame();
    expect(browser.appended).toHaveLength(3);
  });

  it("keeps a module script's '<!--' or '<script' from changing how the starter is parsed", () => {
    const source = 'const early = 1 <2; const text = "<!--<script>";';
    const html = deferHydration(`${HEAD}<body><script nonce="n0" type="module" async="">${source}</script></body>`)!;
    const { text } = starterOf(html);
    expect(text).not.toContain("<");
    const browser = runStarter(text, { readyState: "complete" });
    browser.nextFrame();
    expect(browser.appended.at(-1)?.textContent).toBe(source);
  });

  it("rewrites the page the same however the stream cuts it, characters of two bytes included", async () => {
    const expected = deferHydration(PAGE)!;
    const bytes = Buffer.from(PAGE, "utf8");
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    const oneByteAtATime = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await through(oneByteAtATime)).toBe(expected);
  });

  it("gives back the module script and the preloads it carries, for the bench to read", () => {
    expect(readDeferredStart(deferHydration(PAGE)!)).toEqual({ moduleSource: MODULE_SOURCE, preloads: ["/assets/entry.client-1.js", "/assets/framework-2.js"] });
    expect(readDeferredStart(PAGE)).toBeUndefined();
  });

  it("passes a document without the router's module script through unchanged", async () => {
    const page = HEAD + "<body><p>Oops! Page not found — £0</p></body></html>";
    expect(await through([page.slice(0, 40), page.slice(40)])).toBe(page);
  });
});
