import { describe, expect, it } from "vitest";
import { adminSettings as texts } from "../messages/admin-settings.ts";
import { changedSettings, parseSettingsChange, type EditableSettings } from "./settings.ts";

describe("parseSettingsChange", () => {
  it("reads the form's text and the API's numbers alike", () => {
    expect(parseSettingsChange({ markupPercent: " 35.5 ", exchangeRate: "15.25", displayCurrency: "GHS" })).toEqual({
      ok: true,
      change: { markupPercent: 35.5, exchangeRate: 15.25, displayCurrency: "GHS" },
    });
    expect(parseSettingsChange({ markupPercent: 0, exchangeRate: 12.5 })).toEqual({ ok: true, change: { markupPercent: 0, exchangeRate: 12.5 } });
  });

  it("takes the markup with a trailing % sign, as the field's label shows it", () => {
    for (const typed of ["40%", " 40 % ", "12.5%", "0%"]) {
      expect(parseSettingsChange({ markupPercent: typed })).toEqual({ ok: true, change: { markupPercent: Number.parseFloat(typed) } });
    }
    for (const garbage of ["%", "40%%", "%40", "40 % %", "forty%", "-5%", "1000.01%", "40% off"]) {
      expect(parseSettingsChange({ markupPercent: garbage })).toMatchObject({ ok: false, errors: { markupPercent: texts.markupInvalid } });
    }
    // The rate is a plain number: a % there is a mistake, not a unit.
    expect(parseSettingsChange({ exchangeRate: "12.5%" })).toMatchObject({ ok: false, errors: { exchangeRate: texts.rateInvalid } });
  });

  it("leaves out what was not sent", () => {
    expect(parseSettingsChange({ shopName: "Savile & Co" })).toEqual({ ok: true, change: { shopName: "Savile & Co" } });
    expect(parseSettingsChange({})).toEqual({ ok: true, change: {} });
  });

  it.each([
    [{ markupPercent: "-1" }, "markupPercent", texts.markupInvalid],
    [{ markupPercent: "1000.01" }, "markupPercent", texts.markupInvalid],
    [{ markupPercent: "12.345" }, "markupPercent", texts.markupInvalid],
    [{ markupPercent: "1e3" }, "markupPercent", texts.markupInvalid],
    [{ markupPercent: "" }, "markupPercent", texts.markupInvalid],
    [{ markupPercent: "forty" }, "markupPercent", texts.markupInvalid],
    [{ exchangeRate: "0" }, "exchangeRate", texts.rateInvalid],
    [{ exchangeRate: "12,5" }, "exchangeRate", texts.rateInvalid],
    [{ exchangeRate: 100001 }, "exchangeRate", texts.rateInvalid],
    [{ displayCurrency: "USD" }, "displayCurrency", texts.currencyInvalid],
    [{ shopName: "   " }, "shopName", texts.shopNameInvalid],
    [{ shopName: "x".repeat(81) }, "shopName", texts.shopNameInvalid],
    [{ shopName: "Shop\u0000" }, "shopName", texts.shopNameInvalid],
    [{ shopName: "Shop\u0007" }, "shopName", texts.shopNameInvalid],
    [{ shopName: "Shop\u0085Name" }, "shopName", texts.shopNameInvalid],
    [{ shopName: "Shop\u200fName" }, "shopName", texts.shopNameInvalid],
    [{ contactEmail: "not an address" }, "contactEmail", texts.contactEmailInvalid],
    [{ senderAddress: Array.from({ length: 9 }, (_, i) => `line ${i}`) }, "senderAddress", texts.senderAddressInvalid],
    [{ senderAddress: "x".repeat(81) }, "senderAddress", texts.senderAddressInvalid],
    [{ contactPhone: "call us" }, "contactPhone", texts.contactPhoneInvalid],
    [{ contactPhone: "+44 " + "1".repeat(40) }, "contactPhone", texts.contactPhoneInvalid],
    [{ instagramUrl: "instagram.com/shop" }, "instagramUrl", texts.socialUrlInvalid],
    [{ facebookUrl: "javascript:alert(1)" }, "facebookUrl", texts.socialUrlInvalid],
    [{ xUrl: "https://x.com/a shop" }, "xUrl", texts.socialUrlInvalid],
    [{ tiktokUrl: `https://tiktok.com/${"a".repeat(300)}` }, "tiktokUrl", texts.socialUrlInvalid],
  ])("refuses %j with the field's message", (input, field, message) => {
    const parsed = parseSettingsChange(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toEqual({ [field]: message });
      expect(parsed.message).toBe(message);
    }
  });

  it("keeps an empty contact e-mail and sender address as 'use the default'", () => {
    expect(parseSettingsChange({ contactEmail: "  ", senderAddress: "\n \n" })).toEqual({ ok: true, change: { contactEmail: null, senderAddress: null } });
  });

  it("splits the address into trimmed lines and lower-cases the e-mail", () => {
    expect(parseSettingsChange({ contactEmail: " Shop@Example.COM ", senderAddress: "Savile & Co\r\n 1 Savile Row \n\nLondon\nW1S 3PR" })).toEqual({
      ok: true,
      change: { contactEmail: "shop@example.com", senderAddress: ["Savile & Co", "1 Savile Row", "London", "W1S 3PR"] },
    });
  });

  it("keeps a contact e-mail typed with a domain in another script in its ASCII form, as the shop stores addresses", () => {
    expect(parseSettingsChange({ contactEmail: " Kofi@Bücher.de " })).toEqual({ ok: true, change: { contactEmail: "kofi@xn--bcher-kva.de" } });
  });

  it("reads the contact phone and social links; empty ones are not shown (issue 15, item 15)", () => {
    expect(parseSettingsChange({ contactPhone: " +44 (0)20  7946 0958 ", instagramUrl: " https://www.instagram.com/savileandco ", xUrl: "", tiktokUrl: null })).toEqual({
      ok: true,
      change: { contactPhone: "+44 (0)20 7946 0958", instagramUrl: "https://www.instagram.com/savileandco", xUrl: null, tiktokUrl: null },
    });
    // Every phone field takes the same numbers: a bracketed area code first, an extension.
    expect(parseSettingsChange({ contactPhone: "(020) 7946 0958 ext. 4" })).toEqual({ ok: true, change: { contactPhone: "(020) 7946 0958 ext. 4" } });
  });

  it("reads the two-factor requirement from a form or JSON", () => {
    expect(parseSettingsChange({ requireAdminTwoFactor: "true" })).toEqual({ ok: true, change: { requireAdminTwoFactor: true } });
    expect(parseSettingsChange({ requireAdminTwoFactor: false })).toEqual({ ok: true, change: { requireAdminTwoFactor: false } });
  });

  it("refuses anything but an object", () => {
    expect(parseSettingsChange(null).ok).toBe(false);
    expect(parseSettingsChange([1]).ok).toBe(false);
  });
});

describe("changedSettings", () => {
  it("lists only the fields whose value differs", () => {
    const before: EditableSettings = {
      markupPercent: 40,
      displayCurrency: "GBP",
      exchangeRate: 12.5,
      shopName: "Menswear Shop",
      contactEmail: null,
      senderAddress: null,
      contactPhone: null,
      instagramUrl: null,
      facebookUrl: null,
      xUrl: null,
      tiktokUrl: null,
      requireAdminTwoFactor: false,
    };
    expect(changedSettings(before, { markupPercent: 40, exchangeRate: 13, senderAddress: ["A", "B"] })).toEqual({
      exchangeRate: [12.5, 13],
      senderAddress: [null, ["A", "B"]],
    });
  });
});
