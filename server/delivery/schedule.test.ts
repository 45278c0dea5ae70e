// @vitest-environment node
import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, retryDelayMs } from "./schedule";

const base = 10_000;
const total = (random: () => number) => {
  let sum = 0;
  for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) sum += retryDelayMs(attempt, base, random) ?? 0;
  return sum;
};

describe("retry schedule", () => {
  it("retries the first failure within 10 s, then backs off exponentially", () => {
    expect(retryDelayMs(1, base, () => 0)).toBe(10_000);
    expect(retryDelayMs(1, base, () => 0.999)).toBeLessThanOrEqual(10_000);
    expect(retryDelayMs(2, base, () => 0)).toBe(20_000);
    expect(retryDelayMs(5, base, () => 0)).toBe(160_000);
    expect(retryDelayMs(14, base, () => 0)).toBe(3 * 3600_000);
  });

  it("makes 15 attempts over at least 12 hours, then gives up", () => {
    expect(retryDelayMs(MAX_ATTEMPTS - 1, base)).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS, base)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(15);
    expect(total(() => 0.999)).toBeGreaterThanOrEqual(12 * 3600_000);
    expect(total(() => 0)).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("waits longer when the receiver asks (Retry-After), never shorter, and never beyond the longest wait", () => {
    expect(retryDelayMs(1, base, () => 0, 60_000)).toBe(60_000);
    expect(retryDelayMs(1, base, () => 0, 1_000)).toBe(10_000);
    expect(retryDelayMs(1, base, () => 0, 30 * 24 * 3600_000)).toBe(3 * 3600_000);
    expect(retryDelayMs(MAX_ATTEMPTS, base, () => 0, 60_000)).toBeNull();
  });
});
