// The contact page (storefront.md section 2 "Contact", section 5 "Contact", section 8 "Contact"),
// on desktop and on a 390 px phone: what the shopper sees, and that a sent message really reaches
// the shop as an e-mail in the file outbox (DATA_DIR/outbox/, README "Stripe and SMTP").
import { expect, test, type Locator, type Page, type Request, type TestInfo } from "@playwright/test";
import { contact } from "../../src/domain/messages/contact.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { expectNoSeriousA11yViolations, mailsContaining, screenshot, serverOutbox, openHydrated, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true });

/** The e2e server's ADMIN_EMAIL (playwright.config.ts): without SHOP_EMAIL, contact mail goes there. */
const SHOP_EMAIL = "admin@shop.test";

/** A subject no other test (or project, or earlier run) uses. */
function uniqueSubject(testInfo: TestInfo): string {
  return `Kaftan sizing ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

const fields = (page: Page) => ({
  firstName: page.getByRole("textbox", { name: "First name" }),
  lastName: page.getByRole("textbox", { name: "Last name" }),
  email: page.getByRole("textbox", { name: "Email" }),
  phone: page.getByRole("textbox", { name: "Phone" }),
  subject: page.getByRole("textbox", { name: "Subject" }),
  message: page.getByRole("textbox", { name: "Message" }),
});

type Message = { firstName: string; lastName: string; email: string; phone: string; subject: string; message: string };

function aMessage(testInfo: TestInfo): Message {
  return {
    firstName: "Kwame",
    lastName: "Mensah",
    // One address per message: the shop limits messages per sender (CONTACT_RATE_LIMITS).
    email: `kwame.mensah+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: "+44 20 7946 0000",
    subject: uniqueSubject(testInfo),
    message: "Hello, I am 42 inches at the chest.\nWhich kaftan size should I order?",
  };
}

async function fillIn(page: Page, message: Partial<Message>) {
  const inputs = fields(page);
  for (const [name, value] of Object.entries(message) as [keyof Message, string][]) await inputs[name].fill(value);
}

const sendButton = (page: Page) => page.getByRole("button", { name: "Send Message" });

/** Records the form posts the page makes, to prove that none was made. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  return posts;
}

/** The form's own problem box is not a live region: the spec's toast (in the toaster's) is what is heard. */
async function expectAnnouncedOnceByTheToast(problem: Locator) {
  await expect(problem).toBeVisible();
  expect(await problem.evaluate((box) => box.closest("[aria-live], [role=alert], [role=status]") === null)).toBe(true);
}

test("the page starts at its top: the cursor goes into the form only after a refusal", async ({ page }) => {
  await openHydrated(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  // Hydrated: the page's effects have run, and none took the focus.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // Opened by a link, the heading has the focus, as on every other page.
  await openHydrated(page, "/faq");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeFocused();
  await expect(fields(page).firstName).not.toBeFocused();
});

test("an empty message shows 'Missing Information' and sends nothing", async ({ page }, testInfo) => {
  await openHydrated(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  const posts = recordPosts(page);
  await sendButton(page).click();

  const problem = page.locator("#contact-problem");
  await expectAnnouncedOnceByTheToast(problem);
  await expect(problem).toContainText(contact.missingInfoTitle);
  await expect(problem).toContainText(contact.missingInfo);
  // The spec's verbatim texts.
  await expect(problem).toHaveText("Missing InformationPlease fill in all required fields.");
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: contact.missingInfoTitle });
  await expect(toast).toContainText(contact.missingInfo);

  const inputs = fields(page);
  for (const required of [inputs.firstName, inputs.lastName, inputs.email, inputs.subject, inputs.message]) {
    await expect(required).toHaveAttribute("aria-invalid", "true");
  }
  await expect(inputs.phone).not.toHaveAttribute("aria-invalid", "true");
  await expect(inputs.firstName).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "contact-missing");

  // Filling some fields but not all still names the problem and still sends nothing.
  await fillIn(page, { firstName: "Kwame", email: "kwame@example.com" });
  await sendButton(page).click();
  await expect(problem).toContainText(contact.missingInfo);
  await expect(inputs.firstName).not.toHaveAttribute("aria-invalid", "true");
  await expect(inputs.lastName).toHaveAttribute("aria-invalid", "true");
  await expect(inputs.lastName).toBeFocused();
  expect(posts).toEqual([]);
});

