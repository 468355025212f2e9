// Fixed-window attempt counters kept in the database, so the limits hold across app processes
// and restarts. They share better-auth's rate_limit table under their own "shop:" keys.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { DbOrTx } from "../db/client.server.ts";
import { rateLimit } from "../db/schema.ts";

export type RateLimitRule = { name: string; max: number; windowMs: number };

/**
 * The part of a client's address a limit counts. An IPv6 client is given a whole /64 network (a
 * household, a server), so counting single IPv6 addresses would let one client spread its attempts
 * over billions of them: its /64 is counted instead. An IPv4 address (also written IPv4-mapped,
 * "::ffff:192.0.2.1") counts as itself; any other subject (an e-mail) is left as it is.
 */
export function addressForLimits(subject: string): string {
  if (!ipaddr.IPv6.isValid(subject)) return subject;
  const address = ipaddr.IPv6.parse(subject);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

const keyOf = (rule: RateLimitRule, subject: string) => `shop:${rule.name}:${addressForLimits(subject).toLowerCase()}`;

/**
 * Counts one attempt against `rule` for `subject` (an IP address, an e-mail) and says whether it
 * is allowed. One statement, so two concurrent attempts can never both take the last slot.
 */
export async function takeAttempt(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = keyOf(rule, subject);
  const windowStart = now - rule.windowMs;
  // last_request holds the start of the current window.
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest });
  const count = row?.count ?? 1;
  const startedAt = row?.windowStartedAt ?? now;
  return {
    allowed: count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((startedAt + rule.windowMs - now) / 1000)),
  };
}

/** Takes an attempt from every rule; refused when any of them is used up. */
export async function takeAttempts(
  db: DbOrTx,
  checks: { rule: RateLimitRule; subject: string }[],
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  let result = { allowed: true, retryAfterSeconds: 0 };
  for (const { rule, subject } of checks) {
    const taken = await takeAttempt(db, rule, subject, now);
    if (!taken.allowed) result = { allowed: false, retryAfterSeconds: Math.max(result.retryAfterSeconds, taken.retryAfterSeconds) };
  }
  return result;
}

/**
 * How many attempts `subject` has made in the current window of `rule`, without counting one:
 * for limits that count only failures, taken after the outcome is known.
 */
export async function readAttempts(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<{ count: number; retryAfterSeconds: number }> {
  const key = keyOf(rule, subject);
  const [row] = await db
    .select({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest })
    .from(rateLimit)
    .where(sql`${rateLimit.key} = ${key} and ${rateLimit.lastRequest} > ${now - rule.windowMs}`)
    .limit(1);
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStartedAt + rule.windowMs - now) / 1000)) };
}

/** Forgets the attempts `subject` made against `rule` (after it proved who it is). */
export async function clearAttempts(db: DbOrTx, rule: RateLimitRule, subject: string): Promise<void> {
  const key = keyOf(rule, subject);
  await db.delete(rateLimit).where(sql`${rateLimit.key} = ${key}`);
}

/**
 * Gives one attempt back (never below zero): for an attempt that turned out to be no threat,
 * such as a successful sign-in, so an address many people share (an office, a shop's own
 * staff) is limited by its failures, not by how often its people sign in.
 */
export async function returnAttempt(db: DbOrTx, rule: RateLimitRule, subject: string): Promise<void> {
  const key = keyOf(rule, subject);
  await db.update(rateLimit).set({ count: sql`greatest(${rateLimit.count} - 1, 0)` }).where(sql`${rateLimit.key} = ${key}`);
}
