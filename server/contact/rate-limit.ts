/*
 * Per-key sliding-window limit on *accepted* submissions: a visitor who fixes a typo after a 400 is not
 * punished. A slot is reserved before the work starts, so parallel requests cannot all slip under the
 * limit, and released again when the submission is not accepted.
 * In memory, so per process: enough for one Node process; several instances would need a shared store.
 */

export type Reservation =
  | { ok: true; release: () => void }
  | { ok: false; retryAfterSeconds: number };

export function createRateLimiter({ limit, windowMs = 60_000, now = Date.now }: { limit: number; windowMs?: number; now?: () => number }) {
  const hits = new Map<string, number[]>();
  let lastSweep = now();

  const live = (key: string, at: number) => {
    const list = (hits.get(key) ?? []).filter((time) => time > at - windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };

  // Forget idle keys now and then, so a flood of distinct addresses cannot grow the map forever.
  const sweep = (at: number) => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const key of [...hits.keys()]) live(key, at);
  };

  return {
    reserve(key: string): Reservation {
      const at = now();
      sweep(at);
      const list = live(key, at);
      if (list.length >= limit) {
        const oldest = list[0] ?? at;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      list.push(at);
      hits.set(key, list);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          const current = hits.get(key);
          const index = current?.indexOf(at) ?? -1;
          if (current && index >= 0) current.splice(index, 1);
        },
      };
    },
    size: () => hits.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
