export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds on the trace's clock. */
  ts: number;
  dur?: number;
  /** What DevTools records with the event: EventTiming carries `data.timeStamp`, `data.duration` and `data.type`. */
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}
/** A tap: when it was touched and how long until the frame after its handlers, in ms. */
export interface Tap {
  start: number;
  latency: number;
}
/** A complete event of the main thread, in ms from the navigation start. */
export interface Span {
  name: string;
  start: number;
  end: number;
}
export const TRACE_CATEGORIES: string[];
export function tapsFrom(events: [number, number, string][]): Tap[];
export function mainThreadOf(events: TraceEvent[], url: string): { fcp: number | null; taps: Tap[]; complete: Span[] };
export function workOf(task: { start: number; end: number }, inside: Span[]): Map<string, number>;
export function traceReport(events: TraceEvent[], url: string): string;
