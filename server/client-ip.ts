import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The visitor's IP. Behind `trustProxy` proxies, the address that many hops back in X-Forwarded-For;
 * otherwise the socket's address, since a visitor can write any X-Forwarded-For they like.
 */
export function clientIp(c: Context, trustProxy: number): string {
  const socketIp = getConnInfo(c).remote.address ?? "unknown";
  if (trustProxy <= 0) return socketIp;
  const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return forwarded[forwarded.length - trustProxy] ?? forwarded[0] ?? socketIp;
}
