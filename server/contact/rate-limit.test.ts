// @vitest-environment node
import { RateLimiterMemory } from "rate-limiter-flexible";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "./rate-limit";

describe("createRateLimiter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("allows `limit` accepted submissions per key and window, then says when to retry", async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    expect((await limiter.reserve("a")).ok).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect((await limiter.reserve("a")).ok).toBe(true);
    expect(await limiter.reserve("a")).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect((await limiter.reserve("b")).ok).toBe(true);
    vi.advanceTimersByTime(50_000);
    expect((await limiter.reserve("a")).ok).toBe(true);
  });

  it("refunds a slot so the next submission fits, and a double release does not add a second one", async () => {
    const limiter = createRateLimiter({ limit: 2 });
    const first = await limiter.reserve("a");
    if (!first.ok) throw new Error("expected a slot");
    await first.release();
    await first.release();
    expect((await limiter.reserve("a")).ok).toBe(true);
    expect((await limiter.reserve("a")).ok).toBe(true);
    expect((await limiter.reserve("a")).ok).toBe(false);
  });

  it("keeps memory bounded: a flood of distinct keys is forgotten when its window ends", async () => {
    const store = new RateLimiterMemory({ points: 1, duration: 60 });
    const limiter = createRateLimiter({ limit: 1, store });
    for (let i = 0; i < 2_000; i++) await limiter.reserve(`198.51.${i >> 8}.${i & 255}`);
    // rate-limiter-flexible's in-memory store: one record per live key, each dropped by its own expiry timer.
    const size = () => (store as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
    expect(size()).toBe(2_000);
    vi.advanceTimersByTime(61_000);
    expect(size()).toBe(0);
  }, 20_000); // 2,000 reservations take seconds on a loaded machine; the assertions are about memory, not speed
});
