// The most common passwords, refused for any new password (NIST SP 800-63B section 3.1.1.2:
// "passwords obtained from previous breach corpuses"; OWASP ASVS 5 V6.2). The list is the
// ~49,000 most frequent passwords of public breach corpuses that the zxcvbn-ts project ships and
// maintains (@zxcvbn-ts/language-common): bundled, so nothing is fetched at run time.
import { dictionary } from "@zxcvbn-ts/language-common";

const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));

/**
 * True for a password on the list, whatever its case ("Password" is as easy to guess as
 * "password"), and with the spaces around it ignored (" password " too).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.trim());
}
