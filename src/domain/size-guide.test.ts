import { describe, expect, it } from "vitest";
import { sizeGuideHref, sizeGuideSection } from "./size-guide.ts";

describe("the size guide chart of a category", () => {
  it("sends suits and blazers to the jacket chart, shirts to collars, denim to waists, shoes to shoes", () => {
    expect(sizeGuideHref("suits")).toBe("/size-guide#jackets");
    expect(sizeGuideSection("blazers")).toBe("jackets");
    expect(sizeGuideSection("shirts")).toBe("collars");
    expect(sizeGuideSection("white-wear")).toBe("collars");
    expect(sizeGuideSection("denim")).toBe("waists");
    expect(sizeGuideSection("shoes")).toBe("shoes");
    expect(sizeGuideSection("ties")).toBe("one-size");
  });

  it("uses the letter-size chart for kaftans, traditional wear and any other category", () => {
    expect(sizeGuideSection("kaftan")).toBe("clothing");
    expect(sizeGuideSection("Traditional Wear")).toBe("clothing");
    expect(sizeGuideSection("something new")).toBe("clothing");
  });
});
