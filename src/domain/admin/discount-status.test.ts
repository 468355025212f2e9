import { describe, expect, it } from "vitest";
import { discountStatusTone } from "./discount-status.ts";

describe("discountStatusTone (admin.md section 4's display statuses)", () => {
  it.each([
    ["Active", "green"],
    ["Used Up", "yellow"],
    ["Expired", "red"],
    ["Inactive", "gray"],
  ] as const)("%s is %s", (status, tone) => {
    expect(discountStatusTone(status)).toBe(tone);
  });
});
