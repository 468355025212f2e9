import { ChevronRight } from "../icons/chevron-right.tsx";
import { productPageCopy } from "../../../domain/messages/catalog.ts";
import { Link } from "react-router";
import { categoryLabel, categoryPath, findCategory } from "../../../domain/categories.ts";
import { navigation } from "../../../domain/messages/layout.ts";

/** Home / category / product name (storefront.md section 2). */
export function ProductBreadcrumb({ category, name }: { category: string; name: string }) {
  const known = findCategory(category);
  const separator = <ChevronRight aria-hidden className="h-3.5 w-3.5 shrink-0 text-brand-900/40" />;
  return (
    <nav aria-label={productPageCopy.breadcrumb} className="text-sm">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-brand-900/70">
        <li>
          <Link to="/" className="tap-target hover:text-brand-900 hover:underline">
            {navigation.home}
          </Link>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          {known ? (
            <Link to={categoryPath(known.value)} className="tap-target hover:text-brand-900 hover:underline">
              {known.label}
            </Link>
          ) : (
            <span>{categoryLabel(category)}</span>
          )}
        </li>
        <li className="flex min-w-0 items-center gap-1.5">
          {separator}
          <span aria-current="page" className="truncate font-medium text-brand-900">
            {name}
          </span>
        </li>
      </ol>
    </nav>
  );
}
