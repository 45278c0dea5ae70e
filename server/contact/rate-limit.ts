import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/*
 * Per-key limit on *accepted* submissions: a visitor who fixes a typo after a 400 is not punished. A slot is
 * reserved before the work starts, so parallel requests cannot all slip under the limit, and given back
 * (refunded) when the submission is not accepted.
 *
 * Built on rate-limiter-flexible: its in-memory store forgets each key when its window ends, so memory stays
 * bounded by the keys seen within one window, and any of its shared stores (RateLimiterPostgres, Redis, …)
 * can be passed as `store` when several instances must share one count. The interface is async for them.
 */

export type Reservation =
  | { ok: true; release: () => Promise<void> }
  | { ok: false; retryAfterSeconds: number };

export type RateLimiter = {
  reserve(key: string): Promise<Reservation>;
};

export type RateLimiterOptions = {
  /** Slots per key and window. */
  limit: number;
  windowMs?: number;
  /** Name of this limiter (a key prefix in shared stores). */
  name?: string;
  /** Another rate-limiter-flexible store, already configured with the same points and duration. */
  store?: RateLimiterAbstract;
};

export function createRateLimiter({ limit, windowMs = 60_000, name = "contact", store }: RateLimiterOptions): RateLimiter {
  const limiter = store ?? new RateLimiterMemory({ keyPrefix: name, points: limit, duration: Math.max(1, Math.ceil(windowMs / 1000)) });
  return {
    async reserve(key) {
      try {
        await limiter.consume(key, 1);
      } catch (error) {
        // rate-limiter-flexible rejects with a RateLimiterRes when the key is out of points, with an Error when the store fails.
        if (!(error instanceof RateLimiterRes)) throw error;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      let released = false;
      return {
        ok: true,
        release: async () => {
          if (released) return;
          released = true;
          await limiter.reward(key, 1);
        },
      };
    },
  };
}
