// Server-rendered states of the product page pieces that the seeded shop cannot show in a
// browser journey: a product without images, and a product out of stock.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { productDetail } from "../../../domain/messages/catalog.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { PurchasePanel, useProductSelection, type PurchasableProduct } from "./purchase-panel.tsx";

const noop = () => {};

function gallery(images: string[], onSale = false): string {
  return renderToString(
    createElement(ProductGallery, {
      name: "Navy Suit",
      images,
      onSale,
      index: 0,
      onIndexChange: noop,
      colourVariants: [],
      selectedColour: null,
      onSelectColour: noop,
    }),
  );
}

function panel(product: PurchasableProduct): string {
  function Harness() {
    const state = useProductSelection(product);
    return createElement(PurchasePanel, { product, state, onAddToCart: noop, onBuyNow: noop });
  }
  return renderToString(createElement(Harness));
}

const buttons = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*<\/button>/g) ?? [];
const buttonNamed = (html: string, text: string) => buttons(html).find((b) => b.replace(/<[^>]+>/g, "") === text);

describe("product gallery", () => {
  it("says 'No images available' for a product without images, with no counter or controls", () => {
    const html = gallery([]);
    expect(html).toContain(productDetail.noImages);
    expect(html).not.toContain("image-counter");
    expect(buttons(html)).toHaveLength(0);
  });

  it("shows the counter, thumbnails and the Sale badge only when on sale", () => {
    const html = gallery(["/a-1.svg", "/a-2.svg", "/a-3.svg"], true);
    expect(html).toContain(productDetail.imageCounter(1, 3));
    expect(html).toContain(`>${productDetail.saleBadge}<`);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(gallery(["/a-1.svg", "/a-2.svg"], false)).not.toContain(`>${productDetail.saleBadge}<`);
  });
});

describe("purchase panel", () => {
  it("paints each colour's swatch with the paint the server sent", () => {
    const html = panel(base);
    expect(html).toContain("background:#1F2A44");
    expect(html).toContain("background:#6B7280");
  });

  const base: PurchasableProduct = { id: "p1", name: "Navy Suit", sizes: ["38R", "40R"], colors: ["Navy", "Grey"], swatches: ["#1F2A44", "#6B7280"], inStock: true, stock: 12 };

  it("disables both buttons and says 'Out of Stock' when the product is out of stock", () => {
    const html = panel({ ...base, inStock: false, stock: 0 });
    expect(html).toContain(productDetail.outOfStock);
    expect(html).not.toContain(productDetail.inStock);
    const addButton = buttonNamed(html, productDetail.outOfStock);
    const buyButton = buttonNamed(html, productDetail.buyNow);
    expect(addButton).toMatch(/ disabled=""/);
    expect(buyButton).toMatch(/ disabled=""/);
    // Nothing to choose for a product that cannot be bought.
    expect(html).not.toContain(productDetail.selectionRequiredTitle);
  });

  it("keeps the buttons aria-disabled, with the Selection Required box, while choices are missing", () => {
    const html = panel(base);
    expect(html).toContain(productDetail.inStock);
    expect(html).toContain(productDetail.selectionRequiredTitle);
    expect(html).toContain(productDetail.selectionRequired);
    expect(html).toContain("Please select size and color to continue");
    expect(buttonNamed(html, productDetail.addToCart)).toMatch(/aria-disabled="true"/);
    expect(buttonNamed(html, productDetail.buyNow)).toMatch(/aria-disabled="true"/);
  });

  it("enables the buttons when nothing needs choosing", () => {
    const html = panel({ ...base, sizes: [], colors: ["Silver"] });
    expect(html).not.toContain(productDetail.selectionRequiredTitle);
    expect(buttonNamed(html, productDetail.addToCart)).not.toMatch(/aria-disabled/);
    expect(buttonNamed(html, productDetail.buyNow)).not.toMatch(/aria-disabled/);
    // The only colour is chosen for the shopper.
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*>.*Silver/);
  });
});
