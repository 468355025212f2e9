import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type APIRequestContext, type Cookie, type Locator, type Page, type APIRequest, type TestInfo } from "@playwright/test";
import { CATEGORIES } from "../../src/domain/categories.ts";
import { auth, passwordChange, passwordReset } from "../../src/domain/messages/account.ts";
import { readSeedCatalogue } from "../../src/server/catalog/seed-catalogue.server.ts";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core in the page and fails on serious or critical violations, and on any violation of
 * the rules in `alsoFail` whatever axe rates it (heading-order is only "moderate"). The page's CSP
 * allows only nonce'd scripts, so specs using this set `test.use({ bypassCSP: true })`.
 */
export async function expectNoSeriousA11yViolations(page: Page, { alsoFail = [] }: { alsoFail?: readonly string[] } = {}) {
  // Toasts fade in and out (0.4 s): a contrast check in the middle of a fade reads half-transparent
  // text, and on a busy machine a toast can start fading out while axe runs. Fades are switched off
  // for the check, so every toast is either fully shown or gone.
  const noFades = await page.addStyleTag({ content: "[data-sonner-toast], [data-sonner-toast] * { transition: none !important; animation: none !important; }" });
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => ["0", "1"].includes(getComputedStyle(toast).opacity)),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  await noFades.evaluate((style) => (style as Element).remove());
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical" || alsoFail.includes(v.id));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * Pictures of the pages are for a person to look at (the journeys assert nothing on them), and each
 * costs 0.2-1.6 s of the machine: a clean-clone CI run throws them away, so it takes none
 * (decision 057). E2E_SCREENSHOTS=1 takes them in CI too.
 */
export const TAKES_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/**
 * A picture of the page for the test's report: the whole page, or only the viewport when the page
 * is long. A full-page capture lays out and loads everything below the fold; of the home page (ten
 * sections of lazy images, ~14,000 px on a phone) that took 14-17 s of a 30 s test on a busy machine.
 * `fullPage: false` takes the viewport; a locator, only that part. `path` replaces the test's folder.
 */
const FULL_PAGE_MAX_HEIGHT = 4_000;
export async function screenshot(target: Page | Locator, testInfo: TestInfo, name: string, options: { fullPage?: boolean; path?: string } = {}) {
  if (!TAKES_SCREENSHOTS) return;
  const file = options.path ?? testInfo.outputPath(`${name}.png`);
  if ("goto" in target) {
    const height = options.fullPage === false ? 0 : await target.evaluate(() => document.documentElement.scrollHeight);
    await target.screenshot({ path: file, fullPage: options.fullPage !== false && height <= FULL_PAGE_MAX_HEIGHT });
  } else {
    await target.screenshot({ path: file });
  }
}

/** The e2e server's DATA_DIR: playwright.config.ts pins it in E2E_DATA_DIR for every worker. */
export function serverOutbox(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  expect(existsSync(dataDir), `the e2e server's data directory ${dataDir}`).toBe(true);
  return path.join(dataDir, "outbox");
}

/** The outbox e-mails whose text contains `needle`. */
export function mailsContaining(outbox: string, needle: string): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => readFileSync(path.join(outbox, file), "utf8"))
    .filter((mail) => mail.includes(needle));
}

// ---------------------------------------------------------------------------------------------
// Catalogue, accounts and carts (accounts.spec.ts, cart.spec.ts)
// ---------------------------------------------------------------------------------------------

/** A product as GET /api/products lists it (prices in pence at storefront price). */
export type ApiProduct = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  images: string[];
  colors: string[];
  sizes: string[];
  inStock: boolean;
};

/**
 * The first product (in category order) that matches, looked up through the JSON API; its stock
 * (not part of the API) comes from the seed catalogue the e2e server starts with.
 */
export async function findProduct(request: APIRequestContext, matches: (product: ApiProduct & { stock: number }) => boolean): Promise<ApiProduct & { stock: number }> {
  const stockByName = new Map(readSeedCatalogue().map((product) => [product.name, product.stock ?? 0]));
  for (const category of CATEGORIES) {
    const response = await request.get(`/api/products?category=${category.slug}&page=1&pageSize=48`);
    expect(response.status()).toBe(200);
    for (const item of (await response.json()).items as ApiProduct[]) {
      const product = { ...item, stock: stockByName.get(item.name) ?? 0 };
      // Seed products only: admin journeys add products of their own to the same shop.
      if (product.inStock && stockByName.has(item.name) && matches(product)) return product;
    }
  }
  throw new Error("the seed catalogue has no product matching the test's needs");
}

