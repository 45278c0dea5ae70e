// @vitest-environment node
import { describe, expect, it } from "vitest";
import { normalizeIp, parseTrustProxy, rateLimitKey, resolveClientIp } from "./client-ip";

describe("parseTrustProxy", () => {
  it("trusts no one by default, so X-Forwarded-For is ignored", () => {
    const trust = parseTrustProxy(undefined);
    expect(trust.enabled).toBe(false);
    expect(resolveClientIp("203.0.113.7", "198.51.100.1", trust)).toBe("203.0.113.7");
  });

  it("keeps the hop-count form: 1 means the peer is the proxy and the last entry is the client", () => {
    const trust = parseTrustProxy("1");
    expect(resolveClientIp("10.0.0.2", "1.2.3.4, 198.51.100.9", trust)).toBe("198.51.100.9");
    expect(resolveClientIp("10.0.0.2", "1.2.3.4, 198.51.100.9", parseTrustProxy("2"))).toBe("1.2.3.4");
  });

  it("with a list, reads X-Forwarded-For only from a listed peer, and stops at the first untrusted hop", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::/32");
    // A visitor reaching the port directly cannot choose its address.
    expect(resolveClientIp("203.0.113.7", "198.51.100.1", trust)).toBe("203.0.113.7");
    expect(resolveClientIp("127.0.0.1", "198.51.100.1", trust)).toBe("198.51.100.1");
    expect(resolveClientIp("::ffff:10.1.2.3", "198.51.100.1", trust)).toBe("198.51.100.1");
    expect(resolveClientIp("2001:db8::5", "2a00:1450::1", trust)).toBe("2a00:1450::1");
    // A forged entry in front of the real client stays in front: the walk stops at the client.
    expect(resolveClientIp("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.9", trust)).toBe("198.51.100.9");
  });

  it("refuses settings that would trust anyone or are not addresses", () => {
    expect(() => parseTrustProxy("true")).toThrow(/any peer/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow();
    expect(() => parseTrustProxy("proxy.example.com")).toThrow();
    expect(() => parseTrustProxy("11")).toThrow();
  });
});

describe("resolveClientIp", () => {
  it("never returns text that is not an IP, falling back to the nearest valid address", () => {
    const trust = parseTrustProxy("2");
    expect(resolveClientIp("10.0.0.2", "<script>, 198.51.100.9", trust)).toBe("198.51.100.9");
    expect(resolveClientIp("10.0.0.2", "not-an-ip", parseTrustProxy("1"))).toBe("10.0.0.2");
    expect(resolveClientIp(undefined, "198.51.100.1", trust)).toBeUndefined();
  });

  it("writes IPv4-mapped IPv6 as IPv4", () => {
    expect(normalizeIp("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normalizeIp("1.2.3.4 ")).toBeUndefined();
  });
});

describe("rateLimitKey", () => {
  it("limits IPv6 clients per /64 and IPv4 clients per address", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7");
  });
});
