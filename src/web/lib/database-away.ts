// The answer to a form sent from any page while the database is away for a moment (a restart, a
// failover): the page itself with status 503, not the shop's error screen, so what was typed stays
// and the page says the shop could not do it and to try again in a moment (decision 012). The host
// gives every page's action this answer (src/host/outages.ts); the pages read it with these.
import { apiErrors } from "../../domain/messages/cart.ts";

export type DatabaseAwayAnswer = {
  ok: false;
  databaseAway: true;
  /** The form's `intent`: a page with several forms shows the answer by the one that was sent. */
  intent: string | null;
  message: string;
  /**
   * What was typed, for a page drawn again by the server (a form sent before JavaScript runs).
   * With JavaScript the page stays in the browser and its fields keep what was typed anyway.
   */
  values: Record<string, string>;
};

export function isDatabaseAwayAnswer(answer: unknown): answer is DatabaseAwayAnswer {
  return typeof answer === "object" && answer !== null && (answer as { databaseAway?: unknown }).databaseAway === true;
}

/** Such an answer to the form of this intent (a sign-in's code step): that step stays on screen. */
export function isDatabaseAwayAnswerTo(answer: unknown, intent: string): answer is DatabaseAwayAnswer {
  return isDatabaseAwayAnswer(answer) && answer.intent === intent;
}

/**
 * Fields never sent back to the browser: passwords (any field so named), a sign-in's one-time
 * code, a reset link's token and a card's number and CVC. The browser's own copy may stay.
 */
const NEVER_SENT_BACK = new Set(["code", "token", "cardNumber", "cvc"]);
const isSecret = (name: string) => /password/i.test(name) || NEVER_SENT_BACK.has(name);

export function databaseAwayAnswer(form: FormData | null): DatabaseAwayAnswer {
  const values: Record<string, string> = {};
  for (const [name, value] of form ?? []) {
    if (typeof value === "string" && !isSecret(name) && !(name in values)) values[name] = value;
  }
  const intent = form?.get("intent");
  return { ok: false, databaseAway: true, intent: typeof intent === "string" ? intent : null, message: apiErrors.unavailable, values };
}
