import { describe, expect, it } from "vitest";
import { categoriesNamed, colourMeant, MAX_SEARCH_WORDS, searchWords, wordsToCheck } from "./discovery-search.ts";

describe("searchWords", () => {
  it("splits on anything but letters and digits, lower case, without stop words", () => {
    expect(searchWords("The NAVY  suit, for a wedding!").map((w) => w.text)).toEqual(["navy", "suit", "wedding"]);
    expect(searchWords("double-breasted 40R").map((w) => w.text)).toEqual(["double", "breasted", "40r"]);
  });

  it("reads accented Latin letters as the catalogue writes them, and leaves other scripts' marks", () => {
    expect(searchWords("Agbádá FÌLÀ crème").map((w) => w.text)).toEqual(["agbada", "fila", "creme"]);
    expect(searchWords("कुर्ता").map((w) => w.text)).toEqual(["कुर्ता"]);
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

  it("leaves out words every product here answers to, unless nothing else was typed", () => {
    expect(searchWords("men's suit").map((w) => w.text)).toEqual(["suit"]);
    expect(searchWords("Gents' navy blazer").map((w) => w.text)).toEqual(["navy", "blazer"]);
    expect(searchWords("menswear").map((w) => w.text)).toEqual(["menswear"]);
  });

  it("reads a misspelt colour as the colour only when forgiving, and never the word being typed", () => {
    expect(searchWords("whte shirt").map((w) => w.colour)).toEqual([null, null]);
    expect(searchWords("whte shirt", { forgiving: true }).map((w) => w.colour)).toEqual(["white", null]);
    expect(searchWords("navvy", { prefix: true, forgiving: true }).map((w) => w.colour)).toEqual([null]);
    expect(searchWords("navvy blaz", { prefix: true, forgiving: true }).map((w) => w.colour)).toEqual(["navy", null]);
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
    expect(categoriesNamed("blazrs")).toEqual(["blazers"]);
    expect(categoriesNamed("shrt")).toEqual([]);
    expect(categoriesNamed("suts")).toEqual([]);
    expect(categoriesNamed("tei")).toEqual([]);
    // "coat" is a word of its own, one letter from "boot": not shoes.
    expect(categoriesNamed("coat")).toEqual([]);
  });

  it("when forgiving, also forgives one typo in a 4-letter word and two swapped letters in a 3-letter one", () => {
    expect(categoriesNamed("shrt", { typos: "forgiving" })).toEqual(["shirts"]);
    expect(categoriesNamed("suts", { typos: "forgiving" })).toEqual(["suits"]);
    expect(categoriesNamed("sutis", { typos: "forgiving" })).toEqual(["suits"]);
    expect(categoriesNamed("tei", { typos: "forgiving" })).toEqual(["ties"]);
    // One letter changed in a 3-letter word is another word.
    expect(categoriesNamed("toe", { typos: "forgiving" })).toEqual([]);
    expect(categoriesNamed("xyzw", { typos: "forgiving" })).toEqual([]);
  });

  it("reads a word no product contains as a misspelling: one typo at 3 letters, or the same sound", () => {
    expect(categoriesNamed("sut", { typos: "misspelt" })).toEqual(["suits"]);
    expect(categoriesNamed("sute", { typos: "misspelt" })).toEqual(["suits"]);
    expect(categoriesNamed("tye", { typos: "misspelt" })).toEqual(["ties"]);
    expect(categoriesNamed("sute", { typos: "forgiving" })).toEqual([]);
    expect(colourMeant("wite", "misspelt")).toBe("white");
    expect(colourMeant("xyzw", "misspelt")).toBeNull();
  });

  it("asks the database only about words a misspelling would read as more", () => {
    expect(wordsToCheck("wite shirt")).toEqual(["wite"]);
    expect(wordsToCheck("navy sut")).toEqual(["sut"]);
    expect(wordsToCheck("navy suit")).toEqual([]);
    expect(wordsToCheck("blazr")).toEqual([]);
    expect(searchWords("wite shirt", { misspelt: new Set(["wite"]) })[0]).toMatchObject({ colour: "white" });
    expect(searchWords("tye", { misspelt: new Set(["tye"]) })[0]).toMatchObject({ categories: ["ties"] });
  });

  it("matches the beginning of a category word only when asked (as the shopper types)", () => {
    expect(categoriesNamed("bla")).toEqual([]);
    expect(categoriesNamed("bla", { prefix: true })).toEqual(["blazers"]);
    expect(categoriesNamed("xyz", { prefix: true })).toEqual([]);
  });
});

describe("colourMeant", () => {
  it("is the one colour name a word is a typo of", () => {
    expect(colourMeant("whte")).toBe("white");
    expect(colourMeant("navvy")).toBe("navy");
    expect(colourMeant("burgandy")).toBe("burgundy");
    expect(colourMeant("balck")).toBe("black");
  });

  it("is null for a colour spelt right, a short word, or a word near no colour", () => {
    expect(colourMeant("navy")).toBeNull();
    expect(colourMeant("rde")).toBeNull();
    expect(colourMeant("blazer")).toBeNull();
  });
});
