import { describe, expect, it } from "vitest";
import { mainThreadOf, tapsFrom, traceReport, workOf } from "./phone-taps.mjs";

const URL = "http://127.0.0.1:4000/";
const PAGE = { pid: 7, tid: 1 };
const NAV = 1_000_000; // the navigation start, in the trace's microseconds

/** A complete event on the page's main thread, times in ms from the navigation start. */
const span = (name: string, start: number, end: number, where = PAGE) => ({ name, ph: "X", ...where, ts: NAV + start * 1000, dur: (end - start) * 1000 });
/** The Event Timing entry DevTools records for one event of a tap. */
const timing = (type: string, start: number, duration: number, where = PAGE) => ({ name: "EventTiming", ph: "b", ...where, ts: NAV + start * 1000, args: { data: { type, timeStamp: start, duration } } });

const trace = [
  { name: "navigationStart", ph: "R", ...PAGE, ts: NAV - 5_000_000, args: { data: { documentLoaderURL: "" } } },
  { name: "navigationStart", ph: "R", ...PAGE, ts: NAV, args: { data: { documentLoaderURL: URL } } },
  { name: "firstContentfulPaint", ph: "R", pid: 3, tid: 3, ts: NAV + 100_000 },
  { name: "firstContentfulPaint", ph: "R", ...PAGE, ts: NAV + 700_000 },
  // A tap at 770 ms that waits behind a frame of style and layout, then its handlers run.
  timing("pointerdown", 770, 240),
  timing("click", 770, 248),
  timing("pointerdown", 1070, 24),
  span("ThreadControllerImpl::RunTask", 760, 830),
  span("UpdateLayoutTree", 762, 780),
  span("Layout", 780, 820),
  span("Paint", 820, 826),
  span("ThreadControllerImpl::RunTask", 830, 840),
  span("ParseHTML", 830, 840),
  span("ThreadControllerImpl::RunTask", 900, 901),
  span("ThreadControllerImpl::RunTask", 1000, 1016),
  span("EventDispatch", 1001, 1012),
  span("FunctionCall", 1002, 1010),
  // Within the second after first paint (700-1700 ms), and outside it.
  span("ThreadControllerImpl::RunTask", 1600, 1640),
  span("ParseHTML", 1600, 1640),
  span("ThreadControllerImpl::RunTask", 1750, 1800),
  span("Layout", 1750, 1800),
  // Another process (the browser's) and another thread of the page are not the page's main thread.
  span("ThreadControllerImpl::RunTask", 770, 900, { pid: 3, tid: 3 }),
  span("ThreadControllerImpl::RunTask", 770, 900, { pid: 7, tid: 9 }),
  timing("pointerdown", 1500, 400, { pid: 3, tid: 3 }),
];

describe("tapsFrom", () => {
  it("groups the events of one touch and times the tap to the end of its slowest event", () => {
    expect(tapsFrom([[1070, 24, "pointerdown"], [770, 240, "pointerdown"], [771, 248, "click"]])).toEqual([
      { start: 770, latency: 249 },
      { start: 1070, latency: 24 },
    ]);
  });

  it("keeps taps apart when their events are 100 ms apart or more", () => {
    expect(tapsFrom([[0, 20, "pointerdown"], [99, 20, "click"], [200, 30, "pointerdown"]])).toEqual([
      { start: 0, latency: 119 },
      { start: 200, latency: 30 },
    ]);
  });
});

describe("workOf", () => {
  it("counts each event's own time under its kind, and a script called by an event under script", () => {
    const totals = workOf({ start: 0, end: 50 }, [
      { name: "ParseHTML", start: 0, end: 10 },
      { name: "Layout", start: 12, end: 40 },
      { name: "EventDispatch", start: 40, end: 48 },
      { name: "FunctionCall", start: 41, end: 47 },
      { name: "v8.something", start: 42, end: 44 },
    ]);
    expect(Object.fromEntries(totals)).toEqual({ parse: 10, layout: 28, events: 2, script: 6, other: 4 });
  });

  it("counts only the part of an event that falls within its task", () => {
    expect(Object.fromEntries(workOf({ start: 0, end: 10 }, [{ name: "Layout", start: 4, end: 15 }]))).toEqual({ layout: 6, other: 4 });
  });
});

describe("mainThreadOf", () => {
  it("reads the page's own navigation, first paint, taps and main-thread events, in ms from its start", () => {
    const main = mainThreadOf(trace, URL);
    expect(main.fcp).toBe(700);
    expect(main.taps).toEqual([
      { start: 770, latency: 248 },
      { start: 1070, latency: 24 },
    ]);
    expect(main.complete.filter((e) => e.name === "ThreadControllerImpl::RunTask").map((e) => [e.start, e.end])).toEqual([
      [760, 830],
      [830, 840],
      [900, 901],
      [1000, 1016],
      [1600, 1640],
      [1750, 1800],
    ]);
  });

  it("refuses a trace without a navigation to the page", () => {
    expect(() => mainThreadOf(trace, "http://127.0.0.1:4000/other")).toThrow(/no navigation/);
  });
});

describe("traceReport", () => {
  it("names the tasks a tap waited behind and what they spent their time on", () => {
    const report = traceReport(trace, URL);
    expect(report).toContain("first paint 700 ms; taps (at → answered after, ms): 770→248 1070→24");
    expect(report).toContain("the first tap, at 770 ms, answered after 248 ms");
    expect(report).toContain("760–830 ms (70): layout 40, style 18, paint 6, other 6");
    expect(report).toContain("830–840 ms (10): parse 10");
    expect(report).toContain("1000–1016 ms (16): script 8, other 5, events 3");
    // A task under 2 ms is not listed; the first tap is the slowest, so it is not listed twice.
    expect(report).not.toContain("900–901");
    expect(report).not.toContain("the slowest tap");
    expect(traceReport([...trace, timing("pointerdown", 1500, 400)], URL)).toContain("the slowest tap, at 1500 ms, answered after 400 ms");
    expect(report).toContain("in the second after first paint, 5 tasks, 1 over 50 ms: parse 50, layout 40, style 18, other 12, script 8, paint 6, events 3");
  });
});
