import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

describe("createRateLimiter", () => {
  const clock = (start = 1_000_000) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it("allows `limit` accepted submissions per key and window, then says when to retry", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: time.now });
    expect(limiter.reserve("a").ok).toBe(true);
    time.advance(10_000);
    expect(limiter.reserve("a").ok).toBe(true);
    expect(limiter.reserve("a")).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect(limiter.reserve("b").ok).toBe(true);
    time.advance(50_000);
    expect(limiter.reserve("a").ok).toBe(true);
  });

  it("gives a released slot back, once", () => {
    const limiter = createRateLimiter({ limit: 1, now: clock().now });
    const first = limiter.reserve("a");
    if (!first.ok) throw new Error("expected a slot");
    expect(limiter.reserve("a").ok).toBe(false);
    first.release();
    first.release();
    const second = limiter.reserve("a");
    expect(second.ok).toBe(true);
    expect(limiter.reserve("a").ok).toBe(false);
  });

  it("forgets idle keys", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: time.now });
    for (let i = 0; i < 100; i++) limiter.reserve(`ip-${i}`);
    expect(limiter.size()).toBe(100);
    time.advance(2000);
    limiter.reserve("late");
    expect(limiter.size()).toBe(1);
  });
});
