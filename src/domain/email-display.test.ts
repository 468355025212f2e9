import { describe, expect, it } from "vitest";
import { withAsciiDomain } from "./email-addresses.ts";
import { emailForDisplay } from "./email-display.ts";

describe("an e-mail address as a person reads it", () => {
  it("shows a domain kept in its ASCII form in its own script", () => {
    expect(emailForDisplay("kofi@xn--bcher-kva.de")).toBe("kofi@bücher.de");
    expect(emailForDisplay("ama@xn--r8jz45g.jp")).toBe("ama@例え.jp");
    expect(emailForDisplay("Kofi@mail.xn--mnchen-3ya.de")).toBe("Kofi@mail.münchen.de");
  });

  it("reads every script as IDNA does (the pairs are those of Node's url.domainToUnicode), and back to the stored form", () => {
    const domains: [unicode: string, ascii: string][] = [
      ["bücher.de", "xn--bcher-kva.de"],
      ["例え.jp", "xn--r8jz45g.jp"],
      ["ελληνικά.gr", "xn--hxargifdar.gr"],
      ["العربية.eg", "xn--mgbcd4a2b0d2b.eg"],
      ["пример.рф", "xn--e1afmkfd.xn--p1ai"],
      ["中国.cn", "xn--fiqs8s.cn"],
      ["한국.kr", "xn--3e0b707e.kr"],
      ["ñandú.es", "xn--and-6ma2c.es"],
      ["straße.de", "xn--strae-oqa.de"],
      ["वेबसाइट.भारत", "xn--n1b2cub9aq0byd.xn--h2brj9c"],
      ["🍕.ws", "xn--vi8h.ws"],
      ["x.y.bücher.de", "x.y.xn--bcher-kva.de"],
    ];
    for (const [unicode, ascii] of domains) {
      const stored = withAsciiDomain(`kofi@${unicode}`);
      expect(stored, unicode).toBe(`kofi@${ascii}`);
      expect(emailForDisplay(stored), unicode).toBe(`kofi@${unicode}`);
    }
  });

  it("leaves ASCII addresses, text that is no address, and labels that are not valid IDNA as they were", () => {
    for (const text of ["kofi@example.com", "Kofi@Example.COM", "kofi", "", "kofi@", "kofi@xn--.de", "kofi@xn--a.de", "kofi@xn--zzzzzzzzzzzzzzzzzzzzzzzz.de", "kofi@xn--bcher-kva.de.xn--", "kofi@xn--BCHER-KVA.de"]) {
      expect(emailForDisplay(text), text).toBe(text);
    }
    // Decodes to "b\u202Eücher" (a hidden right-to-left override), which IDNA forbids: never shown decoded.
    expect(emailForDisplay("kofi@xn--bcher-kva5107c.de")).toBe("kofi@xn--bcher-kva5107c.de");
  });
});
