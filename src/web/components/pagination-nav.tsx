import { ChevronLeft } from "./icons/chevron-left.tsx";
import { ChevronRight } from "./icons/chevron-right.tsx";
import { Link } from "react-router";
import { categoryPage } from "../../domain/messages/catalog.ts";
import { pageWindow } from "../../domain/pagination.ts";

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string };

/** Previous / numbered window / Next (storefront.md section 2 "Category page"). */
export function PaginationNav({ page, pageCount, hrefFor }: Props) {
  if (pageCount <= 1) return null;
  const item = "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm";
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${item} border-brand-100 hover:border-brand-900`} rel="prev">
          <ChevronLeft aria-hidden className="h-4 w-4" /> {categoryPage.previous}
        </Link>
      ) : (
        <span className={`${item} cursor-not-allowed border-brand-100 text-brand-900/40`} aria-disabled="true">
          <ChevronLeft aria-hidden className="h-4 w-4" /> {categoryPage.previous}
        </span>
      )}
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === "ellipsis" ? (
          <span key={`gap-${index}`} className="px-1 text-brand-900/50" aria-hidden>
            …
          </span>
        ) : entry === page ? (
          <span key={entry} aria-current="page" className={`${item} border-brand-900 bg-brand-900 font-semibold text-white`}>
            {entry}
          </span>
        ) : (
          <Link key={entry} to={hrefFor(entry)} aria-label={`Page ${entry}`} className={`${item} border-brand-100 hover:border-brand-900`}>
            {entry}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${item} border-brand-100 hover:border-brand-900`} rel="next">
          {categoryPage.next} <ChevronRight aria-hidden className="h-4 w-4" />
        </Link>
      ) : (
        <span className={`${item} cursor-not-allowed border-brand-100 text-brand-900/40`} aria-disabled="true">
          {categoryPage.next} <ChevronRight aria-hidden className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}
