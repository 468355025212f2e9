import { describe, expect, it } from "vitest";
import { isPublicUnicastAddress } from "./address-policy.server.ts";

describe("isPublicUnicastAddress (decision 031)", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255", // just below carrier-grade NAT
    "100.128.0.0", // just above it
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "198.17.255.255",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4009:81e::200e",
    "[2606:4700:4700::1111]",
  ])("lets the public address %s through", (address) => {
    expect(isPublicUnicastAddress(address)).toBe(true);
  });

  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.10", "documentation"],
    ["192.88.99.1", "6to4 relay"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified IPv6"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "bracketed IPv6 loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:8.8.8.8", "IPv4-mapped, even of a public address"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["64:ff9b::a00:1", "NAT64"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "Teredo"],
    ["2001:2::1", "benchmarking"],
    ["2002:7f00:1::1", "6to4 of 127.0.0.1"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["fd00:ec2::254", "AWS metadata over IPv6 (unique-local)"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicUnicastAddress(address)).toBe(false);
  });

  it.each(["localhost", "example.com", "", "2130706433", "0x7f000001", "0177.0.0.1", "127.1", "1.2.3.4.5"])(
    "refuses %j, which is not an address in dotted or IPv6 form",
    (value) => {
      expect(isPublicUnicastAddress(value)).toBe(false);
    },
  );
});
