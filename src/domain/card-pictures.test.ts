import { describe, expect, it } from "vitest";
import { colourForFilter, picturesForColourFilter } from "./card-pictures.ts";

const jeans = ["/images/products/selvedge-jeans-indigo.jpg", "/images/products/selvedge-jeans-black.jpg", "/images/products/selvedge-jeans-grey.jpg"];
const colours = ["Indigo", "Black", "Grey"];

describe("picturesForColourFilter", () => {
  it("leads with the picture of the first colour in a chosen family, the others after it in order", () => {
    expect(picturesForColourFilter(jeans, colours, ["black"])).toEqual([jeans[1], jeans[0], jeans[2]]);
    expect(picturesForColourFilter(jeans, colours, ["gray", "black"])).toEqual([jeans[1], jeans[0], jeans[2]]);
    expect(picturesForColourFilter(jeans, colours, ["gray"])).toEqual([jeans[2], jeans[0], jeans[1]]);
  });

  it("keeps the pictures as they are without a filter, when the first picture already fits, or when no colour has its own", () => {
    expect(picturesForColourFilter(jeans, colours, [])).toEqual(jeans);
    expect(picturesForColourFilter(jeans, colours, ["blue"])).toEqual(jeans);
    const unnamed = ["/images/products/a.jpg", "/images/products/b.jpg"];
    expect(picturesForColourFilter(unnamed, ["Navy", "Black"], ["black"])).toEqual(unnamed);
  });
});

describe("colourForFilter", () => {
  it("is the colour whose picture leads the card", () => {
    expect(colourForFilter(jeans, colours, ["black"])).toBe("Black");
    expect(colourForFilter(jeans, colours, ["gray", "black"])).toBe("Black");
    expect(colourForFilter(jeans, colours, ["blue"])).toBe("Indigo");
  });

  it("is the first colour of a chosen family when no colour has a picture of its own", () => {
    expect(colourForFilter(["/images/products/a.jpg", "/images/products/b.jpg"], ["Navy", "Black"], ["black"])).toBe("Black");
  });

  it("is null without a filter or when no colour is in a chosen family", () => {
    expect(colourForFilter(jeans, colours, [])).toBeNull();
    expect(colourForFilter(jeans, colours, ["red"])).toBeNull();
  });
});
