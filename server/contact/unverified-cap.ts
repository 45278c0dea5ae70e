import type { Context } from "hono";
import { createRateLimiter, type RateLimiter } from "./rate-limit";

/*
 * While siteverify is down or refuses our secret, leads are kept unverified rather than lost. That must not
 * turn into an open door for spam: at most `limit` unverified leads an hour, all visitors together (a bot
 * farm has many addresses); beyond that the API answers 503 with Retry-After, as for any outage.
 */
export const UNVERIFIED_WINDOW_MS = 3_600_000;

export function createUnverifiedCap(limit: number, limiter: RateLimiter = createRateLimiter({ limit, windowMs: UNVERIFIED_WINDOW_MS, name: "contact-unverified" })) {
  return async (c: Context): Promise<Response | undefined> => {
    const slot = await limiter.reserve("all");
    if (slot.ok) return undefined;
    c.header("Retry-After", String(slot.retryAfterSeconds));
    return c.json({ ok: false, error: "We cannot accept messages right now. Please try again later or e-mail us.", field: null }, 503);
  };
}
