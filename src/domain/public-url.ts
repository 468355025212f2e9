// Whether the shop's configured address (PUBLIC_URL) is one shoppers can open from an e-mail: the
// start-up line and the dashboard's setup list both ask it. Search engines and link previews get
// it too: canonical addresses, the sitemap, share pictures and schema.org data are built on it.

const LOCAL_HOSTS = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$|\.(local|localhost|test|invalid)$/i;

/** Whether shoppers can follow a link to `url` from an e-mail: https, on a host that is not this machine's. */
export function isPublicHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && !LOCAL_HOSTS.test(parsed.hostname);
  } catch {
    return false;
  }
}

/** The production start-up line for a PUBLIC_URL that is not a public https address. */
export function publicUrlWarning(url: string): string {
  return (
    `PUBLIC_URL: ${url} is not a public https address, so links in e-mails will not open for shoppers, and search engines ` +
    `and shared links get that address (canonical URLs, the sitemap, share pictures, structured data). Set PUBLIC_URL to the shop's address.`
  );
}
