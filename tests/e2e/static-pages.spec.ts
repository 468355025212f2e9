// The static storefront pages (storefront.md section 2 "Static pages", section 9 "Policies on the
// static pages", "Size guide" and "Shipping"), on desktop and on a 390 px phone.
import { expect, test, type Page } from "@playwright/test";
import { formatGbp } from "../../src/domain/money.ts";
import {
  expressFromStandardPence,
  FIXED_RATE_SHIPPING,
  SHIPPING_NOTICE,
  SHIPPING_RESTRICTIONS,
  WEIGHT_TIERS,
} from "../../src/domain/shipping.ts";
import { policies, type PolicyKey } from "../../src/web/components/static/policies.ts";
import { CLOTHING_SIZES, SHOE_SIZES, sizeText } from "../../src/web/components/static/size-charts.ts";
import { screenshot, expectNoSidewaysScroll } from "./helpers.ts";

const ALL_POLICIES = Object.keys(policies) as PolicyKey[];

const PAGES: { path: string; heading: string; policies: PolicyKey[] }[] = [
  {
    path: "/returns",
    heading: "Returns & Exchanges",
    policies: ["returns", "customTailoredNonReturnable", "saleFinal", "freeExchange", "extraExchangeFee", "cancellation", "support"],
  },
  { path: "/size-guide", heading: "Size Guide", policies: ["tailoringTime", "customTailoredNonReturnable", "support"] },
  { path: "/faq", heading: "Frequently Asked Questions", policies: ALL_POLICIES },
];

/** Cheap accessibility sanity: one h1, no skipped heading level, a label on every form field. */
async function expectAccessibleBasics(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1);
  const levels = await page.locator("main").locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) =>
    headings.map((heading) => Number(heading.tagName.slice(1))),
  );
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
  const unlabelled = await page.locator("main").locator("input:not([type=hidden]), select, textarea").evaluateAll((fields) =>
    fields.filter((field) => (field as HTMLInputElement).labels?.length === 0 && !field.getAttribute("aria-label")).map((f) => f.outerHTML),
  );
  expect(unlabelled).toEqual([]);
}

async function openEveryQuestion(page: Page) {
  const questions = page.locator("main details");
  const count = await questions.count();
  for (let i = 0; i < count; i++) {
    const question = questions.nth(i);
    if ((await question.getAttribute("open")) === null) await question.locator("summary").click();
    await expect(question).toHaveAttribute("open", "");
  }
}