/** Toasts on the page (sonner). */
export function toasts(page: Page): Locator {
  return page.locator("[data-sonner-toast]");
}

/**
 * Waits until the toast holding `part` (the toast itself or something in it) has come to rest:
 * sonner slides a toast in (0.4 s) and moves those around it, so a box read on the way is not
 * where the shopper sees it.
 */
export async function waitForToastAtRest(part: Locator) {
  await expect
    .poll(async () => {
      const frames = await twoFramesApart(part, "[data-sonner-toast]");
      return !frames.animating && stayedPut(frames);
    })
    .toBe(true);
}

/**
 * Resolves once React has hydrated (root.tsx marks `<html data-hydrated>`). Pressing a button
 * before that would be a plain HTML form post or do nothing. Not the toast area: it appears only
 * after a further chunk has loaded (toaster.tsx), seconds later on a busy machine, and toasts
 * asked for before it is there are shown once it is (lib/toast.ts).
 */
export async function waitForHydration(page: Page) {
  // A precondition, not what a test checks: on a machine whose cores are shared with other work
  // the heaviest page (home: ten sections of cards) takes more than the default 5 s to hydrate.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
}

/**
 * Opens a page ready for the shopper's hands. Its scripts start after the page has loaded; a press
 * before that is lost (a `type="button"` control) or is the plain form post checked on the server,
 * so tests of what happens in the page wait for hydration first.
 */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

export type Account = { firstName: string; lastName: string; email: string; password: string; phone?: string };

/** An account no other test, project or earlier run uses. */
export function newAccount(testInfo: TestInfo, label: string, firstName = "Kofi", lastName = "Boateng"): Account {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { firstName, lastName, email: `${label}-${testInfo.project.name}-${unique}@example.com`, password: `pw-${unique}-long` };
}

export const SESSION_COOKIE = "better-auth.session_token";

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("baseURL is not set (playwright.config.ts sets it)");
  return baseURL;
}

/** A request context of its own (own cookie jar), optionally holding a session's cookies. */
export async function apiContext(playwright: { request: APIRequest }, testInfo: TestInfo, cookies: Cookie[] = []): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseUrlOf(testInfo), storageState: { cookies, origins: [] } });
}

/** An address of the benchmarking range (198.18.0.0/15) of its own, as a shopper's own connection. */
function ownClientAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `198.18.${part()}.${part()}`;
}

/**
 * Creates the account with the /auth sign-up form, posted the way a browser without JavaScript
 * would, and returns the new session's cookies. Sign-ups are rate-limited (20 an hour per
 * address): each comes from an address of its own (the journeys' server trusts X-Forwarded-For
 * from this machine), as the suite's shoppers would, so the limit is not shared by the suite.
 */
