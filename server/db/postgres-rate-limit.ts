import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { SharedRateLimiter } from "./store";

/*
 * Rate limits shared by every instance on one PostgreSQL database (rate-limiter-flexible's RateLimiterPostgres,
 * table `rate_limits`, created by postgres-migrations.ts): a visitor allowed 5 messages a minute gets 5 in
 * total, whichever instances answer. Fixed windows of `windowMs` per key.
 * Same contract as the in-memory limiter: a slot is reserved before the work starts and released when the
 * submission is not accepted.
 */


export function createPostgresRateLimiter(
  pool: pg.Pool,
  { name, limit, windowMs = 60_000 }: { name: string; limit: number; windowMs?: number },
): SharedRateLimiter {
  const duration = Math.max(1, Math.round(windowMs / 1000));
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix: name,
    points: limit,
    duration,
    // While the database is unreachable each instance limits on its own (the message cannot be stored
    // then anyway: the visitor gets a 503), instead of the limiter failing the request.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: limit, duration }),
  });

  return {
    async reserve(key) {
      try {
        const taken = await limiter.consume(key);
        const windowEnds = Date.now() + taken.msBeforeNext;
        let released = false;
        return {
          ok: true,
          async release() {
            // Giving a point back after the window has ended would credit the next window.
            if (released || Date.now() >= windowEnds) return;
            released = true;
            await limiter.reward(key).catch(() => {});
          },
        };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        // The library counts refused requests too; give the point back so that, as in memory, only slots
        // actually held count (and a released slot is free again even after refusals).
        if (refusal.msBeforeNext > 0) await limiter.reward(key).catch(() => {});
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}
