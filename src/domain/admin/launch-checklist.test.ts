import { describe, expect, it } from "vitest";
import { launchSteps, type LaunchFacts } from "./launch-checklist.ts";

const READY: LaunchFacts = { payments: "stripe", mailSent: true, publicUrl: "https://shop.example.com", shopAddressSet: true, shopEmailSet: true };

describe("launchSteps", () => {
  it("is empty for a shop that takes real payments, sends mail, has its address and says where to write", () => {
    expect(launchSteps(READY)).toEqual([]);
  });

  it("lists what a shop started with the defaults still needs, money first", () => {
    const steps = launchSteps({ payments: "test", mailSent: false, publicUrl: "http://localhost:3000", shopAddressSet: false, shopEmailSet: false });
    expect(steps.map((step) => step.id)).toEqual(["payments", "mail", "public-url", "shop-address", "shop-email"]);
    expect(steps.find((step) => step.id === "public-url")?.detail).toContain("http://localhost:3000");
    // The owner can do the last two in Settings; the rest are the server's environment.
    expect(steps.map((step) => step.fixedIn)).toEqual(["server", "server", "server", "settings", "settings"]);
  });

  it("asks for Stripe's webhook secret when Stripe runs without it, and not for test payments", () => {
    const steps = launchSteps({ ...READY, payments: "stripe-without-webhook" });
    expect(steps.map((step) => step.id)).toEqual(["webhook"]);
  });
});
