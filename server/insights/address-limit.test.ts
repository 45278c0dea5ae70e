import { describe, expect, it } from "vitest";
import { rateLimitKey } from "../http/client-ip";
import { createAddressLimit } from "./address-limit";

describe("address limit", () => {
  it("holds one address to perAddress visitor keys a day, a key already counted always admitted", () => {
    const limit = createAddressLimit({ perAddress: 2, maxAddresses: 10 });
    expect(limit.admit("a", "v1", "d1")).toBe(true);
    expect(limit.admit("a", "v2", "d1")).toBe(true);
    expect(limit.admit("a", "v3", "d1")).toBe(false);
    expect(limit.admit("a", "v1", "d1")).toBe(true);
    expect(limit.admit("a", "v3", "d2")).toBe(true);
  });

  it("once the table is full, still counts new addresses (without the per-address check), and held ones keep their limit", () => {
    const limit = createAddressLimit({ perAddress: 2, maxAddresses: 3 });
    for (const address of ["a", "b", "c"]) expect(limit.admit(address, "v", "d1")).toBe(true);
    // A real new visitor after someone filled the table is counted, not refused until midnight.
    expect(limit.admit("new", "v", "d1")).toBe(true);
    expect(limit.admit("other", "w", "d1")).toBe(true);
    expect(limit.admit("a", "v2", "d1")).toBe(true);
    expect(limit.admit("a", "v3", "d1")).toBe(false);
  });

  it("keys IPv6 by its /48 for this limit, so one /48's 65,536 /64s are one address; IPv4 by its address", () => {
    const limit = createAddressLimit({ perAddress: 30 });
    let admitted = 0;
    // A 6to4 client (2002:c000:0201::/48 is 192.0.2.1's) walking its /64s, a new user agent each time.
    for (let subnet = 0; subnet < 1000; subnet++) {
      if (limit.admit(rateLimitKey(`2002:c000:201:${subnet.toString(16)}::1`, 48), `v${subnet}`, "d1")) admitted++;
    }
    expect(admitted).toBe(30);
    expect(rateLimitKey("2002:c000:201:ff::1", 48)).toBe("2002:c000:201::/48");
    expect(rateLimitKey("192.0.2.1", 48)).toBe("192.0.2.1");
  });
});
