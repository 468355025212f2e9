import { describe, expect, it } from "vitest";
import { picturesForColourFilter } from "./card-pictures.ts";

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
