/*
 * Sales' business hours (SALES_HOURS in COMPANY_TIME_ZONE, less SALES_HOLIDAYS): when a lead's response window
 * ends, and how much business time passed before it was taken. Pure functions of their arguments: the clock is
 * whatever instant the caller passes, so tests pin it.
 *
 * SALES_HOURS is one or more groups separated by ";": days (Mon-Fri, Mon,Wed,Fri, or a range that wraps like
 * Fri-Mon) then one or more times (09:00-12:00,13:00-18:00). 24:00 ends a day. Each day's hours are wall-clock
 * times in the zone, so a daylight-saving day's 00:00-24:00 is 23 or 25 hours long, as it is for the people.
 */

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const MINUTE = 60_000;
/** How far ahead a due time is looked for: a calendar with no open hour in ten years is a mistake. */
const MAX_DAYS = 3660;

/** Per weekday (0 = Sunday), the open intervals in minutes after local midnight, sorted, not overlapping. */
export type SalesHours = [number, number][][];

export type Calendar = { hours: SalesHours; timeZone: string; holidays: ReadonlySet<string> };

export const DEFAULT_SALES_HOURS = "Mon-Fri 09:00-18:00";

function dayIndex(name: string): number {
  const index = DAYS.indexOf(name.slice(0, 3).toLowerCase() as (typeof DAYS)[number]);
  // Mon, Monday, MON: the first three letters decide, the rest must spell the day.
  const full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][index];
  if (index < 0 || name.length < 3 || !full?.startsWith(name.toLowerCase())) throw new Error(`"${name}" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)`);
  return index;
}

function minutesOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) throw new Error(`"${time}" is not a time (HH:MM, 00:00 to 24:00)`);
  return hours * 60 + minutes;
}

/** Reads SALES_HOURS; throws an Error saying what it could not read. */
export function parseSalesHours(text: string): SalesHours {
  const hours: SalesHours = DAYS.map(() => []);
  const groups = text.split(";").map((group) => group.trim()).filter(Boolean);
  if (groups.length === 0) throw new Error("no hours given (e.g. Mon-Fri 09:00-18:00)");
  for (const group of groups) {
    const match = /^(\S+)\s+(.+)$/.exec(group);
    if (!match) throw new Error(`"${group}" needs days then times, e.g. Mon-Fri 09:00-18:00`);
    const days = new Set<number>();
    for (const part of match[1]!.split(",").filter(Boolean)) {
      const [from, to, extra] = part.split("-");
      if (extra !== undefined || !from) throw new Error(`"${part}" is not a day or a range of days`);
      const start = dayIndex(from);
      const end = to === undefined ? start : dayIndex(to);
      for (let day = start; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === end) break;
      }
    }
    for (const range of match[2]!.replace(/\s+/g, "").split(",").filter(Boolean)) {
      const [from, to, extra] = range.split("-");
      if (extra !== undefined || !from || !to) throw new Error(`"${range}" is not a range of times such as 09:00-18:00`);
      const start = minutesOf(from);
      const end = minutesOf(to);
      if (end <= start) throw new Error(`"${range}" ends before it starts (a day ends at 24:00)`);
      for (const day of days) hours[day]!.push([start, end]);
    }
  }
  for (const [day, ranges] of hours.entries()) hours[day] = mergeRanges(ranges);
  if (hours.every((ranges) => ranges.length === 0)) throw new Error("no open hours");
  return hours;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Reads SALES_HOLIDAYS: ISO dates (YYYY-MM-DD) separated by commas or spaces. */
export function parseHolidays(text: string): Set<string> {
  const dates = text.split(/[\s,]+/).filter(Boolean);
  for (const date of dates) {
    const at = new Date(`${date}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) {
      throw new Error(`"${date}" is not an ISO date (YYYY-MM-DD)`);
    }
  }
  return new Set(dates);
}

type LocalDate = { year: number; month: number; day: number };

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function localParts(at: number, timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    partsFormat.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at instant `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time of a local date happens (a time skipped by a clock change falls after the change). */
function instantOf(date: LocalDate, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return Math.max(first, second);
}

const isoDate = ({ year, month, day }: LocalDate) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

function nextDate({ year, month, day }: LocalDate): LocalDate {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Each open interval (UTC ms) from the local day of `from` onwards, in order. */
function* openIntervals(from: number, { hours, timeZone, holidays }: Calendar): Generator<[number, number]> {
  const start = localParts(from, timeZone);
  let date: LocalDate = { year: start.year, month: start.month, day: start.day };
  for (let i = 0; i < MAX_DAYS; i++, date = nextDate(date)) {
    if (holidays.has(isoDate(date))) continue;
    const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
    for (const [open, close] of hours[weekday] ?? []) yield [instantOf(date, open, timeZone), instantOf(date, close, timeZone)];
  }
}

/** When `minutes` of business time after `from` have passed. Throws when the calendar has no open hours for years. */
export function addBusinessMinutes(from: Date, minutes: number, calendar: Calendar): Date {
  let left = minutes * MINUTE;
  const at = from.getTime();
  for (const [open, close] of openIntervals(at, calendar)) {
    const start = Math.max(open, at);
    if (close <= start) continue;
    if (left <= close - start) return new Date(start + left);
    left -= close - start;
  }
  throw new Error("no business hours in the next ten years (SALES_HOURS and SALES_HOLIDAYS)");
}

/** How much business time (ms) lies between two instants. */
export function businessMsBetween(from: Date, to: Date, calendar: Calendar): number {
  const start = from.getTime();
  const end = to.getTime();
  let total = 0;
  if (end <= start) return 0;
  for (const [open, close] of openIntervals(start, calendar)) {
    if (open >= end) break;
    total += Math.max(0, Math.min(close, end) - Math.max(open, start));
  }
  return total;
}

/** A lead's deadlines: the reminder when its window ends, the escalation at twice the window. */
export function responseDeadlines(createdAt: Date, windowMinutes: number, calendar: Calendar) {
  return {
    respondBy: addBusinessMinutes(createdAt, windowMinutes, calendar),
    escalateBy: addBusinessMinutes(createdAt, windowMinutes * 2, calendar),
  };
}
