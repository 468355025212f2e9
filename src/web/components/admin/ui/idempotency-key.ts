/**
 * A key for a request that moves money, made once per question the owner answers: sent again (a
 * double click, a retry after a lost answer) it is the same request, which the server answers once.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
