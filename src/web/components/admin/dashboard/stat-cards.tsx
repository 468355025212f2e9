// The dashboard's six figures, each with the one line that says what it counts. A card with a
// page behind it is a link as a whole (its label is the link, stretched over the card): on a phone
// the label alone was a 16 px high target.
import { Link } from "react-router";
import type { StatCard } from "../../../../domain/admin/dashboard.ts";

export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <dl data-figures className="grid grid-cols-1 gap-3 min-[22.5rem]:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <div key={card.key} data-stat={card.key} className={`relative flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${card.href ? "hover:border-gray-400 has-[a:focus-visible]:outline has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-gray-900" : ""}`}>
          <dt className="order-1 text-sm font-medium text-gray-700">
            {card.href ? (
              <Link to={card.href} className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none">
                {card.label}
              </Link>
            ) : (
              card.label
            )}
          </dt>
          <dd className="order-2 mt-1 text-2xl font-semibold tabular-nums tracking-tight text-gray-900">{card.value}</dd>
          <dd className="order-3 mt-1 text-xs leading-snug text-gray-600">{card.explanation}</dd>
        </div>
      ))}
    </dl>
  );
}
