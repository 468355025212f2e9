import type { ProductDetail } from "../../../server/catalog/catalog.server.ts";
import { useNonce } from "../nonce.tsx";
import { productJsonLd, serializeJsonLd } from "./product-structured-data.ts";

type Props = { product: Pick<ProductDetail, "id" | "name" | "description" | "category" | "images" | "price" | "inStock">; origin: string };

/**
 * schema.org Product data in the page. `application/ld+json` is data, never executed, so the
 * Content-Security-Policy does not apply to it; it carries the nonce anyway so every inline
 * script of the document has one. The browser hides nonce values, hence no hydration check.
 */
export function ProductJsonLd({ product, origin }: Props) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, origin)) }}
    />
  );
}
