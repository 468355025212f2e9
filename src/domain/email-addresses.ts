// E-mail addresses whose domain is written in another script ("kofi@bücher.de", "ama@例え.jp").
// The shop keeps every address with its domain in the ASCII form DNS uses (IDNA punycode,
// "kofi@xn--bcher-kva.de"): Chromium's e-mail field already sends that form, any mail server
// accepts it (SMTPUTF8 support is not universal), and one stored form means an order typed in
// one script is found, grouped and mailed like an order typed in the other. The local part is
// left to the ordinary address rule, which wants ASCII there.

// Characters that end a host in a URL: a domain holding one is not a domain, and the URL
// parser below would silently keep only what comes before it.
const NOT_IN_A_DOMAIN = /[\s/?#@:\\%[\]<>^|"]/;
const BEYOND_PRINTABLE_ASCII = /[^ -~]/;

/**
 * The address with a non-ASCII domain converted to its ASCII (punycode) form, lower-cased as
 * DNS names are compared; any other text comes back as it was, for the address rule to judge.
 * The WHATWG URL parser does the IDNA conversion in the browser and in Node alike.
 */
export function withAsciiDomain(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  const domain = email.slice(at + 1);
  if (!BEYOND_PRINTABLE_ASCII.test(domain) || NOT_IN_A_DOMAIN.test(domain)) return email;
  let hostname: string;
  try {
    hostname = new URL(`http://${domain}`).hostname;
  } catch {
    return email;
  }
  return `${email.slice(0, at + 1)}${hostname}`;
}

/**
 * An address as the shop keys a person (accounts, orders, Customers, admins): trimmed, lower case,
 * and a domain in another script in the ASCII form the shop stores ("kofi@bücher.de" is
 * "kofi@xn--bcher-kva.de"), so the address as a card shows it, or as the person wrote it, finds them.
 */
export function emailKey(email: string): string {
  return withAsciiDomain(email.trim()).toLowerCase();
}
