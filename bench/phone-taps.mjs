// Taps as `npm run bench:phone` measures them (Event Timing entries grouped by touch), and with --trace, what the
// page's main thread did while they waited, read from a DevTools trace. Pure functions: phone.mjs drives the browser.

/**
 * Taps grouped from Event Timing entries: the events of one tap (touch, pointer, mouse, click) share its
 * timestamp, and taps are 300 ms apart. Each tap's latency runs from its first event to the end of its slowest.
 * @param {[number, number, string][]} events
 */
export function tapsFrom(events) {
  const taps = [];
  for (const [start, duration] of [...events].sort((a, b) => a[0] - b[0])) {
    const last = taps.at(-1);
    if (last && start - last.start < 100) last.end = Math.max(last.end, start + duration);
    else taps.push({ start, end: start + duration });
  }
  return taps.map((tap) => ({ start: tap.start, latency: tap.end - tap.start }));
}


// --trace: what the main thread did while a tap waited. The timeline categories DevTools records, so the names are
// its own: a task (ThreadControllerImpl::RunTask) holds parsing, style (UpdateLayoutTree), layout, paint, script.
// "script" includes the benchmark's own probe (its observers and click listener, a few ms, with JavaScript off too);
// "messages" is the browser talking to the page (input and network arrive that way); "other" is a task's time that no
// traced event covers, much of it the trace's own bookkeeping on the throttled CPU.
export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "toplevel", "loading"];
const WORK = {
  ParseHTML: "parse",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "pre-paint",
  Paint: "paint",
  Layerize: "layerize",
  Commit: "commit",
  HitTest: "hit test",
  EventDispatch: "events",
  EvaluateScript: "script",
  FunctionCall: "script",
  TimerFire: "script",
  RunMicrotasks: "script",
  "v8.compile": "compile",
  "v8.compileModule": "compile",
  "v8.evaluateModule": "script",
  BlinkScheduler_PerformMicrotaskCheckpoint: "script",
  "DecodedDataDocumentParser::AppendBytes": "parse",
  "Receive mojo message": "messages",
  "SimpleWatcher::OnHandleReady": "messages",
};
const TASK = "ThreadControllerImpl::RunTask";

/** @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, args?: any }} TraceEvent */

/**
 * The page's main thread in a trace: its navigation start, first paint, taps (Event Timing, as the probe sees them)
 * and complete events, in ms from the navigation start.
 * @param {TraceEvent[]} events @param {string} url
 */
export function mainThreadOf(events, url) {
  const start = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL === url);
  if (!start) throw new Error(`the trace has no navigation to ${url}`);
  const at = (/** @type {number} */ ts) => (ts - start.ts) / 1000;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === start.pid);
  const timings = events.filter((e) => e.name === "EventTiming" && e.ph === "b" && e.pid === start.pid).map((e) => /** @type {[number, number, string]} */ ([e.args.data.timeStamp, e.args.data.duration, e.args.data.type]));
  const complete = events
    .filter((e) => e.ph === "X" && e.pid === start.pid && e.tid === start.tid && e.dur !== undefined)
    .map((e) => ({ name: e.name, start: at(e.ts), end: at(e.ts + (e.dur ?? 0)) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  return { fcp: fcp ? at(fcp.ts) : null, taps: tapsFrom(timings), complete };
}

/**
 * A task's time by kind of work: each event's own time (less its children's) counts under the nearest of its
 * names that WORK knows, else "other".
 * @param {{ start: number, end: number }} task @param {{ name: string, start: number, end: number }[]} inside sorted by start
 */
export function workOf(task, inside) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  const stack = [{ end: task.end, kind: "other", own: task.end - task.start }];
  const tally = (/** @type {{ kind: string, own: number }} */ entry) => totals.set(entry.kind, (totals.get(entry.kind) ?? 0) + Math.max(0, entry.own));
  for (const event of inside) {
    while (stack.length > 1 && event.start >= /** @type {{ end: number }} */ (stack.at(-1)).end) tally(/** @type {any} */ (stack.pop()));
    const parent = /** @type {{ end: number, kind: string, own: number }} */ (stack.at(-1));
    const end = Math.min(event.end, parent.end);
    parent.own -= end - event.start;
    stack.push({ end, kind: WORK[/** @type {keyof typeof WORK} */ (event.name)] ?? parent.kind, own: end - event.start });
  }
  while (stack.length) tally(/** @type {any} */ (stack.pop()));
  return totals;
}

const round = (/** @type {number} */ v) => Math.round(v);
const kinds = (/** @type {Map<string, number>} */ totals) =>
  [...totals].filter(([, time]) => time >= 1).sort((a, b) => b[1] - a[1]).map(([kind, time]) => `${kind} ${round(time)}`).join(", ");

/** The report of one traced load: its taps, the tasks the first and the slowest tap waited behind, the work after paint. */
export function traceReport(events, url) {
  const { fcp, taps, complete } = mainThreadOf(events, url);
  const tasks = complete.filter((e) => e.name === TASK);
  const tasksDuring = (/** @type {number} */ from, /** @type {number} */ to) => tasks.filter((task) => task.end > from && task.start < to);
  const breakdown = (/** @type {{ start: number, end: number }} */ task) => workOf(task, complete.filter((e) => e !== task && e.name !== TASK && e.start >= task.start && e.end <= task.end + 0.001));
  const lines = [`    first paint ${fcp === null ? "?" : `${round(fcp)} ms`}; taps (at → answered after, ms): ${taps.map((t) => `${round(t.start)}→${round(t.latency)}`).join(" ") || "none"}`];
  const slowest = [...taps].sort((a, b) => b.latency - a.latency)[0];
  for (const [label, tap] of /** @type {const} */ ([["the first tap", taps[0]], ["the slowest tap", slowest]])) {
    if (!tap || (label === "the slowest tap" && tap === taps[0])) continue;
    lines.push(`    ${label}, at ${round(tap.start)} ms, answered after ${round(tap.latency)} ms; the main thread's tasks meanwhile:`);
    for (const task of tasksDuring(tap.start, tap.start + tap.latency).filter((t) => t.end - t.start >= 2)) lines.push(`      ${round(task.start)}–${round(task.end)} ms (${round(task.end - task.start)}): ${kinds(breakdown(task))}`);
  }
  if (fcp !== null) {
    /** @type {Map<string, number>} */
    const after = new Map();
    const window = tasksDuring(fcp, fcp + 1000);
    for (const task of window) for (const [kind, time] of breakdown(task)) after.set(kind, (after.get(kind) ?? 0) + time);
    lines.push(`    in the second after first paint, ${window.length} tasks, ${window.filter((t) => t.end - t.start > 50).length} over 50 ms: ${kinds(after)}`);
  }
  return lines.join("\n");
}

