// A shopper talking to a running shop over HTTP, the way a browser without JavaScript or the
// storefront's own fetch calls do: for tests that run the built server as a child process.
import { randomBytes } from "node:crypto";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { products } from "../../src/server/db/schema.ts";

export const CUSTOMER = { firstName: "Ama", lastName: "Owusu", phone: "" };
export const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ama Owusu" };
export const PASSWORD = "a long and unusual passphrase 7";

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.com`;

/** A product with sizes and colours left out, so one line needs nothing but its id. */
export async function insertProduct(db: Database, fields: { name: string; pricePence: number; stock: number }): Promise<string> {
  const [row] = await db
    .insert(products)
    .values(withDerivedFields({ ...fields, category: "ties", image: "/images/products/tie-1.svg", availableSizes: [], availableColors: ["Navy"] }))
    .returning({ id: products.id });
  return row!.id;
}

/** The `name=value` pairs of Set-Cookie headers, as a browser would send them back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

const timeout = () => AbortSignal.timeout(15_000);

function form(fields: Record<string, string>): { body: URLSearchParams; headers: Record<string, string> } {
  return { body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } };
}

/** Signs up through the /auth form; answers the session cookie. */
export async function signUp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    ...form({ intent: "signup", firstName: "Ama", lastName: "Owusu", email, phone: "", password: PASSWORD }),
    redirect: "manual",
    signal: timeout(),
  });
  const cookie = cookiesOf(response);
  if (!cookie) throw new Error(`sign-up answered ${response.status} without a session cookie`);
  return cookie;
}

/** Signs in through the /auth form as a browser without JavaScript (answered with a redirect). */
export async function signIn(baseUrl: string, email: string, password = PASSWORD): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    ...form({ intent: "signin", email, password }),
    redirect: "manual",
    signal: timeout(),
  });
  return { status: response.status, cookie: cookiesOf(response) };
}

export async function postJson(baseUrl: string, path: string, body: unknown, cookie = ""): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: timeout(),
  });
}

/** Opens a payment session for one line (a guest's, or the signed-in shopper's cart). */
export async function createCheckout(baseUrl: string, options: { productId?: string; cookie?: string; email: string }): Promise<Response> {
  const items = options.productId ? [{ product_id: options.productId, quantity: 1, selected_size: null, selected_color: "Navy" }] : [];
  return postJson(
    baseUrl,
    "/api/checkout",
    { source: "cart", items, customerInfo: { ...CUSTOMER, email: options.email }, shippingAddress: UK_ADDRESS },
    options.cookie,
  );
}

/** Pays on the local provider's payment page with the test card that succeeds (answered 302). */
export async function payWithCard(baseUrl: string, sessionId: string): Promise<Response> {
  return fetch(`${baseUrl}/pay/${encodeURIComponent(sessionId)}`, {
    method: "POST",
    ...form({ intent: "pay", ...CARD }),
    redirect: "manual",
    signal: timeout(),
  });
}
