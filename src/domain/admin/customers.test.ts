import { describe, expect, it } from "vitest";
import { GUEST_PLACEHOLDER_EMAIL } from "../guest-email.ts";
import { validation } from "../messages/forms.ts";
import {
  averageOrderValue,
  containsPattern,
  customerDisplayName,
  customerInitial,
  customerOrdersHref,
  customerSearchTerms,
  isCustomerEmail,
  parseCustomerListQuery,
  RECENT_ORDERS_PER_CUSTOMER,
} from "./customers.ts";

describe("isCustomerEmail (admin.md section 2: orders without a valid customer email are skipped)", () => {
  it("accepts an address with something on each side of one @", () => {
    expect(isCustomerEmail("ama@example.com")).toBe(true);
    expect(isCustomerEmail("Ama.Owusu@Example.COM")).toBe(true);
    expect(isCustomerEmail("a@b")).toBe(true);
  });
  it("skips missing, non-string, malformed and placeholder addresses", () => {
    for (const value of [undefined, null, 42, {}, "", "   ", "no-at-sign", "@example.com", "ama@", "two@@example.com", "a b@example.com", "x@y@z", GUEST_PLACEHOLDER_EMAIL]) {
      expect(isCustomerEmail(value), String(value)).toBe(false);
    }
  });
});

describe("averageOrderValue (admin.md section 9)", () => {
  it("is revenue divided by orders, in whole pence rounded half up", () => {
    expect(averageOrderValue(10_000, 4)).toBe(2_500);
    expect(averageOrderValue(1_000, 3)).toBe(333);
    expect(averageOrderValue(1_001, 2)).toBe(501);
  });
  it("is 0 with no orders", () => {
    expect(averageOrderValue(0, 0)).toBe(0);
    expect(averageOrderValue(5_000, 0)).toBe(0);
  });
});

describe("the customer card's name and avatar (admin.md section 2)", () => {
  it("shows the name, or the e-mail when there is none", () => {
    expect(customerDisplayName("Ama", "Owusu", "ama@example.com")).toBe("Ama Owusu");
    expect(customerDisplayName(" Yaw ", "", "yaw@example.com")).toBe("Yaw");
    expect(customerDisplayName("", "", "yaw@example.com")).toBe("yaw@example.com");
    // A domain kept in ASCII reads in its own script.
    expect(customerDisplayName("", "", "ama@xn--r8jz45g.jp")).toBe("ama@例え.jp");
  });
  it("takes the avatar's initial from what the card is titled with", () => {
    expect(customerInitial("ama", "Owusu", "x@example.com")).toBe("A");
    expect(customerInitial("", "", "kofi@example.com")).toBe("K");
    expect(customerInitial("Éfua", "", "e@example.com")).toBe("É");
  });
  it("shows 3 recent orders", () => {
    expect(RECENT_ORDERS_PER_CUSTOMER).toBe(3);
  });
  it("links to the Orders screen searched by the customer's e-mail", () => {
    expect(customerOrdersHref("ama+shop@example.com")).toBe("/admin/orders?search=ama%2Bshop%40example.com");
  });
});

describe("customerSearchTerms (search by name, email or phone, case-insensitive)", () => {
  it("lower-cases and tidies the text", () => {
    expect(customerSearchTerms("  Ama   OWUSU ")).toEqual({ text: "ama owusu", digits: null });
    expect(customerSearchTerms("O’Neill")).toEqual({ text: "o'neill", digits: null });
    expect(customerSearchTerms("Ama@Example.com")).toEqual({ text: "ama@example.com", digits: null });
  });
  it("reads an e-mail's domain typed in its own script as the ASCII form the shop keeps", () => {
    expect(customerSearchTerms("kofi@bücher.de")).toEqual({ text: "kofi@xn--bcher-kva.de", digits: null });
  });
  it("also matches a phone number by its digits when the search is written like one", () => {
    expect(customerSearchTerms("+44 7700 900-123")).toEqual({ text: "+44 7700 900-123", digits: "7700900123" });
    expect(customerSearchTerms("(020) 7946")).toEqual({ text: "(020) 7946", digits: "0207946" });
    expect(customerSearchTerms("7700900")).toEqual({ text: "7700900", digits: null });
    expect(customerSearchTerms("ama 7700")).toEqual({ text: "ama 7700", digits: null });
  });
  it("matches a number written in national or international format by its national digits", () => {
    // As said on the phone, as stored from checkout, with the 00 prefix: the same digits, which
    // "+44 7700 900321" (447700900321) and "07700900321" both contain.
    for (const typed of ["07700 900321", "07700900321", "+44 7700 900321", "+447700900321", "0044 7700 900321", "(07700) 900321"]) {
      expect(customerSearchTerms(typed)?.digits, typed).toBe("7700900321");
    }
    // Ghana (233, three digits) and the USA (1, one digit).
    expect(customerSearchTerms("+233 24 123 4567")?.digits).toBe("241234567");
    expect(customerSearchTerms("024 123 4567")?.digits).toBe("241234567");
    expect(customerSearchTerms("+1 212 555 0100")?.digits).toBe("2125550100");
  });
  it("is null when there is nothing to search for", () => {
    expect(customerSearchTerms("")).toBeNull();
    expect(customerSearchTerms("   ")).toBeNull();
    expect(customerSearchTerms(null)).toBeNull();
  });
  it("takes LIKE's wildcards literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("parseCustomerListQuery (?search=&page=)", () => {
  const parse = (query: string) => parseCustomerListQuery(new URLSearchParams(query));
  it("defaults to page 1 without a search", () => {
    expect(parse("")).toEqual({ ok: true, search: "", page: 1 });
    expect(parse("page=")).toEqual({ ok: true, search: "", page: 1 });
  });
  it("reads the search and the page", () => {
    expect(parse("search=%20Ama%20&page=3")).toEqual({ ok: true, search: "Ama", page: 3 });
  });
  it("refuses a search over the documented 100 characters", () => {
    expect(parse(`search=${"a".repeat(100)}`)).toMatchObject({ ok: true });
    expect(parse(`search=${"a".repeat(101)}`)).toEqual({ ok: false, message: "Search can be at most 100 characters" });
  });
  it("refuses a page that is not a whole number of at least 1", () => {
    for (const page of ["0", "-1", "1.5", "abc", "1e3", "99999999999999999999"]) {
      expect(parse(`page=${page}`), page).toEqual({ ok: false, message: validation.invalidPage });
    }
  });
});
