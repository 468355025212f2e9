import { Link } from "react-router";
import { adminFulfilment } from "../../../../domain/messages/admin.ts";
import { adminButton } from "./admin-ui.tsx";

/** The address of one page of a list with a search box (Customers, Stripe): `?search=&page=`, each left out when it says nothing. */
export function searchPageHref(path: string, search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Previous / "Page n of m" / Next under an admin list whose view lives in the URL. */
export function AdminPager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={adminButton.secondary}>
          {adminFulfilment.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-gray-700">{adminFulfilment.pageOf(page, pageCount)}</p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={adminButton.secondary}>
          {adminFulfilment.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
