import { describe, expect, it } from "vitest";
import { categoryFromProductName, guessScrapedCategory } from "./scraped-category.ts";

describe("categoryFromProductName", () => {
  it.each([
    ["Slim Fit Navy Two-Piece Suit", "suits"],
    ["Classic Black Tuxedo", "suits"],
    ["Navy Suit Jacket", "suits"],
    ["Double-Breasted Wool Blazer", "blazers"],
    ["Tweed Sport Coat", "blazers"],
    ["Oxford Cotton Shirt - Light Blue", "shirts"],
    ["Graphic T-Shirt", "shirts"],
    ["Pique Polo", "shirts"],
    ["White Linen Shirt", "white-wear"],
    ["Ivory Linen Trousers", "white-wear"],
    ["Silk Paisley Tie", "ties"],
    ["Black Bow Tie", "ties"],
    ["Burgundy Necktie", "ties"],
    ["Silver Tie Clip", "accessories"],
    ["Silk Pocket Square", "accessories"],
    ["Leather Penny Loafers", "shoes"],
    ["Suede Chelsea Boots", "shoes"],
    ["Oxford Shoes in Tan", "shoes"],
    ["Brown Leather Belt", "accessories"],
    ["Gold Cufflinks", "accessories"],
    ["Embroidered Kaftan", "kaftan"],
    ["Royal Blue Caftan with Cap", "kaftan"],
    ["Agbada Three-Piece Set", "Traditional Wear"],
    ["Kente Print Dashiki", "Traditional Wear"],
    ["Selvedge Denim Jacket", "denim"],
    ["Straight Leg Jeans", "denim"],
  ])("%s -> %s", (name, category) => {
    expect(categoryFromProductName(name)).toBe(category);
  });

  it.each(["Orange Jumpsuit", "Gift Card", "", "Mystery Box"])("names no category: %j", (name) => {
    expect(categoryFromProductName(name)).toBeNull();
  });

  it("falls back to the page's own category text when the name says nothing", () => {
    expect(guessScrapedCategory("The Marlow", "Men > Footwear > Loafers")).toBe("shoes");
    expect(guessScrapedCategory("The Marlow", null)).toBeNull();
    expect(guessScrapedCategory("Marlow Suit", "Shoes")).toBe("suits");
  });
});
