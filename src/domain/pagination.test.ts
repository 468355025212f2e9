import { describe, expect, it } from "vitest";
import { categoryPage } from "./messages/catalog.ts";
import {
  CATEGORY_PAGE_SIZE,
  HOME_PRIORITY_IMAGES,
  HOME_SECTION_SIZE,
  RELATED_PRODUCTS_LIMIT,
  SKELETON_COUNT,
  clampPage,
  pageCount,
  pageWindow,
  showingRange,
} from "./pagination.ts";

describe("listing constants (storefront.md section 9)", () => {
  it("matches the spec", () => {
    expect(CATEGORY_PAGE_SIZE).toBe(12);
    expect(RELATED_PRODUCTS_LIMIT).toBe(4);
    expect(SKELETON_COUNT).toBe(8);
    expect(HOME_SECTION_SIZE).toBe(8);
    expect(HOME_PRIORITY_IMAGES).toBe(4);
  });
});

describe("pageCount", () => {
  it("rounds up to whole pages", () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(1, 12)).toBe(1);
    expect(pageCount(11, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(24, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
  });

  it("counts no pages for a negative or impossible total and refuses impossible sizes", () => {
    expect(pageCount(-5, 12)).toBe(0);
    expect(pageCount(Number.NaN, 12)).toBe(0);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
    expect(() => pageCount(10, 1.5)).toThrow(RangeError);
  });
});

describe("clampPage", () => {
  it("keeps a page between 1 and the last page", () => {
    expect(clampPage(1, 5)).toBe(1);
    expect(clampPage(5, 5)).toBe(5);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it("gives page 1 when there are no pages", () => {
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe("pageWindow (storefront.md section 2 Category page)", () => {
  it("shows every page when there are 5 or fewer", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("starts eliding at 6 pages", () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, "ellipsis", 6]);
    expect(pageWindow(6, 6)).toEqual([1, "ellipsis", 5, 6]);
  });

  it("shows first, last and the neighbours of the current page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, "ellipsis", 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, "ellipsis", 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
    expect(pageWindow(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(pageWindow(6, 10)).toEqual([1, "ellipsis", 5, 6, 7, "ellipsis", 10]);
    expect(pageWindow(8, 10)).toEqual([1, "ellipsis", 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([1, "ellipsis", 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([1, "ellipsis", 9, 10]);
  });

  it("shows a single skipped page instead of an ellipsis (decision)", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis", 10]); // 2 between 1 and 3
    expect(pageWindow(7, 10)).toEqual([1, "ellipsis", 6, 7, 8, 9, 10]); // 9 between 8 and 10
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("never puts an ellipsis between neighbouring pages or two ellipses in a row", () => {
    for (let total = 6; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const window = pageWindow(current, total);
        expect(window[0]).toBe(1);
        expect(window.at(-1)).toBe(total);
        expect(window).toContain(current);
        const numbers = window.filter((p): p is number => p !== "ellipsis");
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        window.forEach((entry, i) => {
          if (entry !== "ellipsis") return;
          const before = window[i - 1];
          const after = window[i + 1];
          expect(typeof before).toBe("number");
          expect(typeof after).toBe("number");
          expect((after as number) - (before as number)).toBeGreaterThan(2);
        });
      }
    }
  });

  it("treats an out-of-range current page as the nearest page", () => {
    expect(pageWindow(99, 10)).toEqual(pageWindow(10, 10));
    expect(pageWindow(0, 10)).toEqual(pageWindow(1, 10));
  });
});

describe("showingRange ('Showing X - Y of N products in {category}')", () => {
  it("covers full pages and the short last page", () => {
    expect(showingRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
    expect(showingRange(2, 12, 30)).toEqual({ from: 13, to: 24 });
    expect(showingRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
    expect(showingRange(1, 12, 12)).toEqual({ from: 1, to: 12 });
    expect(showingRange(2, 12, 13)).toEqual({ from: 13, to: 13 });
    expect(showingRange(1, 12, 1)).toEqual({ from: 1, to: 1 });
  });

  it("is 0 - 0 when there is nothing", () => {
    expect(showingRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
    expect(showingRange(3, 12, 0)).toEqual({ from: 0, to: 0 });
  });

  it("reads a page past the end as the last page", () => {
    expect(showingRange(9, 12, 30)).toEqual({ from: 25, to: 30 });
  });

  it("fills the spec's texts", () => {
    const { from, to } = showingRange(2, 12, 30);
    expect(categoryPage.showingProducts(from, to, 30, "suits")).toBe("Showing 13 - 24 of 30 products in suits");
    expect(categoryPage.pageOf(2, pageCount(30, 12))).toBe("Page 2 of 3");
  });
});
