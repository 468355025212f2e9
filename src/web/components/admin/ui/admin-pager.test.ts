import { describe, expect, it } from "vitest";
import { searchPageHref } from "./admin-pager.tsx";

describe("searchPageHref", () => {
  it("keeps the search and the page in the address, leaving out each that says nothing", () => {
    expect(searchPageHref("/admin/customers", "", 1)).toBe("/admin/customers");
    expect(searchPageHref("/admin/stripe", "", 3)).toBe("/admin/stripe?page=3");
    expect(searchPageHref("/admin/stripe", "ama & co", 1)).toBe("/admin/stripe?search=ama+%26+co");
    expect(searchPageHref("/admin/customers", "smith", 2)).toBe("/admin/customers?search=smith&page=2");
  });
});
