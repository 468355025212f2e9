// POST /api/payments/webhook against the production build (issue 10, item 5): a forged, unsigned
// or garbled event is refused with 400 (docs/api.md), never a 500. The build bundles the payment
// providers apart from the routes, which is why this runs against the built server.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";

const WEBHOOK = "/api/payments/webhook";
const event = (sessionId: string) =>
  JSON.stringify({ id: `evt_forged_${Date.now()}`, type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: { id: sessionId } } });

test.describe("payment webhook on the built server", () => {
  test("refuses an event signed with the wrong key with 400", async ({ request }) => {
    const body = event("cs_local_forged");
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", "not-the-shop-secret").update(`${t}.${body}`).digest("hex");
    const response = await request.post(WEBHOOK, { data: body, headers: { "content-type": "application/json", "local-signature": `t=${t},v1=${v1}` } });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature" });
  });

  test("refuses an event without a signature with 400", async ({ request }) => {
    const response = await request.post(WEBHOOK, { data: event("cs_local_unsigned"), headers: { "content-type": "application/json" } });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature" });
  });

  test("refuses a garbage body with a garbage signature with 400", async ({ request }) => {
    for (const [body, signature] of [
      ["{not json", "t=1,v1=zz"],
      ["\u0000\u0001garbage", "garbage"],
      ["", ""],
      ["[]", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`],
    ] as const) {
      const response = await request.post(WEBHOOK, { data: body, headers: { "content-type": "text/plain", "local-signature": signature, "stripe-signature": signature } });
      expect(response.status(), `body ${JSON.stringify(body)}`).toBe(400);
    }
  });
});
