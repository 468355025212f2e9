import { describe, expect, it } from "vitest";
import { postcodeBeforeTown, townLines } from "./address-format.ts";

describe("townLines", () => {
  it("writes a French address as La Poste reads it: postcode, then the town in capitals, on one line", () => {
    expect(townLines({ city: "Paris", region: "", postalCode: "75008", country: "France" })).toEqual(["75008 PARIS"]);
    expect(townLines({ city: "Berlin", postalCode: "10115", country: "DE" })).toEqual(["10115 BERLIN"]);
    // A province or region stays on a line of its own, after the town.
    expect(townLines({ city: "Roma", region: "RM", postalCode: "00144", country: "Italy" })).toEqual(["00144 ROMA", "RM"]);
    expect(townLines({ city: "Amsterdam", postalCode: "1012 ab", country: "netherlands" })).toEqual(["1012 AB AMSTERDAM"]);
  });

  it("keeps the town, the county and the postcode on lines of their own for the UK and other countries", () => {
    expect(townLines({ city: "London", region: "", postalCode: "w1s 3pr", country: "United Kingdom" })).toEqual(["London", "W1S 3PR"]);
    expect(townLines({ city: "Austin", region: "TX", postalCode: "78701", country: "United States" })).toEqual(["Austin", "TX", "78701"]);
    // Latvia writes the town first ("Rīga, LV-1050"); an unknown country keeps the default.
    expect(townLines({ city: "Rīga", postalCode: "LV-1050", country: "Latvia" })).toEqual(["Rīga", "LV-1050"]);
    expect(townLines({ city: "Somewhere", postalCode: "123", country: "Atlantis" })).toEqual(["Somewhere", "123"]);
  });

  it("leaves out what is missing", () => {
    expect(townLines({ city: "Paris", postalCode: "", country: "France" })).toEqual(["PARIS"]);
    expect(townLines({ city: "", postalCode: "75008", country: "France" })).toEqual(["75008"]);
    expect(townLines({ country: "France" })).toEqual([]);
  });
});

describe("postcodeBeforeTown", () => {
  it("knows a country by its name, its code or a common spelling", () => {
    for (const country of ["France", "FR", "Germany", "Holland", "Switzerland", "Réunion"]) expect(postcodeBeforeTown(country), country).toBe(true);
    for (const country of ["United Kingdom", "uk", "United States", "Ireland", "Latvia", "", null]) expect(postcodeBeforeTown(country), String(country)).toBe(false);
  });
});
