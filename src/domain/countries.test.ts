import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY } from "./countries.ts";
import { normaliseCountry } from "./country-spellings.ts";

describe("normaliseCountry", () => {
  it("returns every listed name unchanged", () => {
    for (const name of COUNTRIES) expect(normaliseCountry(name)).toBe(name);
  });

  it("ignores case, spacing, accents, punctuation and a leading 'the'", () => {
    expect(normaliseCountry("  united   kingdom ")).toBe("United Kingdom");
    expect(normaliseCountry("Cote d'Ivoire")).toBe("Côte d'Ivoire");
    expect(normaliseCountry("COTE DIVOIRE")).toBe("Côte d'Ivoire");
    expect(normaliseCountry("Sao Tome & Principe")).toBe("São Tomé and Príncipe");
    expect(normaliseCountry("The Gambia")).toBe("Gambia");
    expect(normaliseCountry("guinea bissau")).toBe("Guinea-Bissau");
  });

  it("accepts the aliases shoppers type", () => {
    expect(normaliseCountry("UK")).toBe("United Kingdom");
    expect(normaliseCountry("Scotland")).toBe("United Kingdom");
    expect(normaliseCountry("USA")).toBe("United States");
    expect(normaliseCountry("United States of America")).toBe("United States");
    expect(normaliseCountry("Türkiye")).toBe("Turkey");
    expect(normaliseCountry("Ivory Coast")).toBe("Côte d'Ivoire");
    expect(normaliseCountry("Korea, Republic of")).toBe("South Korea");
    expect(normaliseCountry("Korea, Democratic People's Republic of")).toBe("North Korea");
    expect(normaliseCountry("Viet Nam")).toBe("Vietnam");
    expect(normaliseCountry("Holland")).toBe("Netherlands");
  });

  it("accepts ISO 3166-1 alpha-2 codes, the form payment providers send", () => {
    expect(normaliseCountry("GB")).toBe("United Kingdom");
    expect(normaliseCountry("us")).toBe("United States");
    expect(normaliseCountry("GH")).toBe("Ghana");
    expect(normaliseCountry("HK")).toBe("Hong Kong");
    expect(normaliseCountry("JE")).toBe("Jersey");
  });

  it("knows the places a UK shop ships to that are not UN members: the Crown Dependencies and Gibraltar", () => {
    for (const name of ["Jersey", "Guernsey", "Isle of Man", "Gibraltar"]) expect(COUNTRIES).toContain(name);
    expect(normaliseCountry("isle of man")).toBe("Isle of Man");
    expect(normaliseCountry("GI")).toBe("Gibraltar");
  });

  it("knows the territories post reaches as destinations of their own, by name, spelling and code", () => {
    for (const name of ["Bermuda", "Cayman Islands", "Falkland Islands", "Kosovo", "Réunion", "Curaçao", "Greenland", "Puerto Rico", "Åland Islands"]) {
      expect(COUNTRIES).toContain(name);
    }
    expect(normaliseCountry("Reunion")).toBe("Réunion");
    expect(normaliseCountry("curacao")).toBe("Curaçao");
    expect(normaliseCountry("BVI")).toBe("British Virgin Islands");
    expect(normaliseCountry("Virgin Islands, U.S.")).toBe("United States Virgin Islands");
    expect(normaliseCountry("Bonaire, Sint Eustatius and Saba")).toBe("Caribbean Netherlands");
    expect(normaliseCountry("Tristan da Cunha")).toBe("Saint Helena, Ascension and Tristan da Cunha");
    expect(normaliseCountry("KY")).toBe("Cayman Islands");
    expect(normaliseCountry("XK")).toBe("Kosovo");
  });

  it("returns null for what is not a country", () => {
    expect(normaliseCountry("")).toBeNull();
    expect(normaliseCountry("   ")).toBeNull();
    expect(normaliseCountry(null)).toBeNull();
    expect(normaliseCountry(undefined)).toBeNull();
    expect(normaliseCountry("Atlantis")).toBeNull();
    expect(normaliseCountry("XX")).toBeNull();
    expect(normaliseCountry("United")).toBeNull();
  });
});

describe("COUNTRY_CODES", () => {
  it("gives every country a unique two-letter code", () => {
    const codes = COUNTRIES.map((name) => COUNTRY_CODES[name]);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(COUNTRIES.length);
    expect(COUNTRY_CODES[DEFAULT_COUNTRY]).toBe("GB");
  });
});
