/*
 * Where the visitor was on each history entry of this tab, so that Back, Forward and a reload return there.
 * Kept in memory for Back and Forward inside the page, and in sessionStorage for what a new document needs
 * (a reload, Back from another site without the back-forward cache). Storage that throws (blocked site data,
 * a full quota) is skipped: Back and Forward inside the page still work from memory.
 * The page's inline script at the end of the body (afterContentScript in before-hydration.ts) reads and writes the same record with the same rules.
 */

/** The sessionStorage item: `{ [history entry key]: scrollY }`. */
export const POSITIONS_STORAGE_KEY = "scroll-positions";
/** Entries kept (the oldest written are dropped): a tab's history rarely has more, and the item stays small. */
export const MAX_POSITIONS = 50;

const inMemory = new Map<string, number>();

function stored(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(POSITIONS_STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function savePosition(key: string, y: number) {
  inMemory.set(key, y);
  try {
    const positions = stored();
    delete positions[key]; // re-inserted last: the newest
    positions[key] = Math.round(y);
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_POSITIONS))) delete positions[old];
    window.sessionStorage.setItem(POSITIONS_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Blocked or full: memory only.
  }
}

export function savedPosition(key: string): number | undefined {
  const y = inMemory.get(key) ?? stored()[key];
  return typeof y === "number" && Number.isFinite(y) ? y : undefined;
}

/**
 * The positions as the router's scroll hook wants them (a record it writes `[key] = scrollY` into when a
 * navigation starts, before the next page replaces the one being left), backed by the two stores above.
 */
export const positionsRecord: Record<string, number> = new Proxy({} as Record<string, number>, {
  get: (_target, key) => (typeof key === "string" ? savedPosition(key) : undefined),
  set: (_target, key, value) => {
    if (typeof key === "string" && typeof value === "number") savePosition(key, value);
    return true;
  },
});
