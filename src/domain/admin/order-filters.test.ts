import { describe, expect, it } from "vitest";
import { adminOrders } from "../messages/admin.ts";
import { ADMIN_ORDERS_PAGE_SIZE, containsPattern, emptyOrdersTitle, filterMessages, narrowSearchKey, normaliseSearch, orderFilterSearch, parseOrderFilter, readOrderFilter } from "./order-filters.ts";

const params = (text: string) => new URLSearchParams(text);

describe("admin orders filter", () => {
  it("reads search, status and page from the URL", () => {
    expect(parseOrderFilter(params("search=%20Ama%20&status=Shipped&page=3&pageSize=50"))).toEqual({
      ok: true,
      filter: { search: "ama", status: "shipped", show: null, page: 3, pageSize: 50 },
    });
  });

  it("defaults to all orders, page 1", () => {
    expect(parseOrderFilter(params(""))).toEqual({ ok: true, filter: { search: "", status: null, show: null, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE } });
    expect(parseOrderFilter(params("status=all"))).toMatchObject({ ok: true, filter: { status: null } });
  });

  it("lets a shown order number be searched with or without its #", () => {
    expect(normaliseSearch("#1A2B3C4D")).toBe("1a2b3c4d");
    expect(normaliseSearch("ORD-123")).toBe("ord-123");
    // A phone keyboard's apostrophe finds the plain one stored.
    expect(normaliseSearch("O’Neill")).toBe("o'neill");
  });

  it("finds an e-mail whose domain is typed in its own script by the ASCII form the order keeps", () => {
    expect(normaliseSearch("Kofi@Bücher.de")).toBe("kofi@xn--bcher-kva.de");
  });

  it("refuses unknown statuses and bad pages for the API", () => {
    expect(parseOrderFilter(params("status=lost"))).toEqual({ ok: false, problem: { field: "status", message: filterMessages.unknownStatus } });
    expect(parseOrderFilter(params("page=0"))).toMatchObject({ ok: false, problem: { field: "page" } });
    expect(parseOrderFilter(params("page=abc"))).toMatchObject({ ok: false, problem: { field: "page" } });
    expect(parseOrderFilter(params("pageSize=101"))).toMatchObject({ ok: false, problem: { field: "pageSize" } });
    expect(parseOrderFilter(params(`search=${"x".repeat(201)}`))).toMatchObject({ ok: false, problem: { field: "search" } });
  });

  it("forgives a hand-edited page URL", () => {
    expect(readOrderFilter(params("status=lost&page=-2&search=Ama"))).toEqual({ search: "ama", status: null, show: null, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE });
  });

  it("reads the Dashboard figures' order sets", () => {
    expect(parseOrderFilter(params("show=paid"))).toMatchObject({ ok: true, filter: { show: "paid", status: null } });
    expect(parseOrderFilter(params("show=Awaiting-Fulfilment&search=ama"))).toMatchObject({ ok: true, filter: { show: "awaiting-fulfilment", search: "ama" } });
    expect(parseOrderFilter(params("show=everything"))).toEqual({ ok: false, problem: { field: "show", message: filterMessages.unknownShow } });
    expect(readOrderFilter(params("show=everything&status=shipped"))).toMatchObject({ show: null, status: "shipped" });
    expect(orderFilterSearch({ show: "awaiting-fulfilment" })).toBe("?show=awaiting-fulfilment");
    expect(orderFilterSearch({ show: "paid", search: "ama", page: 2 })).toBe("?show=paid&search=ama&page=2");
  });

  it("writes a view back as a short URL", () => {
    expect(orderFilterSearch({})).toBe("");
    expect(orderFilterSearch({ search: "ama", status: "shipped", page: 2 })).toBe("?search=ama&status=shipped&page=2");
    expect(orderFilterSearch({ page: 1 })).toBe("");
  });

  it("takes LIKE wildcards in a search literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("narrowSearchKey", () => {
  it("looks up an e-mail by the part before the domain, '@' included", () => {
    expect(narrowSearchKey("kojo.adeyemi.10766@example.com")).toBe("kojo.adeyemi.10766@");
    expect(narrowSearchKey("jo@gmail.com")).toBe("jo@");
  });
  it("looks up the whole search when no narrower part has a trigram or there is no domain", () => {
    expect(narrowSearchKey("a@example.com")).toBeNull();
    expect(narrowSearchKey("@example.com")).toBeNull();
    expect(narrowSearchKey("kojo.adeyemi@")).toBeNull();
    expect(narrowSearchKey("kojo adeyemi")).toBeNull();
    expect(narrowSearchKey("")).toBeNull();
  });
});

describe("emptyOrdersTitle", () => {
  it("says a search or a status found nothing, a Dashboard figure's list is empty for now, or the shop has no orders", () => {
    expect(emptyOrdersTitle({ search: "kofi", status: null, show: null })).toBe(adminOrders.noMatch);
    expect(emptyOrdersTitle({ search: "", status: "shipped", show: "paid" })).toBe(adminOrders.noMatch);
    expect(emptyOrdersTitle({ search: "", status: null, show: "awaiting-fulfilment" })).toBe(adminOrders.showEmpty);
    expect(emptyOrdersTitle({ search: "", status: null, show: null })).toBe(adminOrders.noOrders);
  });
});
