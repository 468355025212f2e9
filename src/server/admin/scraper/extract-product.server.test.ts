import { describe, expect, it } from "vitest";
import { extractProduct, normalisePrice } from "./extract-product.server.ts";

const PAGE = "https://supplier.example/products/navy-suit?ref=1";

describe("normalisePrice", () => {
  it.each([
    [49.9, "49.90"],
    ["49.99", "49.99"],
    ["£1,299.00", "1299.00"],
    ["1.299,00 €", "1299.00"],
    ["49,99", "49.99"],
    ["1,299", "1299.00"],
    ["GBP 120", "120.00"],
    [" 0.50 ", "0.50"],
  ])("%j -> %s", (value, expected) => {
    expect(normalisePrice(value)).toBe(expected);
  });

  it.each([0, -5, "0.00", "", "free", null, undefined, Number.NaN, {}])("no price in %j", (value) => {
    expect(normalisePrice(value)).toBeNull();
  });
});

describe("extractProduct", () => {
  it("reads a schema.org Product from a JSON-LD @graph, with offers as an array", () => {
    const html = `<html><head>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]}</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"WebPage","name":"Shop page"},
        {"@type":["Product","Thing"],"name":"Navy Wool Suit","description":"  Two-piece,\\n slim fit. ","image":[{"@type":"ImageObject","url":"/img/suit.jpg"}],
         "category":"Men > Suits","offers":[{"@type":"Offer","price":"249.00","priceCurrency":"GBP"}]}]}</script>
      <meta property="og:title" content="Ignored OG title"></head></html>`;
    expect(extractProduct(html, PAGE)).toEqual({
      name: "Navy Wool Suit",
      price: "249.00",
      currency: "GBP",
      image: "https://supplier.example/img/suit.jpg",
      description: "Two-piece, slim fit.",
      pageCategory: "Men > Suits",
      source: "json-ld",
    });
  });

  it("reads a top-level JSON-LD array, an AggregateOffer's lowPrice and a priceSpecification", () => {
    const aggregate = `<script type="application/ld+json">[{"@type":"Organization","name":"Acme"},{"@type":"http://schema.org/Product","name":"Silk Tie","image":"https://cdn.example/tie.png","offers":{"@type":"AggregateOffer","lowPrice":19.5,"priceCurrency":"USD"}}]</script>`;
    expect(extractProduct(aggregate, PAGE)).toMatchObject({ name: "Silk Tie", price: "19.50", currency: "USD", image: "https://cdn.example/tie.png", source: "json-ld" });
    const specification = `<script type="application/ld+json">{"@type":"Product","name":"Belt","offers":{"@type":"Offer","priceSpecification":{"price":"35","priceCurrency":"GBP"}}}</script>`;
    expect(extractProduct(specification, PAGE)).toMatchObject({ name: "Belt", price: "35.00", currency: "GBP" });
  });

  it("fills what JSON-LD lacks from the meta tags, and skips broken JSON-LD blocks", () => {
    const html = `<script type="application/ld+json">{ not json</script>
      <script type="application/ld+json">{"@type":"Product","name":"Loafers","offers":{"price":"89"}}</script>
      <meta property="og:image" content="https://cdn.example/loafers.jpg"><meta name="description" content="Suede loafers">`;
    expect(extractProduct(html, PAGE)).toMatchObject({ name: "Loafers", price: "89.00", image: "https://cdn.example/loafers.jpg", description: "Suede loafers", source: "json-ld" });
  });

  it("reads Open Graph and product meta tags when there is no JSON-LD", () => {
    const html = `<head><meta property="og:type" content="product"><meta property="og:title" content="Linen Shirt &ndash; White">
      <meta property="og:image" content="//cdn.example/shirt.webp"><meta property="og:image" content="https://cdn.example/second.webp">
      <meta property="og:description" content="Breathable linen."><meta property="product:price:amount" content="45.00">
      <meta property="product:price:currency" content="GBP"></head>`;
    expect(extractProduct(html, PAGE)).toEqual({
      name: "Linen Shirt – White",
      price: "45.00",
      currency: "GBP",
      image: "https://cdn.example/shirt.webp",
      description: "Breathable linen.",
      pageCategory: null,
      source: "open-graph",
    });
  });

  it("reads microdata, ignoring the names of nested items such as the brand", () => {
    const html = `<body><div itemscope itemtype="https://schema.org/Product">
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Acme</span></div>
      <h1 itemprop="name">Leather <b>Chelsea</b> Boots</h1>
      <img itemprop="image" src="/boots.jpg">
      <p itemprop="description">Goodyear welted.</p>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="GBP"><span itemprop="price" content="159.00">£159</span></div>
    </div><span itemprop="name">Outside the product</span></body>`;
    expect(extractProduct(html, PAGE)).toEqual({
      name: "Leather Chelsea Boots",
      price: "159.00",
      currency: "GBP",
      image: "https://supplier.example/boots.jpg",
      description: "Goodyear welted.",
      pageCategory: null,
      source: "microdata",
    });
  });

  it("reads character references and survives broken markup", () => {
    const html = `<meta property="og:title" content="Tom &amp; Jerry&#39;s &pound;5 Tie"><meta property=og:description content=Unquoted><div class="x><p>`;
    expect(extractProduct(html, PAGE)).toMatchObject({ name: "Tom & Jerry's £5 Tie", description: "Unquoted", source: "open-graph" });
    expect(() => extractProduct("<script>var a = 1;", PAGE)).not.toThrow();
  });

  it("finds nothing on a page without product data, and refuses non-http image addresses", () => {
    expect(extractProduct(`<html><head><title>About us</title></head><body><h1>About</h1></body></html>`, PAGE)).toMatchObject({ name: null, price: null, source: null });
    expect(extractProduct(`<meta property="og:title" content="X"><meta property="og:image" content="javascript:alert(1)">`, PAGE).image).toBeNull();
  });

  it("stops walking a deeply nested or huge JSON-LD block instead of hanging", () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    expect(extractProduct(`<script type="application/ld+json">${deep}</script>`, PAGE).source).toBeNull();
  });
});
