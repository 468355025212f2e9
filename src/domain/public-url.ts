// Whether the shop's configured address (PUBLIC_URL) is one shoppers can open from an e-mail: the
// start-up line and the dashboard's setup list both ask it.

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