test("an e-mail address that is not one is named and nothing is sent", async ({ page }, testInfo) => {
  await openHydrated(page, "/contact");
  const posts = recordPosts(page);
  await fillIn(page, { ...aMessage(testInfo), email: "kwame.mensah@" });
  await sendButton(page).click();
  const problem = page.locator("#contact-problem");
  await expect(problem).toContainText(validation.invalidEmail);
  await expect(problem).not.toContainText(contact.missingInfoTitle);
  await expect(fields(page).email).toHaveAttribute("aria-invalid", "true");
  await expect(fields(page).email).toBeFocused();
  await expect(fields(page).email).toHaveAccessibleDescription(validation.invalidEmail);
  await expect(fields(page).subject).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("a phone that is not a phone number is named and nothing is sent", async ({ page }, testInfo) => {
  await openHydrated(page, "/contact");
  const posts = recordPosts(page);
  await fillIn(page, { ...aMessage(testInfo), phone: "abc" });
  await sendButton(page).click();
  await expect(page.locator("#contact-problem")).toContainText(validation.invalidPhone);
  await expect(fields(page).phone).toHaveAttribute("aria-invalid", "true");
  await expect(fields(page).phone).toBeFocused();
  await expect(fields(page).phone).toHaveAccessibleDescription(validation.invalidPhone);
  expect(posts).toEqual([]);
});

test("a valid message shows 'Message Sent!' and arrives at the shop as an e-mail", async ({ page }, testInfo) => {
  const outbox = serverOutbox();
  const message = aMessage(testInfo);
  await openHydrated(page, "/contact");
  await fillIn(page, message);
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/contact"));
  await sendButton(page).click();
  expect((await posted).status()).toBe(200);

  const sent = page.getByRole("heading", { name: contact.sentTitle });
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
  await expect(page.getByText(contact.sentBody)).toBeVisible();
  // Spec section 2: "a reply promised within 24 hours".
  await expect(page.getByText(contact.sentBody)).toContainText("within 24 hours");
  await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "contact-sent");

  await expect.poll(() => mailsContaining(outbox, message.subject).length, { timeout: 20_000 }).toBe(1);
  const [mail] = mailsContaining(outbox, message.subject);
  expect(mail).toContain(`To: ${SHOP_EMAIL}`);
  expect(mail).toContain(`Subject: Contact form: ${message.subject}`);
  expect(mail).toContain(`Reply to: ${message.firstName} ${message.lastName} <${message.email}>`);
  expect(mail).toContain(`Phone: ${message.phone}`);
  for (const line of message.message.split("\n")) expect(mail).toContain(line);

  // "Send another message" brings back an empty form.
  await page.getByRole("link", { name: "Send another message" }).click();
  await expect(sendButton(page)).toBeVisible();
  await expect(fields(page).subject).toHaveValue("");
});

for (const failure of ["a bare HTTP 500", "a dropped connection"] as const) {
  test(`when sending fails (${failure}), 'Error' / 'Failed to send message...' shows and the text is kept`, async ({ page }, testInfo) => {
    const outbox = serverOutbox();
    const message = aMessage(testInfo);
    await openHydrated(page, "/contact");
    await fillIn(page, message);
    // The server (or a proxy before it) cannot answer the form post.
    await page.route("**/contact.data*", (route) => {
      if (route.request().method() !== "POST") return route.continue();
      return failure === "a bare HTTP 500"
        ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
        : route.abort("connectionreset");
    });
    await sendButton(page).click();

    const problem = page.locator("#contact-problem");
    await expectAnnouncedOnceByTheToast(problem);
    await expect(problem).toHaveText(`${contact.errorTitle}${contact.failed}`);
    await expect(problem).toHaveText("ErrorFailed to send message. Please try again or contact us directly.");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: contact.failed })).toBeVisible();
    await expect(page.getByRole("heading", { name: contact.sentTitle })).toHaveCount(0);
    // What the shopper typed is still there to send again.
    await expect(fields(page).subject).toHaveValue(message.subject);
    await expect(fields(page).message).toHaveValue(message.message);
    await expect(sendButton(page)).toBeEnabled();
    await screenshot(page, testInfo, "contact-failed");
    expect(mailsContaining(outbox, message.subject)).toEqual([]);

    // Once the server answers again, the same form goes through.
    await page.unroute("**/contact.data*");
    await sendButton(page).click();
    await expect(page.getByRole("heading", { name: contact.sentTitle })).toBeVisible();
    // The failure's toast goes with the success: it must not sit under "Message Sent!".
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: contact.failed })).toHaveCount(0);
    await expect.poll(() => mailsContaining(outbox, message.subject).length, { timeout: 20_000 }).toBe(1);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form post checks the fields on the server and sends a valid message", async ({ page }, testInfo) => {
    const outbox = serverOutbox();
    await page.goto("/contact");
    await sendButton(page).click();
    await expect(page.locator("#contact-problem")).toHaveText(`${contact.missingInfoTitle}${contact.missingInfo}`);
    await expect(fields(page).firstName).toHaveAttribute("aria-invalid", "true");

    const message = aMessage(testInfo);
    await fillIn(page, message);
    await sendButton(page).click();
    await expect(page.getByRole("heading", { name: contact.sentTitle })).toBeVisible();
    await expect(page.getByText(contact.sentBody)).toBeVisible();
    await expect.poll(() => mailsContaining(outbox, message.subject).length, { timeout: 20_000 }).toBe(1);
  });
});

test("the contact page passes axe, empty and with errors", async ({ page }) => {
  await openHydrated(page, "/contact");
  await expectNoSeriousA11yViolations(page);
  await sendButton(page).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: contact.missingInfoTitle });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS("opacity", "1");
  await expectNoSeriousA11yViolations(page);
});
