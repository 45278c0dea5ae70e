import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_POSITIONS, POSITIONS_STORAGE_KEY, positionsRecord, savedPosition, savePosition } from "./scroll-positions";

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe("scroll positions", () => {
  it("keeps a position per history entry, in memory and in sessionStorage", () => {
    savePosition("a1", 1234.6);
    expect(savedPosition("a1")).toBe(1234.6);
    expect(JSON.parse(window.sessionStorage.getItem(POSITIONS_STORAGE_KEY)!)).toEqual({ a1: 1235 });
  });

  it("reads what an earlier document of the tab stored (a reload, Back from another site)", () => {
    window.sessionStorage.setItem(POSITIONS_STORAGE_KEY, JSON.stringify({ old: 640 }));
    expect(savedPosition("old")).toBe(640);
    expect(savedPosition("never")).toBeUndefined();
  });

  it("keeps the newest entries only", () => {
    for (let i = 0; i < MAX_POSITIONS + 5; i += 1) savePosition(`k${i}`, i);
    const stored = JSON.parse(window.sessionStorage.getItem(POSITIONS_STORAGE_KEY)!) as Record<string, number>;
    expect(Object.keys(stored)).toHaveLength(MAX_POSITIONS);
    expect(stored.k0).toBeUndefined();
    expect(stored[`k${MAX_POSITIONS + 4}`]).toBe(MAX_POSITIONS + 4);
  });

  it("works from memory when storage throws (blocked site data), and ignores what it cannot parse", () => {
    const storage = window.sessionStorage;
    // As a browser that blocks site data does: the mere read of the property throws.
    Object.defineProperty(window, "sessionStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    try {
      expect(() => savePosition("m1", 300)).not.toThrow();
      expect(savedPosition("m1")).toBe(300);
      expect(savedPosition("m2")).toBeUndefined();
    } finally {
      Object.defineProperty(window, "sessionStorage", { configurable: true, value: storage });
    }
    window.sessionStorage.setItem(POSITIONS_STORAGE_KEY, "not json");
    expect(savedPosition("nothing")).toBeUndefined();
  });

  it("is the record the router writes into when a navigation starts", () => {
    positionsRecord.r1 = 77;
    expect(positionsRecord.r1).toBe(77);
    expect(savedPosition("r1")).toBe(77);
  });
});
