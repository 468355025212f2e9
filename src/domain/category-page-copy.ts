// The category page's heading and blurb (storefront.md section 2 "Heading and blurb per category").
// Apart from the category list, which the navigation on every page carries: the page's loader
// reads these on the server, so the browser never downloads them.
import { findCategory, type CategoryValue } from "./categories.ts";
import { categoryPage } from "./messages/catalog.ts";

export const CATEGORY_PAGE_COPY: Readonly<Record<CategoryValue, { heading: string; blurb: string }>> = {
  suits: {
    heading: "Men's Suits",
    blurb:
      "Sharp tailoring for every occasion, from boardroom two-pieces to wedding-ready three-pieces, cut to flatter and built to last.",
  },
  blazers: {
    heading: "Blazers",
    blurb:
      "Single- and double-breasted blazers that lift jeans or chinos and hold their own at a dinner or an evening do.",
  },
  shirts: {
    heading: "Shirts",
    blurb:
      "Crisp dress shirts and easy casual shirts in cotton and linen, in the colours and fits a good wardrobe is built on.",
  },
  shoes: {
    heading: "Shoes",
    blurb:
      "Oxfords, loafers, brogues and boots in leather and suede, made to finish an outfit properly and wear in beautifully.",
  },
  ties: {
    heading: "Ties",
    blurb:
      "Silk ties, bow ties and pocket squares in classic stripes, rich solids and bold prints, the detail that makes the look.",
  },
  kaftan: {
    heading: "Kaftans",
    blurb:
      "Flowing kaftans with fine embroidery and clean lines, comfortable enough for every day and smart enough for celebrations.",
  },
  "Traditional Wear": {
    heading: "Traditional Wear",
    blurb:
      "Agbadas, senators and printed sets that honour tradition, tailored for weddings, ceremonies and every proud occasion.",
  },
  denim: {
    heading: "Denim",
    blurb:
      "Denim shirts and jackets in washes from deep indigo to faded blue, rugged, versatile and better with every wear.",
  },
  "white-wear": {
    heading: "White Wear",
    blurb:
      "Clean, bright white outfits for church, celebrations and summer days, fresh, elegant and effortlessly sharp.",
  },
  accessories: {
    heading: "Accessories",
    blurb:
      "Watches, cufflinks, belts and finishing touches chosen to complete the look without saying too much.",
  },
};

/** storefront.md section 2: "Any other category gets the generic heading 'Products'." */
export function categoryHeading(value: string | null | undefined): string {
  const category = findCategory(value);
  return category ? CATEGORY_PAGE_COPY[category.value].heading : categoryPage.genericHeading;
}
