// The order pages' revalidation rule: a refused refund or status change may mean the order changed
// meanwhile (another refund came first, another admin shipped it), so the page is read again where
// React Router would skip it after a 4xx, and what it shows agrees with the server's refusal. Not
// after an answer that the database was away: reading the page again would fail too, and show the
// error screen in place of the order.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { isDatabaseAwayAnswer } from "../../../lib/database-away.ts";

export function revalidateAfterOrderRefusal({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const answer = actionResult as { ok?: boolean; intent?: string } | undefined;
  if ((answer?.intent === "refund" || answer?.intent === "status") && answer.ok === false && !isDatabaseAwayAnswer(answer)) return true;
  return defaultShouldRevalidate;
}
