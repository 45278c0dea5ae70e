/*
 * When a failed delivery is tried again. With the default 10 s base: 10 s, 20 s, 40 s … doubling up to 3 h
 * between tries, 15 attempts over about 14 hours (at least 13 with jitter), then the delivery is kept as failed.
 */
export const MAX_ATTEMPTS = 15;
/** The longest wait between two tries, as a multiple of the base (10 s → 3 h). */
const CAP = 1080;

/**
 * The wait after failed attempt number `attempt` (1-based), or null once the attempts are used up. A receiver's
 * Retry-After (`retryAfterMs`) makes it longer, never shorter, and never beyond the schedule's longest wait.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random, retryAfterMs?: number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const delay = Math.min(baseMs * 2 ** (attempt - 1), baseMs * CAP);
  // Up to 10% shorter, never longer: receivers that come back together are not hit at the same instant,
  // and the first retry stays within its base.
  const scheduled = Math.round(delay * (1 - random() * 0.1));
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return scheduled;
  return Math.max(scheduled, Math.min(Math.round(retryAfterMs), baseMs * CAP));
}
