// "Before you take real orders": what the dashboard lists until the shop is set up to sell for
// real. Each step is a fact about the running shop (its server settings and /admin/settings), so
// the list shrinks as the owner or the operator sets each one, and is gone once all are done.
import { adminLaunch as texts } from "../messages/admin-launch.ts";
import { isPublicHttpsUrl } from "../public-url.ts";

export type LaunchFacts = {
  /** Which payments the server takes: the built-in test cards, Stripe without its webhook secret, or Stripe. */
  payments: "test" | "stripe-without-webhook" | "stripe";
  /** Whether e-mail goes through an SMTP server (otherwise it is written to files). */
  mailSent: boolean;
  /** PUBLIC_URL as the server resolved it. */
  publicUrl: string;
  /** Whether the shop's postal address is set (/admin/settings or SHOP_SENDER_ADDRESS). */
  shopAddressSet: boolean;
  /** Whether shoppers are shown an e-mail address for the shop. */
  shopEmailSet: boolean;
};

export type LaunchStep = {
  id: "payments" | "webhook" | "mail" | "public-url" | "shop-address" | "shop-email";
  title: string;
  detail: string;
  /** Where it is fixed: a field in /admin/settings, or the server's environment (the operator). */
  fixedIn: "settings" | "server";
};

/** The steps still to do, most important first (money before mail before wording). */
export function launchSteps(facts: LaunchFacts): LaunchStep[] {
  const steps: LaunchStep[] = [];
  if (facts.payments === "test") steps.push({ id: "payments", ...texts.payments, fixedIn: "server" });
  if (facts.payments === "stripe-without-webhook") steps.push({ id: "webhook", ...texts.webhook, fixedIn: "server" });
  if (!facts.mailSent) steps.push({ id: "mail", ...texts.mail, fixedIn: "server" });
  if (!isPublicHttpsUrl(facts.publicUrl)) steps.push({ id: "public-url", title: texts.publicUrl.title, detail: texts.publicUrl.detail(facts.publicUrl), fixedIn: "server" });
  if (!facts.shopAddressSet) steps.push({ id: "shop-address", ...texts.shopAddress, fixedIn: "settings" });
  if (!facts.shopEmailSet) steps.push({ id: "shop-email", ...texts.shopEmail, fixedIn: "settings" });
  return steps;
}
