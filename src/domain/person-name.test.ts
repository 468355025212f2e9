import { describe, expect, it } from "vitest";
import { personName } from "./person-name.ts";

describe("personName", () => {
  it("joins first and last name, trimmed, leaving out a blank part", () => {
    expect(personName({ firstName: " Ama ", lastName: "Owusu " })).toBe("Ama Owusu");
    expect(personName({ firstName: "Ama", lastName: " " })).toBe("Ama");
    expect(personName({ lastName: "Owusu" })).toBe("Owusu");
  });

  it("reads the spec's first_name / last_name variants (admin.md section 3)", () => {
    expect(personName({ first_name: "Yaw", last_name: "Boateng" })).toBe("Yaw Boateng");
    expect(personName({ firstName: "", first_name: "Yaw", lastName: "Boateng" })).toBe("Yaw Boateng");
  });

  it("is empty for nobody", () => {
    expect(personName(null)).toBe("");
    expect(personName(undefined)).toBe("");
    expect(personName({ firstName: 7, lastName: null })).toBe("");
  });
});
