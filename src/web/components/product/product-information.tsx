import type { ProductDetail } from "../../../server/catalog/catalog.server.ts";
import { productPageCopy } from "../../../domain/messages/catalog.ts";

const SPECIFICATION_ROWS = [
  ["material", productPageCopy.material],
  ["pattern", productPageCopy.pattern],
  ["occasion", productPageCopy.occasion],
  ["care", productPageCopy.care],
] as const;

type Props = Pick<ProductDetail, "description" | "specifications">;

/** Description and specifications (material, pattern, occasion, care) below the purchase area. */
export function ProductInformation({ description, specifications }: Props) {
  const rows = SPECIFICATION_ROWS.flatMap(([key, label]) => {
    const value = specifications?.[key]?.trim();
    return value ? [{ key, label, value }] : [];
  });
  if (description.trim() === "" && rows.length === 0) return null;
  return (
    <div className="grid gap-8 border-t border-brand-100 pt-8 md:grid-cols-2 md:gap-12">
      {description.trim() !== "" ? (
        <section aria-labelledby="product-description">
          <h2 id="product-description" className="font-serif text-xl font-semibold">
            {productPageCopy.description}
          </h2>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-brand-900/80">{description}</p>
        </section>
      ) : null}
      {rows.length > 0 ? (
        <section aria-labelledby="product-specifications">
          <h2 id="product-specifications" className="font-serif text-xl font-semibold">
            {productPageCopy.specifications}
          </h2>
          {/* Side by side from 22.5rem: at a large browser text size a phone shows each value under its label. */}
          <dl className="mt-3 divide-y divide-brand-100 text-sm">
            {rows.map((row) => (
              <div key={row.key} className="grid gap-x-3 gap-y-1 py-2.5 min-[22.5rem]:grid-cols-[8rem_1fr]">
                <dt className="font-medium">{row.label}</dt>
                <dd className="text-brand-900/80">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
