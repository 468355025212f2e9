// How the shop names a person it stores (an order's customer, a delivery address's recipient).
// Apart from orders.ts, whose lookup schema would come along into the admin order screens. Pure.

/** A person as an order stores them: the spec also allows `first_name` / `last_name` (admin.md section 3). */
export type PersonNameParts = { firstName?: unknown; lastName?: unknown; first_name?: unknown; last_name?: unknown } | null | undefined;

/** "Ama Owusu": a customer's or a recipient's name, its parts trimmed, or "" when it has none. */
export function personName(person: PersonNameParts): string {
  const part = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return [part(person?.firstName) || part(person?.first_name), part(person?.lastName) || part(person?.last_name)].filter((name) => name !== "").join(" ");
}
