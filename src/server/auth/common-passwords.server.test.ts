import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.server.ts";

describe("isCommonPassword", () => {
  it.each(["password", "Password", "PASSWORD", "12345678", "123456789", "qwerty123", "iloveyou", "password1", "football", " password "])(
    "refuses %j, one of the most common passwords",
    (value) => {
      expect(isCommonPassword(value)).toBe(true);
    },
  );

  it.each(["correct horse battery", "Tailored linen jacket 42R", "k7#mQ2!xP9", "        "])("accepts %j", (value) => {
    expect(isCommonPassword(value)).toBe(false);
  });
});
