// A row of links that each show one view of a list (a product category, a set of orders), the
// current one marked for sight and for screen readers (aria-current). On a phone the row scrolls
// sideways rather than wrapping into a block above the list.
import { Link } from "react-router";

export type ViewLink = { key: string; to: string; text: string; current: boolean };

export function ViewLinks({ label, links }: { label: string; links: ViewLink[] }) {
  return (
    <nav aria-label={label} className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
      {links.map((link) => (
        <Link
          key={link.key}
          to={link.to}
          aria-current={link.current ? "page" : undefined}
          className={`shrink-0 whitespace-nowrap rounded-full border px-3 py-1 text-sm font-medium ${
            link.current ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50"
          }`}
        >
          {link.text}
        </Link>
      ))}
    </nav>
  );
}
