import { describe, expect, it } from "vitest";
import { categoriesNamed, MAX_SEARCH_WORDS, searchWords } from "./discovery-search.ts";

describe("searchWords", () => {
  it("splits on anything but letters and digits, lower case, without stop words", () => {
    expect(searchWords("The NAVY  suit, for a wedding!").map((w) => w.text)).toEqual(["navy", "suit", "wedding"]);
    expect(searchWords("double-breasted 40R").map((w) => w.text)).toEqual(["double", "breasted", "40r"]);
  });

  it("has nothing to match for punctuation or stop words only", () => {
    expect(searchWords("the & of")).toEqual([]);
    expect(searchWords("   ")).toEqual([]);
  });

  it("keeps at most MAX_SEARCH_WORDS words", () => {
    expect(searchWords(Array.from({ length: 12 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_WORDS);
  });

  it("matches British spellings with the spelling the data uses", () => {
    expect(searchWords("grey multicolour").map((w) => w.match)).toEqual(["gray", "multicolor"]);
  });

  it("allows typos only in words of 4 letters or more", () => {
    expect(searchWords("tie blazr").map((w) => w.typos)).toEqual([false, true]);
  });

  it("keeps a stop word being typed as the last prefix of a suggestion", () => {
    expect(searchWords("navy s", { prefix: true }).map((w) => [w.text, w.stop])).toEqual([
      ["navy", false],
      ["s", true],
    ]);
    expect(searchWords("navy s").map((w) => w.text)).toEqual(["navy"]);
  });

  it("names the categories of a word or of two words together", () => {
    expect(searchWords("bow tie").flatMap((w) => w.categories)).toContain("ties");
    expect(searchWords("navy suits")[1]?.categories).toEqual(["suits"]);
  });
});

describe("categoriesNamed", () => {
  it("knows labels, plurals and the words shoppers use", () => {
    expect(categoriesNamed("Suits")).toEqual(["suits"]);
    expect(categoriesNamed("suit")).toEqual(["suits"]);
    expect(categoriesNamed("shoes")).toEqual(["shoes"]);
    expect(categoriesNamed("kaftans")).toEqual(["kaftan"]);
    expect(categoriesNamed("caftan")).toEqual(["kaftan"]);
    expect(categoriesNamed("jeans")).toEqual(["denim"]);
    expect(categoriesNamed("tuxedo")).toEqual(["suits"]);
    expect(categoriesNamed("traditional wear")).toEqual(["Traditional Wear"]);
    expect(categoriesNamed("white-wear")).toEqual(["white-wear"]);
    expect(categoriesNamed("accessories")).toEqual(["accessories"]);
  });

  it("forgives one typo in a word of 5 letters or more, not in shorter ones", () => {
    expect(categoriesNamed("blazr")).toEqual(["blazers"]);
    expect(categoriesNamed("shirst")).toEqual(["shirts"]);
    expect(categoriesNamed("shrt")).toEqual([]);
    expect(categoriesNamed("tei")).toEqual([]);
  });

  it("matches the beginning of a category word only when asked (as the shopper types)", () => {
    expect(categoriesNamed("bla")).toEqual([]);
    expect(categoriesNamed("bla", { prefix: true })).toEqual(["blazers"]);
    expect(categoriesNamed("xyz", { prefix: true })).toEqual([]);
  });
});
