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

  it("keeps a label that mixes scripts to look like another domain in its ASCII form, as browsers show it", () => {
    // "pаypal" and "аpple" with a Cyrillic "а", "gοogle" with a Greek "ο", "bücher" with a Cyrillic "е".
    for (const lookalike of ["pаypal.com", "аpple.com", "gοogle.com", "mail.bücheр.de"]) {
      const stored = withAsciiDomain(`kofi@${lookalike}`);
      expect(stored, lookalike).toMatch(/^kofi@[\x21-\x7e]+$/);
      expect(emailForDisplay(stored), lookalike).toBe(stored);
    }
    // Only the mixed label stays: its neighbours in one script are still shown decoded.
    expect(emailForDisplay(withAsciiDomain("kofi@пример.pаypal.рф"))).toBe(`kofi@пример.${withAsciiDomain("x@pаypal").slice(2)}.рф`);
    // A letter of a script no language writes domains in (Runic) is no reading either.
    expect(emailForDisplay(withAsciiDomain("kofi@ᚠᚢᚦ.de"))).toBe(withAsciiDomain("kofi@ᚠᚢᚦ.de"));
  });

  it("shows a label in one script, with digits and hyphens, and the mixes Japanese, Chinese and Korean are written in", () => {
    for (const unicode of ["пример-2026.рф", "bücher-24.de", "ソニーstore.jp", "東京タワーとabc.jp", "台北ㄅㄆ.tw", "삼성전자shop.kr", "韓國한국.kr", "ñandú.es"]) {
      expect(emailForDisplay(withAsciiDomain(`kofi@${unicode}`)), unicode).toBe(`kofi@${unicode}`);
    }
    // Beside Latin, Japanese and Korean may not mix with each other, nor Cyrillic with Han.
    for (const mixed of ["ソニー한국.jp", "пример中国.cn"]) {
      expect(emailForDisplay(withAsciiDomain(`kofi@${mixed}`)), mixed).toBe(withAsciiDomain(`kofi@${mixed}`));
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
