// A service's "no" (docs/architecture.md "Services ... return plain data or a refusal"): the reason,
// which the routes answer with its HTTP status (REFUSAL_STATUS in src/web/lib/api.ts), and the
// message the person reads. A feature adds what its form needs (the field to mark) beside it.

export type RefusalReason =
  /** The request itself is wrong: a field missing or out of range (400). */
  | "invalid"
  /** No such record, or none this caller may see (404). */
  | "not_found"
  /** The caller's account is gone (erased while they were signed in): answered as signed out (401). */
  | "signed_out"
  /** More than the stock left: a cart line past it, an order reopened whose items went back (409). */
  | "stock_limit"
  /** Someone else changed the record since the page showed it (409). */
  | "changed"
  /** A tracking correction for an order that has not left yet (409). */
  | "not_shipped"
  /** A record by that name exists already (409). */
  | "duplicate"
  /** The record's state stands in the way (409). */
  | "conflict"
  /** The payment provider refused or could not be reached (502). */
  | "provider";

export type Refusal<Reason extends RefusalReason = RefusalReason> = { ok: false; reason: Reason; message: string };
