// The security page's test panel rules (admin.md section 2 "Security page", section 9
// "Diagnostics thresholds"): what counts as a secret left in browser storage, and how each
// measurement is rated. Pure, so the browser and the tests use the same rules.

/** admin.md section 9: LCP above 2500 ms is poor, CLS above 0.1 is poor, DOM above 1500 elements is large. */
export const DIAGNOSTIC_THRESHOLDS = { lcpPoorAboveMs: 2500, clsPoorAbove: 0.1, domLargeAbove: 1500 } as const;

export type Rating = "good" | "needs-improvement" | "poor";

export function rateLcp(ms: number): Rating {
  return ms > DIAGNOSTIC_THRESHOLDS.lcpPoorAboveMs ? "poor" : "good";
}

export function rateCls(value: number): Rating {
  return value > DIAGNOSTIC_THRESHOLDS.clsPoorAbove ? "poor" : "good";
}

export function isDomLarge(elements: number): boolean {
  return elements > DIAGNOSTIC_THRESHOLDS.domLargeAbove;
}

const SECRET_NAME = /(secret|token|passw(or)?d|passwd|api[-_]?key|private[-_]?key|credential|bearer|jwt|auth|session)/i;
const SECRET_VALUE = [
  /\b(sk|rk)_(live|test)_[A-Za-z0-9]{8,}/, // Stripe secret and restricted keys
  /\bwhsec_[A-Za-z0-9]{8,}/, // Stripe webhook signing secrets
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, // a JSON Web Token
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\b(ghp|gho|github_pat|xox[abp])_[A-Za-z0-9_]{10,}/, // GitHub and Slack tokens
];

/** The storage entries (named "localStorage: key") that look like a secret by name or by value. */
export function secretLookingEntries(entries: { store: string; key: string; value: string }[]): string[] {
  return entries
    .filter(({ key, value }) => SECRET_NAME.test(key) || SECRET_VALUE.some((pattern) => pattern.test(value)))
    .map(({ store, key }) => `${store}: ${key}`);
}

/** Loaded over HTTPS, or from this computer (where TLS is not expected). */
export function connectionStatus(protocol: string, hostname: string): "https" | "local" | "insecure" {
  if (protocol === "https:") return "https";
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost") ? "local" : "insecure";
}
