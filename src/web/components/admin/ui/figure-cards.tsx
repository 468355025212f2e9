// The four figures above an admin list (Customers, Stripe): each its label, its value and the line
// that says what it counts, so no number stands unexplained.
import type { ReactNode } from "react";

type FigureCard = { key: string; label: string; value: string; note: ReactNode };

export function FigureCards({ cards }: { cards: readonly FigureCard[] }) {
  return (
    <dl data-figures className="grid grid-cols-1 gap-3 min-[22.5rem]:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} data-card={card.key} className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="order-1 text-sm font-medium text-gray-700">{card.label}</dt>
          <dd className="order-2 mt-1 text-2xl font-semibold tabular-nums tracking-tight text-gray-900">{card.value}</dd>
          <dd className="order-3 mt-1 text-xs leading-snug text-gray-600">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}
