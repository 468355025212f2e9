import { serializeSignedCookie } from "better-call";
import { describe, expect, it } from "vitest";
import { readCookies, verifySignedToken } from "./session-lookup.server.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";

/** The cookie value exactly as the auth library writes it (signed by its own code), URI-decoded as a browser sends it back. */
async function libraryCookieValue(token: string, secret = SECRET): Promise<string> {
  const header = await serializeSignedCookie("better-auth.session_token", token, secret);
  return decodeURIComponent(header.split(";")[0]!.split("=").slice(1).join("="));
}

describe("the quick session read's cookie checks", () => {
  it("accepts the library's own signature and answers the token", async () => {
    for (const token of ["PiLb5V0IbNeNfYjY2uCxWrjDTM7qif2p", "a.b.c-with.dots", "x"]) {
      expect(verifySignedToken(await libraryCookieValue(token), SECRET)).toBe(token);
    }
  });

  it("refuses another secret's signature, a changed token and malformed values", async () => {
    const value = await libraryCookieValue("PiLb5V0IbNeNfYjY2uCxWrjDTM7qif2p");
    expect(verifySignedToken(value, "another-secret-another-secret-another-1")).toBeNull();
    expect(verifySignedToken(value.replace("PiLb", "PiLc"), SECRET)).toBeNull();
    expect(verifySignedToken("forged.value", SECRET)).toBeNull();
    expect(verifySignedToken("no-signature", SECRET)).toBeNull();
    expect(verifySignedToken(".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", SECRET)).toBeNull();
    // A valid signature written in base64url's alphabet: the library refuses it, so this check does too.
    let withSymbols = "";
    for (let index = 0; !/[+/]/.test(withSymbols.slice(withSymbols.lastIndexOf(".") + 1)); index++) withSymbols = await libraryCookieValue(`token-${index}`);
    expect(verifySignedToken(withSymbols, SECRET)).not.toBeNull();
    expect(verifySignedToken(withSymbols.replace(/\.([^.]*)$/, (_, signature: string) => `.${signature.replaceAll("+", "-").replaceAll("/", "_")}`), SECRET)).toBeNull();
    // The right length and padding, the wrong bytes.
    expect(verifySignedToken(`${value.slice(0, value.lastIndexOf("."))}.${"A".repeat(43)}=`, SECRET)).toBeNull();
  });

  it("reads cookies as the library does: first of a name wins, values decoded, quotes dropped", () => {
    const cookies = readCookies('a=1; b=%2Fx%3D; a=2; c="quoted"; broken; d=%E0%A4%A');
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("/x=");
    expect(cookies.get("c")).toBe("quoted");
    expect(cookies.get("d")).toBe("%E0%A4%A");
    expect(cookies.has("broken")).toBe(false);
  });
});
