import { describe, expect, it } from "vitest";
import { addressForLimits } from "./rate-limit.server.ts";

describe("the address a limit counts", () => {
  it("counts an IPv6 client by its /64 network, however its address is written", () => {
    expect(addressForLimits("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressForLimits("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressForLimits("2001:0DB8:0001:0002:0000:0000:0000:0009")).toBe("2001:db8:1:2::/64");
    // Another /64 is another client.
    expect(addressForLimits("2001:db8:1:3::1")).not.toBe(addressForLimits("2001:db8:1:2::1"));
  });

  it("counts an IPv4 client by its address, also when written IPv4-mapped", () => {
    expect(addressForLimits("192.0.2.7")).toBe("192.0.2.7");
    expect(addressForLimits("::ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("leaves other subjects as they are", () => {
    expect(addressForLimits("ama@example.com")).toBe("ama@example.com");
    expect(addressForLimits("unknown")).toBe("unknown");
  });
});