export async function signUpThroughForm(playwright: { request: APIRequest }, testInfo: TestInfo, account: Account): Promise<Cookie[]> {
  const api = await apiContext(playwright, testInfo);
  try {
    const response = await api.post("/auth?tab=signup", {
      headers: { "X-Forwarded-For": ownClientAddress() },
      form: { intent: "signup", firstName: account.firstName, lastName: account.lastName, email: account.email, phone: account.phone ?? "", password: account.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { cookies } = await api.storageState();
    expect(cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
    return cookies;
  } finally {
    await api.dispose();
  }
}

/**
 * On /auth's sign-in panel, after a change of password: the old one is refused with the spec's
 * message, the new one signs in.
 */
/** Fills a change-of-password form (the account page's or Settings') and presses its button. */
export async function submitPasswordChange(form: Locator, current: string, next: string) {
  const field = (name: string) => form.getByRole("textbox", { name, exact: true });
  await field(passwordChange.currentPasswordLabel).fill(current);
  await field(passwordReset.newPasswordLabel).fill(next);
  await field(passwordReset.confirmPasswordLabel).fill(next);
  await form.getByRole("button", { name: passwordChange.save }).click();
}

export async function expectOnlyNewPasswordSignsIn(page: Page, email: string, oldPassword: string, newPassword: string) {
  const panel = page.getByRole("tabpanel");
  await panel.getByRole("textbox", { name: "Email" }).fill(email);
  await panel.getByLabel("Password").fill(oldPassword);
  await panel.getByRole("button", { name: auth.signIn, exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText(auth.invalidCredentials);
  await panel.getByLabel("Password").fill(newPassword);
  await panel.getByRole("button", { name: auth.signIn, exact: true }).click();
  await expect(page.getByRole("banner").getByTestId("account-avatar")).toBeVisible();
}

/** Quoted-printable e-mail text as written (soft line breaks, =3D) back to plain text. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/**
 * Scrolls `locator` into view and waits until it stays put there. Blocks below the fold are laid
 * out only as they come into view (content-visibility: auto), so a link near the end of a long
 * page moves down while the page scrolls to it, and a click aimed at where it was lands on
 * whatever has taken its place.
 */
export async function scrollIntoViewAtRest(locator: Locator) {
  await expect
    .poll(async () => {
      await locator.scrollIntoViewIfNeeded();
      const frames = await twoFramesApart(locator);
      return stayedPut(frames) && frames.after.y >= 0 && frames.after.bottom <= frames.viewportHeight;
    })
    .toBe(true);
}

type FramesApart = { before: { x: number; y: number }; after: { x: number; y: number; bottom: number }; animating: boolean; viewportHeight: number };

/**
 * The element's box now and two frames later, and whether anything in `host` (its closest
 * ancestor matching it; the element itself without one) is still animating.
 */
function twoFramesApart(locator: Locator, host?: string): Promise<FramesApart> {
  return locator.evaluate(
    (element, hostSelector) =>
      new Promise<FramesApart>((resolve) => {
        const before = element.getBoundingClientRect();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const after = element.getBoundingClientRect();
            const animated = (hostSelector ? element.closest(hostSelector) : null) ?? element;
            resolve({
              before: { x: before.x, y: before.y },
              after: { x: after.x, y: after.y, bottom: after.bottom },
              animating: animated.getAnimations({ subtree: true }).length > 0,
              viewportHeight: window.innerHeight,
            });
          }),
        );
      }),
    host,
  );
}

function stayedPut({ before, after }: FramesApart): boolean {
  return before.x === after.x && before.y === after.y;
}

/**
 * The page fits the window: nothing makes it scroll sideways (a wide table scrolls in its own box).
 * Measured against the window's set width: a phone (isMobile) zooms out to show a page that is too
 * wide, and its innerWidth then grows with the page and hides the problem.
 */
export async function expectNoSidewaysScroll(page: Page, what?: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("the page has no fixed viewport");
  const overflow = await page.evaluate((screenWidth) => ({
    extra: document.documentElement.scrollWidth - screenWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > screenWidth + 1 && !element.parentElement?.closest(".overflow-x-auto"))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
  }), viewport.width);
  expect(overflow.extra, [what, ...overflow.wide].filter(Boolean).join("\n")).toBeLessThanOrEqual(0);
}

/** Where an element is drawn, in CSS pixels; a test fails if it is not drawn at all. */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("element has no box");
  return found;
}

export type OpenedTab = { url: string; title: string };

/**
 * Watches the tabs the browser opens beside `page` (in its context), as the browser itself lists
 * them: each one's address and title, the title once its page has loaded.
 *
 * Not `context.waitForEvent("page")`: Playwright reports a tab only once it has seen its first
 * navigation commit, and when the tab's page commits while Playwright is still attaching to it
 * (a loaded machine) it misses that commit and never reports the tab, though the browser has
 * opened and loaded it (the Ctrl+click journey in browsing.spec.ts: about 1 run in 30 with the
 * phone's CPU slowed six times). Chromium only, as the journeys are.
 */
export async function watchOpenedTabs(page: Page): Promise<{ tabs: () => OpenedTab[]; stop: () => Promise<void> }> {
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo: shown } = await pageSession.send("Target.getTargetInfo");
  await pageSession.detach();
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser to ask");
  const session = await browser.newBrowserCDPSession();
  const opened = new Map<string, OpenedTab>();
  const note = ({ targetInfo }: { targetInfo: typeof shown }) => {
    if (targetInfo.type !== "page" || targetInfo.targetId === shown.targetId || targetInfo.browserContextId !== shown.browserContextId) return;
    opened.set(targetInfo.targetId, { url: targetInfo.url, title: targetInfo.title });
  };
  session.on("Target.targetCreated", note);
  session.on("Target.targetInfoChanged", note);
  session.on("Target.targetDestroyed", ({ targetId }) => opened.delete(targetId));
  await session.send("Target.setDiscoverTargets", { discover: true });
  return { tabs: () => [...opened.values()], stop: () => session.detach() };
}
