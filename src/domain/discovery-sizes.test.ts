import { describe, expect, it } from "vitest";
import { compareSizes } from "./discovery-sizes.ts";

const sorted = (sizes: string[]) => [...sizes].sort(compareSizes);

describe("compareSizes", () => {
  it("orders letter sizes as a size chart does, 2XL and XXL together", () => {
    expect(sorted(["XL", "S", "3XL", "M", "XS", "L", "2XL"])).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
  });

  it("orders jacket sizes by chest, then short, regular, long", () => {
    expect(sorted(["40L", "38R", "40R", "42R", "40S", "36R"])).toEqual(["36R", "38R", "40S", "40R", "40L", "42R"]);
  });

  it("orders plain numbers (collars, shoe sizes) by value, not alphabetically", () => {
    expect(sorted(["10", "9", "11.5", "7", "15.5", "15"])).toEqual(["7", "9", "10", "11.5", "15", "15.5"]);
  });

  it("puts letter sizes before jacket sizes before numbers, and words last", () => {
    expect(sorted(["One Size", "40R", "9", "M", "UK 8", "W32"])).toEqual(["M", "40R", "9", "W32", "UK 8", "One Size"]);
  });
});
