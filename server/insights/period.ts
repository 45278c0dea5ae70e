/*
 * Days and weeks in the company's time zone (COMPANY_TIME_ZONE): a period is whole local days, from the start
 * of `from` to the end of `to`, turned into UTC instants for the queries.
 */

export type Period = { from: string; to: string; start: Date; end: Date };

const DAY_MS = 24 * 3600_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

// Formatters by zone: making one costs far more than using it, and the dashboard asks for hundreds of days.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) => {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
};

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  const parts = cached(dateFormats, timeZone, () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = cached(offsetFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(at.getTime() / 1000) * 1000;
}

// Starts of days by zone and day: a year's period and the one before are 730 of them, three formatted instants each.
const dayStarts = new Map<string, number>();

/** The instant a local date starts (00:00 there; twice corrected, for a change of offset that day). */
export function startOfDay(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    // Bounded: a few years of days in a few zones.
    if (dayStarts.size >= 20_000) dayStarts.clear();
    dayStarts.set(key, (start = findStartOfDay(day, timeZone)));
  }
  return new Date(start);
}

function findStartOfDay(day: string, timeZone: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let at = utc - offsetMs(new Date(utc), timeZone);
  at = utc - offsetMs(new Date(at), timeZone);
  // Where clocks skip midnight (America/Santiago in September), 00:00 does not exist and `at` falls in the day
  // before: the day starts at the change, found by halving (a few steps, on such days only).
  if (localDate(new Date(at), timeZone) < day) {
    let low = at;
    let high = at + DAY_MS;
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2 / 1000) * 1000;
      if (localDate(new Date(middle), timeZone) < day) low = middle;
      else high = middle;
    }
    at = high;
  }
  return at;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar date, YYYY-MM-DD, of a year from 2000 to 2100 (later years sort and add wrongly as ISO text). */
export function isDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isoDay.test(value) && year >= 2000 && year <= 2100 && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

export function period(from: string, to: string, timeZone: string): Period {
  return { from, to, start: startOfDay(from, timeZone), end: startOfDay(addDays(to, 1), timeZone) };
}

/** The first day of the month `months` after (or before) the month of `day`. */
function monthStart(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/**
 * The period to compare with: for whole calendar months (the 1st of one to the last day of the same or a later
 * one), as many calendar months just before (November with October, not 2 to 31 October); else the same number
 * of days just before.
 */
export function previousPeriod(current: Period, timeZone: string): Period {
  const lastDay = addDays(current.to, 1).endsWith("-01");
  if (current.from.endsWith("-01") && lastDay) {
    const months = (Number(current.to.slice(0, 4)) - Number(current.from.slice(0, 4))) * 12 + Number(current.to.slice(5, 7)) - Number(current.from.slice(5, 7)) + 1;
    return period(monthStart(current.from, -months), addDays(current.from, -1), timeZone);
  }
  const days = Math.round((Date.parse(`${current.to}T00:00:00Z`) - Date.parse(`${current.from}T00:00:00Z`)) / DAY_MS) + 1;
  return period(addDays(current.from, -days), addDays(current.from, -1), timeZone);
}

/** The default period: the last 7 days, today included. */
export function lastSevenDays(now: Date, timeZone: string): Period {
  const today = localDate(now, timeZone);
  return period(addDays(today, -6), today, timeZone);
}

/** The Monday (YYYY-MM-DD) of the week holding a local date. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The week whose report is due at `now`: the last Monday-to-Sunday that ended, once this week's Monday 08:00
 * (local) has passed; before that, the week before it.
 */
export function dueReportWeek(now: Date, timeZone: string): string {
  const thisMonday = mondayOf(localDate(now, timeZone));
  const sendAt = startOfDay(thisMonday, timeZone).getTime() + 8 * 3600_000;
  return addDays(thisMonday, now.getTime() >= sendAt ? -7 : -14);
}

/** Monday to Sunday of a week. */
export function weekPeriod(monday: string, timeZone: string): Period {
  return period(monday, addDays(monday, 6), timeZone);
}
