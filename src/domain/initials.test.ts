import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it("takes the first letter of the first and last name, upper-cased", () => {
    expect(initials("kwame", "mensah", "k@example.com")).toBe("KM");
    expect(initials("  Ada ", " Lovelace", "a@example.com")).toBe("AL");
  });

  it("copes with one name or none", () => {
    expect(initials("Ada", "", "a@example.com")).toBe("A");
    expect(initials("", "", "zed@example.com")).toBe("Z");
    expect(initials("", "", "")).toBe("?");
  });

  it("keeps letters outside the basic alphabet whole", () => {
    expect(initials("Émile", "Øster", "e@example.com")).toBe("ÉØ");
  });
});
