import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Setup = { type?: string; search?: string; referrer?: string; idle?: boolean; navigator?: Record<string, unknown> };

// Loads the module afresh for a document reached by `type` (a PerformanceNavigationTiming type); returns the
// beacons' bodies sent so far (a live array).
async function load({ type = "navigate", search = "", referrer = "", idle = true, navigator: props = {} }: Setup = {}) {
  vi.resetModules();
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => (idle ? callback() : 0));
  vi.spyOn(navigator, "sendBeacon").mockImplementation((_url, body) => (sent.push(JSON.parse(String(body)) as Record<string, unknown>), true));
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as unknown as PerformanceEntry]);
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
  // happy-dom says it is driven (navigator.webdriver true), as Playwright's browsers do.
  for (const [key, value] of Object.entries({ webdriver: false, ...props })) Object.defineProperty(navigator, key, { configurable: true, get: () => value });
  defined.push("webdriver", ...Object.keys(props));
  // Each fresh copy of the module listens on the page: the listeners go with the test.
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      listeners.push(() => target.removeEventListener(type, listener));
      add(type, listener, options);
    });
  }
  history.replaceState(null, "", `/${search}`);
  const module = await import("./visit-count");
  return { sent, module };
}

const defined: string[] = [];
const listeners: (() => void)[] = [];
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  for (const key of defined.splice(0)) delete (navigator as unknown as Record<string, unknown>)[key];
  for (const remove of listeners.splice(0)) remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the document's page view", () => {
  it("is a landing when the visitor navigated to the page, not when they reloaded it or came Back to it", async () => {
    expect((await load({ search: "?utm_source=news" })).sent).toEqual([expect.objectContaining({ p: "/", e: 1, s: "news" })]);
    sessionStorage.clear();
    expect((await load({ type: "reload" })).sent).toEqual([{ p: "/", e: 0, d: expect.any(String) }]);
    expect((await load({ type: "back_forward" })).sent).toEqual([{ p: "/", e: 0, d: expect.any(String) }]);
  });

  it("takes the source from utm_source, else ref, else source, with the term and content", async () => {
    expect((await load({ search: "?ref=partner&source=x&utm_term=crm&utm_content=b" })).sent[0]).toMatchObject({ s: "partner", t: "crm", n: "b" });
    sessionStorage.clear();
    expect((await load({ search: "?source=x&utm_medium=email" })).sent[0]).toMatchObject({ s: "x", m: "email" });
    sessionStorage.clear();
    expect((await load({ search: "?utm_source=news&ref=partner" })).sent[0]).toMatchObject({ s: "news" });
  });

  it("continues this tab's visit when loaded without an external referrer; a new external referrer is a new landing", async () => {
    await load({ search: "?utm_source=linkedin", referrer: "https://www.linkedin.com/feed" });
    expect((await load({ search: "?utm_source=chat" })).sent).toEqual([{ p: "/", e: 0, d: expect.any(String) }]);
    expect((await load({ referrer: "https://news.example/a" })).sent[0]).toMatchObject({ e: 1, r: "https://news.example" });
  });

  it("is sent when the page is hidden or left, before the browser is idle, and only once", async () => {
    const { sent } = await load({ idle: false });
    expect(sent).toEqual([]);
    dispatchEvent(new Event("pagehide"));
    expect(sent).toHaveLength(1);
    dispatchEvent(new Event("pagehide"));
    expect(sent).toHaveLength(1);
  });

  it("is sent again when the page comes back from the back/forward cache", async () => {
    const { sent } = await load();
    // happy-dom leaves out the event's persisted flag: set on a plain event.
    dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(sent).toEqual([expect.objectContaining({ e: 1 }), { p: "/", e: 0, d: expect.any(String) }]);
  });

  it.each([{ globalPrivacyControl: true }, { doNotTrack: "1" }, { webdriver: true }])("is not sent, and nothing is stored, with %o", async (props) => {
    const { sent, module } = await load({ search: "?utm_source=news", navigator: props });
    module.countPageView("/services");
    dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  it.each([{ globalPrivacyControl: true }, { doNotTrack: "1" }])("removes the visit's mark stored before, with %o", async (props) => {
    sessionStorage.setItem("visit-counted", "1");
    await load({ navigator: props });
    expect(sessionStorage.getItem("visit-counted")).toBeNull();
  });
});
