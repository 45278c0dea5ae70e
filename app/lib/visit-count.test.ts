import { afterEach, describe, expect, it, vi } from "vitest";

// The beacon's body for the first page of a document reached by `type` (a PerformanceNavigationTiming type).
async function firstBeacon(type: string): Promise<Record<string, unknown>> {
  vi.resetModules();
  const sent: string[] = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => callback());
  vi.spyOn(navigator, "sendBeacon").mockImplementation((_url, body) => (sent.push(String(body)), true));
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as unknown as PerformanceEntry]);
  const { countPageView } = await import("./visit-count");
  countPageView("/", "?utm_source=news");
  return JSON.parse(sent[0]!) as Record<string, unknown>;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a counted page view", () => {
  it("is a landing when the visitor navigated to the page, not when they reloaded it or came Back to it", async () => {
    expect(await firstBeacon("navigate")).toMatchObject({ p: "/", e: 1, s: "news" });
    expect(await firstBeacon("reload")).toEqual({ p: "/", e: 0, d: expect.any(String) });
    expect(await firstBeacon("back_forward")).toEqual({ p: "/", e: 0, d: expect.any(String) });
  });
});
