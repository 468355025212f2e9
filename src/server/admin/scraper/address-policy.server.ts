// Which network addresses the product scraper may connect to (SSRF protection, decision 031).
// Only public unicast addresses: a scraped URL is typed by an admin or handed to us by a remote
// page's redirects and image tags, so it must never reach the shop's own machine, its private
// network, a cloud metadata service or anything that is not an ordinary site on the internet.
// Two independent opinions must both say "public": ipaddr.js's classification (its range() is
// "unicast" only outside every special-purpose block it knows) and our own list of the IANA
// special-purpose registries (RFC 6890 and later updates) checked with node:net's BlockList. Either
// library parses the address; no IP arithmetic is written here.
import ipaddr from "ipaddr.js";
import { BlockList, isIP } from "node:net";

const BLOCKED_IPV4: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (shared address space)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, including the cloud metadata service 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // AS112 direct delegation
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including the broadcast address 255.255.255.255
];

/** IPv6 outside 2000::/3 (global unicast) is refused outright; these are the holes inside it. */
const BLOCKED_IPV6_IN_GLOBAL: readonly [string, number][] = [
  ["2001::", 23], // IETF protocol assignments: Teredo (embeds an IPv4 address), benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address, which may be a private one
  ["3fff::", 20], // documentation (RFC 9637)
];

const blockedV4 = new BlockList();
for (const [network, prefix] of BLOCKED_IPV4) blockedV4.addSubnet(network, prefix, "ipv4");

const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");

const blockedV6 = new BlockList();
for (const [network, prefix] of BLOCKED_IPV6_IN_GLOBAL) blockedV6.addSubnet(network, prefix, "ipv6");

/**
 * True only for an address an ordinary public site can have. IPv4-mapped (::ffff:127.0.0.1),
 * IPv4-compatible, NAT64, loopback (::1), unspecified (::), unique-local (fc00::/7), link-local
 * (fe80::/10), site-local and multicast (ff00::/8) IPv6 addresses all lie outside 2000::/3.
 * Anything that is not an IP address at all is false.
 */
export function isPublicUnicastAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // Only the standard dotted and IPv6 forms: ipaddr.js also reads "0x7f000001" and "127.1", which
  // the URL parser has already turned into dotted form by the time an address gets here.
  const family = isIP(bare);
  if (family === 0) return false;
  // A zone index ("fe80::1%eth0") only ever belongs to link-local addresses.
  if (bare.includes("%")) return false;
  // parse, not process: an IPv4-mapped address stays IPv6 and is refused as "ipv4Mapped".
  if (ipaddr.parse(bare).range() !== "unicast") return false;
  if (family === 4) return !blockedV4.check(bare, "ipv4");
  return globalUnicastV6.check(bare, "ipv6") && !blockedV6.check(bare, "ipv6");
}
