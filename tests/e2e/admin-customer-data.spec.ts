// A shopper asks for a copy of their data, then to be forgotten (the privacy page's "Your rights"),
// on desktop and on a 390 px phone: the owner downloads the file from the customer's card with a
// plain link, and erases with the keyboard after typing the address; the erasure waits, naming
// the order, while it is still to be sent; once it is shipped the customer leaves Customers and
// their order stays as "Erased customer" on its page and in the list, is never offered for packing again,
// and its label is left out of a print. Someone with no order is found by a look-up of their e-mail.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { adminCustomers, adminFulfilment, adminOrders } from "../../src/domain/messages/admin.ts";
import { contact } from "../../src/domain/messages/contact.ts";
import { placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

test("the owner downloads a customer's data, then erases it once nothing is left to send", async ({ page, playwright }, testInfo) => {
  const buyer = uniqueBuyer("forget-me", testInfo.project.name);
  const email = buyer.email.toLowerCase();
  const shopper = await apiContext(playwright, testInfo);
  const order = await placeOrder(shopper, buyer);
  await shopper.dispose();

  await signInAsAdmin(page);
  await page.goto(`/admin/customers?search=${encodeURIComponent(buyer.lastName)}`);
  await waitForHydration(page);
  const card = page.locator(`[data-customer="${email}"]`);
  await expect(card).toBeVisible();

  // The download is a link the browser saves: everything held, in one readable file.
  const link = card.getByRole("link", { name: `${adminCustomers.downloadData} of ${buyer.firstName} ${buyer.lastName} (JSON)` });
  await expect(link).toHaveAttribute("href", `/api/admin/customers/personal-data?email=${encodeURIComponent(email)}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-.*\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { email: string; orders: { number: string; customer: { lastName: string } }[] };
  expect(data.email).toBe(email);
  expect(data.orders.map((o) => [o.number, o.customer.lastName])).toEqual([[order.number, buyer.lastName]]);

  // Erase, by keyboard: the dialog asks for the address typed again.
  const erase = card.getByRole("button", { name: `${adminCustomers.eraseData} of ${buyer.firstName} ${buyer.lastName}` });
  await erase.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: adminCustomers.eraseTitle(email) });
  await expect(dialog).toBeVisible();
  const confirmation = dialog.getByLabel(adminCustomers.eraseConfirmLabel(email));
  await confirmation.fill("someone-else@example.com");
  await confirmation.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(adminCustomers.eraseConfirmMismatch);
  await expect(confirmation).toBeFocused();

  // Paid and not yet sent: the shop still needs the address, and says which order.
  await confirmation.fill(email);
  await confirmation.press("Enter");
  await expect(dialog.getByRole("alert")).toContainText(`${order.number} (paid and not yet shipped)`);
  await expect(dialog.getByRole("link", { name: order.number })).toHaveAttribute("href", `/admin/orders/${order.id}`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `customer-erasure-refused-${testInfo.project.name}`, { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();

  const shipped = await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "shipped" } });
  expect(shipped.status(), await shipped.text()).toBe(200);

  await erase.click();
  await expect(confirmation).toHaveValue("");
  await confirmation.fill(email);
  await dialog.getByRole("button", { name: adminCustomers.erase }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Personal data erased: 1 order kept without their details" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(adminCustomers.noMatch)).toBeVisible();
  await screenshot(page, testInfo, `customer-erased-${testInfo.project.name}`);
  if (testInfo.project.name === "mobile") await expectNoSidewaysScroll(page);

  // The order stays for the accounts, under a name that says what happened to its customer.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByText(adminOrders.erasedCustomer, { exact: true })).toBeVisible();
  await expect(page.getByText(adminOrders.erasedEmail, { exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(buyer.lastName);
  await expect(page.locator("main")).not.toContainText(email);
  // It left before the erasure: it may still be marked delivered, never sent to be packed again.
  const status = page.getByRole("combobox", { name: `Status of order ${order.number}` });
  await expect(status.locator("option")).toHaveText(["Pending", "Shipped", "Delivered", "Cancelled"]);
  await screenshot(page, testInfo, `erased-order-${testInfo.project.name}`);

  await page.goto(`/admin/orders?search=${encodeURIComponent(order.number.replace("#", ""))}`);
  await expect(page.getByRole("heading", { level: 2, name: adminOrders.erasedCustomer })).toBeVisible();
  await screenshot(page, testInfo, `erased-order-in-list-${testInfo.project.name}`);

  // No label for it: nobody to send it to. Printed anyway, the sheet says so across its top.
  await page.goto(`/admin/orders/print?ids=${order.id}`);
  await expect(page.getByText(adminFulfilment.printErasedWarning(order.number))).toBeVisible();
  await expect(page.locator("[data-sheet-stamp]")).toHaveCount(0);
  await page.getByRole("link", { name: adminFulfilment.printAnyway }).click();
  await expect(page.locator("[data-sheet-stamp]")).toHaveText(adminFulfilment.stampErased);
  await expect(page.getByText(adminOrders.erasedCustomer, { exact: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(buyer.lastName);
  await screenshot(page, testInfo, `erased-order-label-${testInfo.project.name}`);
});

test("the owner finds someone who only wrote through the contact form by their e-mail, and downloads and erases their data", async ({ page, browser }, testInfo) => {
  const email = `yaw.boateng+${testInfo.project.name}${Date.now().toString(36)}@example.com`;
  const subject = `Please forget me ${Date.now().toString(36)}`;
  // A shopper with no order and no account: one message through the contact form.
  const shopper = await browser.newPage();
  await shopper.goto("/contact");
  await waitForHydration(shopper);
  for (const [name, value] of [["First name", "Yaw"], ["Last name", "Boateng"], ["Email", email], ["Subject", subject], ["Message", "Please erase what you hold about me."]] as const) {
    await shopper.getByRole("textbox", { name }).fill(value);
  }
  await shopper.getByRole("button", { name: "Send Message" }).click();
  await expect(shopper.getByRole("heading", { name: contact.sentTitle })).toBeVisible();
  await shopper.close();

  await signInAsAdmin(page);
  await page.goto("/admin/customers");
  await waitForHydration(page);
  // Customers lists people with orders: they are not there, the look-up finds them.
  const lookup = page.locator("[data-person-lookup]");
  await lookup.getByText(adminCustomers.lookupTitle).click();
  await lookup.getByRole("textbox", { name: adminCustomers.lookupLabel }).fill(email.toUpperCase());
  await lookup.getByRole("button", { name: adminCustomers.lookupButton }).click();
  await expect(lookup.getByRole("status")).toContainText(adminCustomers.lookupHolds(email));
  await expectNoSeriousA11yViolations(page);
  if (testInfo.project.name === "mobile") await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `customer-lookup-${testInfo.project.name}`);

  const link = lookup.getByRole("link", { name: `${adminCustomers.downloadData} of ${email} (JSON)` });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { orders: unknown[]; contactMessages: { subject: string }[] };
  expect(data.orders).toEqual([]);
  expect(data.contactMessages.map((message) => message.subject)).toEqual([subject]);

  await lookup.getByRole("button", { name: `${adminCustomers.eraseData} of ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: adminCustomers.eraseTitle(email) });
  await dialog.getByLabel(adminCustomers.eraseConfirmLabel(email)).fill(email);
  await dialog.getByRole("button", { name: adminCustomers.erase }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Personal data erased: 0 orders kept without their details, no account, 1 contact message removed" })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The page reads again: now nothing is held, and the answer says so.
  await expect(lookup.getByRole("status")).toHaveText(adminCustomers.holdsNothing(email));
  await expect(lookup.getByRole("button", { name: `${adminCustomers.eraseData} of ${email}` })).toHaveCount(0);
  await screenshot(page, testInfo, `customer-lookup-nothing-${testInfo.project.name}`);
});
