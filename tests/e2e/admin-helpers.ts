// Shared steps of the admin dashboard and customers journeys: signing in as the e2e admin (the
// shop's own /auth form action, posted as a browser without JavaScript would; the admin login
// form is another screen's), and orders placed and paid through the built-in local payment page.
import type { ProductInput } from "../../src/domain/admin/product-input.ts";
import { request as apiRequest, expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { orderLookup } from "../../src/domain/messages/orders.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { readSeedCatalogue } from "../../src/server/catalog/seed-catalogue.server.ts";
import { apiContext, waitForHydration, type ApiProduct } from "./helpers.ts";

export const E2E_ADMIN = { email: "admin@shop.test", password: "e2e-admin-password" };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A field a refused submit marked, as every admin form does: `aria-invalid`, its error read with it
 * (aria-describedby), and, for the first refused field, the cursor on it.
 */
export async function expectRefusedField(field: Locator, message: string, { focused = true }: { focused?: boolean } = {}) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escaped(message)));
  if (focused) await expect(field).toBeFocused();
}

/** Signs the page's browser context in as the admin: its cookies then carry the session. */
export async function signInAsAdmin(page: Page) {
  const response = await page.request.post("/auth", { form: { intent: "signin", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
  expect([200, 302, 303], await response.text()).toContain(response.status());
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).toContain("better-auth.session_token");
}

/**
 * Units the admin journeys' shirt is given before their first order in each worker. One server
 * serves the whole run and every admin journey on both projects buys the shirt, so a long run (or
 * --repeat-each) sold out its seed 100, and unrelated journeys then failed at checkout. A shopper
 * sees no difference past 99 (the most a cart line takes).
 */
const ADMIN_JOURNEY_STOCK = 1_000_000;

/** Sets the product's stock through the admin API, leaving every other detail as it is now. */
async function stockUp(productId: string, stock: number) {
  const admin = await apiContext({ request: apiRequest }, test.info());
  try {
    const signedIn = await admin.post("/auth", { form: { intent: "signin", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
    expect([200, 302, 303], await signedIn.text()).toContain(signedIn.status());
    const read = await admin.get(`/api/admin/products/${productId}`);
    expect(read.status(), await read.text()).toBe(200);
    const current = (await read.json()) as AdminProduct;
    // The editor's body as read, with its versions: a detail someone saved meanwhile stays theirs.
    const saved = await admin.put(`/api/admin/products/${productId}`, {
      data: {
        name: current.name,
        description: current.description,
        category: current.category,
        price: (current.pricePence / 100).toFixed(2),
        originalPrice: current.originalPricePence === null ? null : (current.originalPricePence / 100).toFixed(2),
        colours: current.colours,
        sizes: current.sizes,
        isActive: current.isActive,
        gallery: current.gallery,
        versionsSeen: current.versions,
        stock,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(((await saved.json()) as AdminProduct).stock).toBe(stock);
  } finally {
    await admin.dispose();
  }
}

/** A product as GET /api/admin/products/:id answers it: the editor's fields and their versions. */
type AdminProduct = ProductInput & { versions: Record<string, string> };

let product: Promise<ApiProduct & { stock: number }> | null = null;
/**
 * The product the admin journeys' orders buy, every run on both projects: a shirt stocked with 100
 * in the seed, the last of them the shop lists, stocked up to ADMIN_JOURNEY_STOCK once per worker.
 * The storefront journeys take the first product that suits them, and a denim shirt stocked with
 * 50 sold out under the admin journeys' orders, taking the denim page's first card with it.
 */
export function adminJourneyProduct(request: APIRequestContext) {
  product ??= (async () => {
    const stock = new Map(readSeedCatalogue().map((item) => [item.name, item.stock ?? 0]));
    const response = await request.get("/api/products?category=shirts&page=1&pageSize=48");
    expect(response.status()).toBe(200);
    // Not filtered on what is in stock now, so every worker picks the same shirt whatever was sold.
    const shirts = ((await response.json()).items as ApiProduct[]).filter((item) => (stock.get(item.name) ?? 0) >= 100 && item.images.length > 0);
    const chosen = shirts.at(-1);
    if (!chosen) throw new Error("the seed catalogue has no shirt with 100 in stock");
    await stockUp(chosen.id, ADMIN_JOURNEY_STOCK);
    return { ...chosen, inStock: true, stock: ADMIN_JOURNEY_STOCK };
  })();
  return product;
}

export type Buyer = { firstName: string; lastName: string; email: string; phone: string };

export type PlacedOrder = { id: string; number: string; sessionId: string; totalPence: number };

/** Opens an order as the checkout page does, and pays it on the local payment page unless `pay` is false. */
const LONDON = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };

/** A line of a checkout's `items`, beside the admin journeys' shirt. */
export type CheckoutLine = { product_id: string; quantity: number; selected_size: string | null; selected_color: string | null };

export async function placeOrder(request: APIRequestContext, buyer: Buyer, pay = true, shippingAddress = LONDON, moreLines: CheckoutLine[] = []): Promise<PlacedOrder> {
  const p = await adminJourneyProduct(request);
  const line = { product_id: p.id, quantity: 1, selected_size: p.sizes[0] ?? null, selected_color: p.colors[0] ?? null };
  const opened = await request.post("/api/checkout", {
    data: {
      source: "cart",
      items: [line, ...moreLines],
      customerInfo: buyer,
      shippingAddress,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  if (pay) {
    const paid = await request.post(`/pay/${sessionId}`, {
      form: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: `${buyer.firstName} ${buyer.lastName}` },
      maxRedirects: 0,
    });
    expect(paid.status(), await paid.text()).toBe(302);
  }
  const verified = await request.post("/api/checkout/verify", { data: { sessionId } });
  const body = (await verified.json()) as { success: boolean; order?: { id: string; totalPence: number } };
  if (pay) {
    expect(body.success).toBe(true);
    return { id: body.order!.id, number: formatOrderNumber(body.order!.id), sessionId, totalPence: body.order!.totalPence };
  }
  expect(body.success).toBe(false);
  return { id: "", number: "", sessionId, totalPence: 0 };
}

/** A buyer no other test, project or run uses; the phone's last digits are unique too. */
export function uniqueBuyer(label: string, project: string): Buyer {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { firstName: "Zanele", lastName: `Test${unique}`, email: `${label}-${project}-${unique}@example.com`, phone: `+44 7700 ${digits}` };
}

/**
 * Opens the Products page's fold of bulk tools (seed catalogues, Bulk Product Upload, the URL
 * scraper) when it is closed: it starts closed once the shop has products and no import runs.
 */
export async function openBulkTools(page: Page) {
  const tools = page.locator("[data-bulk-tools]");
  if ((await tools.getAttribute("open")) === null) await tools.locator(":scope > summary").click();
  await expect(tools).toHaveAttribute("open", "");
}

/**
 * The order as its customer finds it on /orders/lookup, in a browser of their own (the admin's
 * page's size): its card, and the customer's page to close when done.
 */
export async function orderAsItsCustomerSeesIt(admin: Page, baseURL: string | undefined, number: string, email: string): Promise<{ shopper: Page; card: Locator }> {
  const shopper = await (await admin.context().browser()!.newContext({ baseURL, viewport: admin.viewportSize() })).newPage();
  await shopper.goto(`/orders/lookup?order=${encodeURIComponent(number)}`);
  await waitForHydration(shopper);
  await shopper.getByLabel("Email").fill(email);
  await shopper.getByRole("button", { name: orderLookup.submit }).click();
  return { shopper, card: shopper.getByRole("article", { name: `Order ${number}` }) };
}

/**
 * Presses `button` with the keyboard while the request it starts (a `.data` request of React
 * Router: a revalidation, a fetcher's or a form's post) is held until the busy state has been
 * seen: busy, the button keeps the focus and ignores a second press; once the answer is shown it
 * still has the focus (a disabled button dropped it to <body>). `after` names the control that
 * has the focus then, when the answer remakes the button.
 */
export async function expectFocusKeptWhileBusy(page: Page, button: Locator, after: Locator = button) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The requests like the press's first (a post's revalidation after it is another request).
  let first: string | null = null;
  let sent = 0;
  const dataRequest = (url: URL) => url.pathname.endsWith(".data");
  await page.route(dataRequest, async (route) => {
    const request = `${route.request().method()} ${route.request().url()}`;
    first ??= request;
    if (request === first) sent += 1;
    await held;
    await route.continue();
  });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await expect(button).toBeFocused();
  await expect.poll(() => sent).toBeGreaterThan(0);
  const pressedWhileBusy = sent;
  await page.keyboard.press("Enter");
  const answered = page.waitForResponse((response) => dataRequest(new URL(response.url())));
  release();
  await answered;
  await expect(after).not.toHaveAttribute("aria-disabled");
  await expect(after).toBeFocused();
  await page.unroute(dataRequest);
  expect(sent, "a press while busy sent nothing").toBe(pressedWhileBusy);
}
