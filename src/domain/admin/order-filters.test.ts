import { describe, expect, it } from "vitest";
import { ADMIN_ORDERS_PAGE_SIZE, containsPattern, filterMessages, narrowSearchKey, normaliseSearch, orderFilterSearch, parseOrderFilter, readOrderFilter } from "./order-filters.ts";

const params = (text: string) => new URLSearchParams(text);

describe("admin orders filter", () => {
  it("reads search, status and page from the URL", () => {
    expect(parseOrderFilter(params("search=%20Ama%20&status=Shipped&page=3&pageSize=50"))).toEqual({
      ok: true,
      filter: { search: "ama", status: "shipped", page: 3, pageSize: 50 },
    });
  });

  it("defaults to all orders, page 1", () => {
    expect(parseOrderFilter(params(""))).toEqual({ ok: true, filter: { search: "", status: null, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE } });
    expect(parseOrderFilter(params("status=all"))).toMatchObject({ ok: true, filter: { status: null } });
  });

  it("lets a shown order number be searched with or without its #", () => {
    expect(normaliseSearch("#1A2B3C4D")).toBe("1a2b3c4d");
    expect(normaliseSearch("ORD-123")).toBe("ord-123");
    // A phone keyboard's apostrophe finds the plain one stored.
    expect(normaliseSearch("O’Neill")).toBe("o'neill");
  });

  it("refuses unknown statuses and bad pages for the API", () => {
    expect(parseOrderFilter(params("status=lost"))).toEqual({ ok: false, problem: { field: "status", message: filterMessages.unknownStatus } });
    expect(parseOrderFilter(params("page=0"))).toMatchObject({ ok: false, problem: { field: "page" } });
    expect(parseOrderFilter(params("page=abc"))).toMatchObject({ ok: false, problem: { field: "page" } });
    expect(parseOrderFilter(params("pageSize=101"))).toMatchObject({ ok: false, problem: { field: "pageSize" } });
    expect(parseOrderFilter(params(`search=${"x".repeat(201)}`))).toMatchObject({ ok: false, problem: { field: "search" } });
  });

  it("forgives a hand-edited page URL", () => {
    expect(readOrderFilter(params("status=lost&page=-2&search=Ama"))).toEqual({ search: "ama", status: null, page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE });
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