for (const staticPage of PAGES) {
  test(`${staticPage.path} shows "${staticPage.heading}" and its policies`, async ({ page, request }, testInfo) => {
    // Server-rendered: the policies are in the first response, before any JavaScript runs.
    const html = await (await request.get(staticPage.path)).text();
    for (const key of staticPage.policies) expect(html, key).toContain(policies[key]);

    await page.goto(staticPage.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(staticPage.heading);
    await expect(page).toHaveTitle(new RegExp(staticPage.path === "/faq" ? "^FAQ \\|" : `^${staticPage.heading} \\|`));
    if (staticPage.path === "/faq") await openEveryQuestion(page);
    for (const key of staticPage.policies) {
      await expect(page.locator("main").getByText(policies[key], { exact: true }).first(), key).toBeVisible();
    }
    await expectAccessibleBasics(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, staticPage.path.slice(1));
  });
}

test("the footer's support links lead to each static page", async ({ page }) => {
  await page.goto("/");
  const support = page.getByRole("navigation", { name: "Support" });
  for (const staticPage of PAGES) {
    await support.getByRole("link", { name: staticPage.path === "/faq" ? "FAQ" : staticPage.heading }).click();
    await expect(page).toHaveURL(new RegExp(`${staticPage.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(staticPage.heading);
  }
});

test("the size guide's charts are accessible, sideways-scrollable tables", async ({ page, isMobile }, testInfo) => {
  await page.goto("/size-guide");

  const clothing = page.getByRole("table", { name: /^Clothing sizes, in inches/ });
  await expect(clothing.getByRole("columnheader")).toHaveText(["Size", "Chest (in)", "Waist (in)", "Length (in)"]);
  await expect(clothing.getByRole("rowheader")).toHaveText(CLOTHING_SIZES.map((row) => row.size));
  // The spec's inches first, and the same measurement in centimetres for shoppers who use them.
  await expect(clothing.getByRole("row", { name: /^M / }).getByRole("cell")).toHaveText(["38-40 97-102 cm", "32-34 81-86 cm", "29 74 cm"]);

  // The shop's shoe sizes are UK sizes: the chart leads with them, UK 6 (US 7) to UK 12.
  const shoes = page.getByRole("table", { name: /^Shoe sizes: UK, US, EU and foot length/ });
  await expect(shoes.getByRole("columnheader")).toHaveText(["UK", "US", "EU", "Foot length (cm)"]);
  await expect(shoes.getByRole("rowheader")).toHaveText(SHOE_SIZES.map((row) => sizeText(row.uk)));
  await expect(shoes.getByRole("rowheader").first()).toHaveText("6");
  await expect(shoes.getByRole("rowheader").last()).toHaveText("12");
  await expect(shoes.getByRole("row", { name: /^8 / }).getByRole("cell")).toHaveText(["9", "42.5", "26.2"]);

  // Each chart sits in a labelled, keyboard-focusable region that scrolls sideways on a phone.
  for (const name of [/^Clothing sizes, in inches/, /^Shoe sizes: /]) {
    const region = page.getByRole("region", { name });
    await expect(region).toHaveAttribute("tabindex", "0");
    if (isMobile) {
      const scrolled = await region.evaluate((el) => {
        el.scrollLeft = 100;
        return { scrollable: el.scrollWidth > el.clientWidth, scrollLeft: el.scrollLeft };
      });
      expect(scrolled.scrollable).toBe(true);
      expect(scrolled.scrollLeft).toBeGreaterThan(0);
    }
  }
  await expectNoSidewaysScroll(page);
  await page.getByRole("region", { name: /^Shoe sizes: / }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "size-guide-shoes", { fullPage: false });
});

test("the FAQ answers open and close, and summarise shipping from the calculator's constants", async ({ page }, testInfo) => {
  await page.goto("/faq");
  const question = page.locator("main details").filter({ hasText: "Can I cancel my order?" });
  const answer = question.getByText(policies.cancellation);
  await expect(answer).toBeHidden();
  await question.getByText("Can I cancel my order?").click();
  await expect(answer).toBeVisible();
  await question.getByText("Can I cancel my order?").click();
  await expect(answer).toBeHidden();

  // Keyboard: the summary is focusable and Enter opens it.
  const returnsQuestion = page.locator("main details").filter({ hasText: "What is your returns policy?" });
  await returnsQuestion.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(returnsQuestion.getByText(policies.returns)).toBeVisible();

  await openEveryQuestion(page);
  const main = page.locator("main");

  const free = page.getByRole("table", { name: /^Free standard shipping/ });
  await expect(free.getByRole("rowheader")).toHaveText(["United Kingdom", /^European Union/, "United States"]);
  await expect(free.getByRole("row", { name: /^United Kingdom/ }).getByRole("cell")).toHaveText(["Free", "7-14 business days"]);

  const fixed = page.getByRole("table", { name: /^Fixed-rate destinations/ });
  await expect(fixed.getByRole("rowheader")).toHaveText(Object.keys(FIXED_RATE_SHIPPING));
  for (const [country, rate] of Object.entries(FIXED_RATE_SHIPPING)) {
    await expect(fixed.getByRole("row", { name: new RegExp(`^${country} `) }).getByRole("cell")).toHaveText([
      formatGbp(rate.standard),
      formatGbp(rate.express),
    ]);
  }
  await expect(fixed).toContainText("8-15 business days");
  await expect(fixed).toContainText("DHL Express");

  const tiers = page.getByRole("table", { name: /^All other destinations, by parcel weight/ });
  await expect(tiers.getByRole("rowheader")).toHaveText(["Up to 0.5 kg", "Up to 1 kg", "Up to 2 kg", "Up to 5 kg", "Over 5 kg"]);
  const tierPrices = await tiers.getByRole("row").filter({ has: page.getByRole("rowheader") }).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)),
  );
  expect(tierPrices).toEqual(WEIGHT_TIERS.map((tier) => [formatGbp(tier.pence), formatGbp(expressFromStandardPence(tier.pence))]));
  await expect(tiers).toContainText("10-21 business days");

  for (const restriction of SHIPPING_RESTRICTIONS) {
    await expect(main.getByText(restriction.reason, { exact: true })).toBeVisible();
    await expect(main.getByText(new RegExp(`\\b${restriction.country}\\b`)).first()).toBeVisible();
  }
  await expect(main.getByText(SHIPPING_NOTICE)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "faq-open");
});

test("the privacy notice names the shop and its contact e-mail, the cookies it sets, and is linked from every page's footer", async ({ page, request }, testInfo) => {
  // Server-rendered, so it reads without JavaScript.
  const html = await (await request.get("/privacy")).text();
  expect(html).toContain("Privacy Notice");
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Notice");
  await expect(page).toHaveTitle(/^Privacy Notice \|/);
  for (const section of ["Who we are", "What we collect and why", "Cookies and storage in your browser", "Who else sees it", "How long we keep it", "Your rights"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  // Each cookie the shop sets is named for what it does; a way to write to the shop is given.
  await expect(page.getByText(/keeps you signed in/)).toBeVisible();
  await expect(page.getByText(/currency you chose/)).toBeVisible();
  await expect(page.getByText(/names this browser's cart/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Who we are" }).getByRole("link")).toBeVisible();
  await expectAccessibleBasics(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "privacy");
});

test("the terms of sale give the shop's identity, the 14-day right to cancel with its form, and are linked from the footer and Returns", async ({ page, request }, testInfo) => {
  const html = await (await request.get("/terms")).text();
  expect(html).toContain("Terms of Sale");
  await page.goto("/returns");
  // Returns & Exchanges keeps the spec's policies and says what the law adds, with the way to the terms.
  const legal = page.getByRole("region", { name: "Your legal rights" });
  await expect(legal).toContainText("sale items included, you may cancel within 14 days of receiving it");
  await legal.getByRole("link", { name: "Terms of Sale" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Sale");
  await expect(page).toHaveTitle(/^Terms of Sale \|/);
  for (const section of ["Who we are", "Your order", "Prices and payment", "Delivery", "Your right to cancel", "If an item is faulty", "Questions and complaints", "Model cancellation form"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  // The form is addressed to this shop, by the name its footer shows (from /admin/settings).
  const shopName = (await page.locator("footer p.font-serif").first().textContent())!.trim();
  await expect(page.getByTestId("cancellation-form")).toContainText(`To: ${shopName}`);
  await expect(page.getByRole("region", { name: "Who we are" })).toContainText(shopName);
  await expect(page.getByRole("region", { name: "Your right to cancel" })).toContainText("within 14 days of the day you receive it");
  await expect(page.getByRole("region", { name: "Your right to cancel" })).toContainText("This applies to sale items too.");
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "Terms of Sale" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expectAccessibleBasics(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "terms");
});
