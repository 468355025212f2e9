// The confirmation page after a payment the shop could not honour (issue 10, item 12; decision
// 013): the shopper reads, in words, why the order was not placed and that the money is coming
// back. The server's side (verify answering `refunded` with its reason on every call, the e-mail)
// is proven in tests/integration/payment-hardening.test.ts; here verify's answer is given to the
// page so no other journey's stock is bought out.
import { expect, test } from "@playwright/test";
import { confirmation } from "../../src/domain/messages/orders.ts";

const cases = [
  { reason: "sold-out", text: confirmation.soldOutRefunded },
  { reason: "discount-used-up", text: confirmation.discountUsedUpRefunded },
  { reason: "paid-after-cancel", text: confirmation.cancelledOrderRefunded },
] as const;

for (const { reason, text } of cases) {
  test(`a refused payment (${reason}) is explained on the confirmation page`, async ({ page }) => {
    await page.route("**/api/checkout/verify", (route) => route.fulfill({ json: { success: false, status: "refunded", reason } }));
    await page.goto(`/order-confirmation/cs_test_refused_${reason}`);
    await expect(page.getByRole("heading", { name: text })).toBeVisible();
  });
}
