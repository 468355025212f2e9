import { describe, expect, it } from "vitest";
import { capitaliseWords, normaliseSuitColours } from "./suit-colours.ts";

describe("normaliseSuitColours (admin.md section 5)", () => {
  it.each([
    ["Navy Blue", "Navy"],
    ["Khaki", "Brown"],
    ["Beige", "Brown"],
    ["Cream", "White"],
    ["Multi-color", "Multicolor"],
    ["Traditional Print", "Multicolor"],
    ["Denim Blue", "Blue"],
  ])("renames %s to %s", (from, to) => {
    expect(normaliseSuitColours([from])).toEqual([to]);
  });

  it("renames whatever the case and spacing of the source", () => {
    expect(normaliseSuitColours(["navy blue", "  KHAKI ", "traditional   print", "MULTI-COLOR"])).toEqual([
      "Navy",
      "Brown",
      "Multicolor",
    ]);
  });

  it("capitalises every word of other names", () => {
    expect(normaliseSuitColours(["black", "light grey", "ROSE GOLD", "off-white"])).toEqual([
      "Black",
      "Light Grey",
      "Rose Gold",
      "Off-White",
    ]);
  });

  it("removes duplicates after renaming, keeping first-seen order", () => {
    expect(normaliseSuitColours(["Khaki", "Navy", "Beige", "Navy Blue", "navy", "Brown"])).toEqual(["Brown", "Navy"]);
    expect(normaliseSuitColours(["Cream", "White", "Multi-color", "Traditional Print"])).toEqual(["White", "Multicolor"]);
    expect(normaliseSuitColours(["Denim Blue", "Blue", "blue"])).toEqual(["Blue"]);
  });

  it("does not rename near misses", () => {
    expect(normaliseSuitColours(["Navy"])).toEqual(["Navy"]);
    expect(normaliseSuitColours(["Dark Navy Blue"])).toEqual(["Dark Navy Blue"]);
    expect(normaliseSuitColours(["Multicolour"])).toEqual(["Multicolour"]);
  });

  it("drops blank names and keeps an empty list empty", () => {
    expect(normaliseSuitColours(["", "  ", "Black"])).toEqual(["Black"]);
    expect(normaliseSuitColours([])).toEqual([]);
  });

  it("does not change its input", () => {
    const input = ["Khaki", "Beige"];
    normaliseSuitColours(input);
    expect(input).toEqual(["Khaki", "Beige"]);
  });
});

describe("capitaliseWords", () => {
  it("capitalises each word after a space or hyphen", () => {
    expect(capitaliseWords("light grey")).toBe("Light Grey");
    expect(capitaliseWords("NAVY")).toBe("Navy");
    expect(capitaliseWords("off-white")).toBe("Off-White");
    expect(capitaliseWords("")).toBe("");
  });
});
