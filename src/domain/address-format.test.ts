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

  it("writes a US address's last line as USPS reads it: 'City, ST 12345'", () => {
    expect(townLines({ city: "Austin", region: "TX", postalCode: "78701", country: "United States" })).toEqual(["Austin, TX 78701"]);
    expect(townLines({ city: "New York", region: "ny", postalCode: "10001-2345", country: "USA" })).toEqual(["New York, NY 10001-2345"]);
    expect(townLines({ city: "Austin", postalCode: "78701", country: "US" })).toEqual(["Austin 78701"]);
    expect(townLines({ region: "TX", postalCode: "78701", country: "US" })).toEqual(["TX 78701"]);
  });

  it("writes a Canadian address's last line as Canada Post reads it: 'City QC H2X 1Y4'", () => {
    expect(townLines({ city: "Montréal", region: "QC", postalCode: "h2x 1y4", country: "Canada" })).toEqual(["Montréal QC H2X 1Y4"]);
    expect(townLines({ city: "Toronto", region: "on", postalCode: "M5V 2T6", country: "CA" })).toEqual(["Toronto ON M5V 2T6"]);
  });

  it("writes an Australian one as Australia Post does: locality, state and postcode on one line, in capitals", () => {
    expect(townLines({ city: "Parramatta", region: "NSW", postalCode: "2150", country: "Australia" })).toEqual(["PARRAMATTA NSW 2150"]);
  });

  it("puts India's PIN and Nigeria's postcode after the town, with the state on the line below", () => {
    expect(townLines({ city: "New Delhi", region: "Delhi", postalCode: "110001", country: "India" })).toEqual(["New Delhi 110001", "Delhi"]);
    expect(townLines({ city: "Ikeja", region: "Lagos", postalCode: "100271", country: "Nigeria" })).toEqual(["Ikeja 100271", "Lagos"]);
  });

  it("keeps the town, the county and the postcode on lines of their own for the UK, Ireland, Ghana, the UAE and other countries", () => {
    expect(townLines({ city: "London", region: "", postalCode: "w1s 3pr", country: "United Kingdom" })).toEqual(["London", "W1S 3PR"]);
    expect(townLines({ city: "Dublin 2", region: "Co. Dublin", postalCode: "D02 X285", country: "Ireland" })).toEqual(["Dublin 2", "Co. Dublin", "D02 X285"]);
    expect(townLines({ city: "Accra", region: "Greater Accra", postalCode: "GA-123-4567", country: "Ghana" })).toEqual(["Accra", "Greater Accra", "GA-123-4567"]);
    expect(townLines({ city: "Dubai", region: "Dubai", country: "United Arab Emirates" })).toEqual(["Dubai", "Dubai"]);
    // Latvia writes the town first ("Rīga, LV-1050"); an unknown country keeps the default.
    expect(townLines({ city: "Rīga", postalCode: "LV-1050", country: "Latvia" })).toEqual(["Rīga", "LV-1050"]);
    expect(townLines({ city: "Somewhere", postalCode: "123", country: "Atlantis" })).toEqual(["Somewhere", "123"]);
  });

  it("keeps the town as typed when asked to, for an e-mail or a page rather than a parcel", () => {
    expect(townLines({ city: "Paris", postalCode: "75008", country: "France" }, { capitals: false })).toEqual(["75008 Paris"]);
    expect(townLines({ city: "Parramatta", region: "nsw", postalCode: "2150", country: "Australia" }, { capitals: false })).toEqual(["Parramatta NSW 2150"]);
  });

  it("leaves out what is missing", () => {
    expect(townLines({ city: "Paris", postalCode: "", country: "France" })).toEqual(["PARIS"]);
    expect(townLines({ city: "", postalCode: "75008", country: "France" })).toEqual(["75008"]);
    expect(townLines({ country: "France" })).toEqual([]);
    expect(townLines({ country: "United States" })).toEqual([]);
  });
});

describe("postcodeBeforeTown", () => {
  it("knows a country by its name, its code or a common spelling", () => {
    for (const country of ["France", "FR", "Germany", "Holland", "Switzerland", "Réunion"]) expect(postcodeBeforeTown(country), country).toBe(true);
    for (const country of ["United Kingdom", "uk", "United States", "Ireland", "Latvia", "", null]) expect(postcodeBeforeTown(country), String(country)).toBe(false);
  });
});
