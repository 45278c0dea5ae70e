import { isIP } from "node:net";
import type { Context } from "hono";
import proxyaddr from "proxy-addr";
import { z } from "zod";

/*
 * Who is the visitor? The socket peer, unless that peer is a proxy we trust, in which case X-Forwarded-For
 * is walked back from the peer (proxy-addr, as Express's `trust proxy`) until the first address we do not
 * trust. Anything that is not a valid IP address is never returned: it would become a rate-limit key, a
 * stored `ip` and Google's `remoteip`, and a visitor controls every byte of X-Forwarded-For.
 */

export type TrustProxy = {
  /** proxy-addr trust function: is the address `hop` steps away from us a proxy we trust? */
  trust: (address: string, hop: number) => boolean;
  /** True when some proxy may be trusted (hop count >= 1 or a non-empty list). */
  enabled: boolean;
  /** The setting as written, for logs. */
  description: string;
};

/**
 * Parses TRUST_PROXY: `0` (default: trust no one), a hop count `1`..`10` (the peer and the next n-1 hops are
 * proxies, whatever their address), or a comma-separated list of addresses, CIDR ranges and proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal` (only peers on the list are believed).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text === "false") return { trust: () => false, enabled: false, description: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error("a hop count must be between 0 and 10");
    return { trust: (_address, hop) => hop < hops, enabled: true, description: `${hops} hop(s)` };
  }
  // Express's `true` trusts every peer, which is exactly the hole this setting exists to close.
  if (text === "true") throw new Error("`true` would trust any peer: give the proxies' addresses (e.g. loopback, 10.0.0.0/8) or a hop count");
  const list = text.split(",").map((item) => item.trim()).filter(Boolean);
  let compiled: (address: string, hop: number) => boolean;
  try {
    compiled = proxyaddr.compile(list);
  } catch (error) {
    throw new Error(`not a list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (${(error as Error).message})`, { cause: error });
  }
  return { trust: compiled, enabled: true, description: list.join(", ") };
}

/** The zod field for TRUST_PROXY in the server's environment schema. */
export const trustProxyEnv = z
  .string()
  .optional()
  .transform((value, ctx) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is 192.0.2.1. Undefined for anything not an IP. */
export function normalizeIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  const address = mapped?.[1] ?? value;
  return isIP(address) ? address.toLowerCase() : undefined;
}

/** Expands an IPv6 address (already known valid) to its 8 hextets. */
function hextets(address: string): number[] {
  let text = address.split("%")[0] ?? address;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((part) => parseInt(part, 16));
}

/**
 * The rate-limit key of a client address: an IPv4 address as it is, an IPv6 address as its /64 network,
 * since one subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 */
export function rateLimitKey(ip: string, prefixLength: 48 | 64 = 64): string {
  if (isIP(ip) !== 6) return ip;
  const prefix = hextets(ip).slice(0, prefixLength / 16).map((part) => part.toString(16));
  return `${prefix.join(":")}::/${prefixLength}`;
}

type ForwardedRequest = Parameters<typeof proxyaddr.all>[0];

/** All addresses from the socket peer outwards, up to and including the first one we do not trust. */
export function addressChain(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string[] {
  if (!peer) return [];
  if (!trust.enabled) return [peer];
  const request = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor } };
  return proxyaddr.all(request as unknown as ForwardedRequest, trust.trust);
}

/**
 * The client's address, or undefined when there is no valid one. When the furthest trusted entry is junk
 * (a client wrote it and a hop count trusted it), the nearest valid address in the chain stands in: it is one
 * a proxy we trust vouched for, so a client cannot vary it at will.
 */
export function resolveClientIp(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string | undefined {
  const chain = addressChain(peer, forwardedFor, trust);
  for (let index = chain.length - 1; index >= 0; index--) {
    const ip = normalizeIp(chain[index]);
    if (ip) return ip;
  }
  return undefined;
}

export function socketAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** The visitor's IP for a Hono request served by @hono/node-server; undefined without a socket (app.request in tests). */
export function clientIp(c: Context, trust: TrustProxy): string | undefined {
  return resolveClientIp(socketAddress(c), c.req.header("x-forwarded-for"), trust);
}

/** Is the socket peer of this request a proxy we trust (so its X-Forwarded-* headers count)? */
export function fromTrustedProxy(c: Context, trust: TrustProxy): boolean {
  const peer = socketAddress(c);
  return peer !== undefined && trust.enabled && trust.trust(peer, 0);
}

/**
 * With no proxy trusted, a request carrying X-Forwarded-For usually means the server *is* behind a proxy and
 * every visitor shares the proxy's address, and so one rate-limit bucket and one address's 30 visitors a day in
 * the visit counts (address-limit.ts). Say so once, loudly.
 */
export function untrustedForwardedWarning(trust: TrustProxy, warn: (fields: Record<string, unknown>) => void) {
  let warned = false;
  return (c: Context) => {
    if (warned || !c.req.header("x-forwarded-for")) return;
    const peer = socketAddress(c);
    if (trust.enabled && peer !== undefined && trust.trust(peer, 0)) return;
    warned = true;
    warn({
      msg: "X-Forwarded-For ignored: the peer is not a trusted proxy",
      peer: normalizeIp(peer) ?? null,
      trustProxy: trust.description,
      hint: trust.enabled
        ? "add this proxy's address to TRUST_PROXY if it is yours: behind it every visitor shares its address, so visit counts stop at 30 visitors a day"
        : "behind a proxy every visitor shares its address and one rate-limit bucket, and visit counts stop at 30 visitors a day (30 per address): set TRUST_PROXY to the proxy's address (e.g. loopback or 10.0.0.0/8)",
    });
  };
}
