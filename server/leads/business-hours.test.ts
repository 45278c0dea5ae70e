import { describe, expect, it } from "vitest";
import { DEFAULT_SALES_HOURS, addBusinessMinutes, businessMsBetween, parseHolidays, parseSalesHours, responseDeadlines, type Calendar } from "./business-hours";

const calendar = (timeZone: string, hours = DEFAULT_SALES_HOURS, holidays = ""): Calendar => ({ hours: parseSalesHours(hours), timeZone, holidays: parseHolidays(holidays) });
/** The due time of a lead arriving at `at` (an ISO instant), as an ISO instant. */
const due = (at: string, minutes: number, cal: Calendar) => addBusinessMinutes(new Date(at), minutes, cal).toISOString();

describe("parseSalesHours", () => {
  it("reads day ranges, day lists, several groups and 24:00", () => {
    const hours = parseSalesHours("Mon-Fri 09:00-12:00, 13:00-18:00; Sat 10:00-14:00");
    expect(hours[1]).toEqual([[540, 720], [780, 1080]]);
    expect(hours[6]).toEqual([[600, 840]]);
    expect(hours[0]).toEqual([]);
    expect(parseSalesHours("Mon,Wed,Fri 08:30-17:00")[3]).toEqual([[510, 1020]]);
    expect(parseSalesHours("Mon-Sun 00:00-24:00").every((day) => day[0]![1] === 1440)).toBe(true);
    // A range that wraps over the weekend, day names spelt out or in capitals.
    expect(parseSalesHours("Fri-Mon 10:00-11:00").map((day) => day.length)).toEqual([1, 1, 0, 0, 0, 1, 1]);
    expect(parseSalesHours("MONDAY 09:00-10:00")[1]).toEqual([[540, 600]]);
  });

  it.each(["", "Mon-Fri", "09:00-18:00", "Mon-Fri 9-18", "Mon-Fri 18:00-09:00", "Mon-Fri 09:00-24:30", "Mo-Fr 09:00-18:00", "Mon-Fri 09:60-18:00", "Monkey 09:00-10:00", "Mon-Tue-Wed 09:00-10:00"])(
    "refuses %j with a reason",
    (text) => {
      expect(() => parseSalesHours(text)).toThrow(/./);
    },
  );

  it("reads holidays as ISO dates and refuses anything else", () => {
    expect([...parseHolidays("2026-12-24, 2026-12-25 2027-01-01")]).toEqual(["2026-12-24", "2026-12-25", "2027-01-01"]);
    expect(() => parseHolidays("2026-02-30")).toThrow(/ISO date/);
    expect(() => parseHolidays("24.12.2026")).toThrow(/ISO date/);
  });
});

describe("addBusinessMinutes (Mon-Fri 09:00-18:00, 120 minutes)", () => {
  const berlin = calendar("Europe/Berlin");

  it("a lead inside the hours is due two hours later the same day", () => {
    // Tuesday 10:15 in Berlin (CET, UTC+1).
    expect(due("2026-11-24T09:15:00Z", 120, berlin)).toBe("2026-11-24T11:15:00.000Z");
  });

  it("a lead late in the day carries the rest over to the next morning", () => {
    // Tuesday 17:30: 30 minutes today, 90 from Wednesday 09:00 → 10:30.
    expect(due("2026-11-24T16:30:00Z", 120, berlin)).toBe("2026-11-25T09:30:00.000Z");
  });

  it("an evening lead is due the next morning, an early one the same morning", () => {
    expect(due("2026-11-24T20:00:00Z", 120, berlin)).toBe("2026-11-25T10:00:00.000Z"); // Tue 21:00 → Wed 11:00
    expect(due("2026-11-25T05:00:00Z", 120, berlin)).toBe("2026-11-25T10:00:00.000Z"); // Wed 06:00 → Wed 11:00
  });

  it("Friday 19:00 is due on Monday 11:00, not on Saturday", () => {
    expect(due("2026-11-27T18:00:00Z", 120, berlin)).toBe("2026-11-30T10:00:00.000Z");
    // A weekend lead too.
    expect(due("2026-11-28T12:00:00Z", 120, berlin)).toBe("2026-11-30T10:00:00.000Z");
  });

  it("skips holidays: Christmas Eve and Day off, a lead of the 23rd evening is due on the 28th", () => {
    const withHolidays = calendar("Europe/Berlin", DEFAULT_SALES_HOURS, "2026-12-24,2026-12-25");
    // Wednesday 23 December 19:00 → Thursday and Friday are holidays, then the weekend → Monday 28th 11:00.
    expect(due("2026-12-23T18:00:00Z", 120, withHolidays)).toBe("2026-12-28T10:00:00.000Z");
    expect(due("2026-12-23T18:00:00Z", 120, berlin)).toBe("2026-12-24T10:00:00.000Z");
  });

  it("a window longer than a day spans several business days", () => {
    // 9 hours a day: 20 hours from Monday 09:00 are Monday, Tuesday and 2 hours of Wednesday.
    expect(due("2026-11-23T08:00:00Z", 20 * 60, berlin)).toBe("2026-11-25T10:00:00.000Z");
  });

  it("split hours skip the lunch break", () => {
    const split = calendar("UTC", "Mon-Fri 09:00-12:00,13:00-18:00");
    expect(due("2026-11-24T11:00:00Z", 120, split)).toBe("2026-11-24T14:00:00.000Z");
  });
});

describe("daylight-saving weekends", () => {
  it("Europe/Berlin, spring: a Friday evening lead is due at 11:00 summer time (09:00 UTC) on Monday", () => {
    // Clocks go forward on Sunday 29 March 2026. Friday 27th 19:00 CET = 18:00 UTC.
    expect(due("2026-03-27T18:00:00Z", 120, calendar("Europe/Berlin"))).toBe("2026-03-30T09:00:00.000Z");
  });

  it("Europe/Berlin, autumn: a Friday evening lead is due at 11:00 winter time (10:00 UTC) on Monday", () => {
    // Clocks go back on Sunday 25 October 2026. Friday 23rd 19:00 CEST = 17:00 UTC.
    expect(due("2026-10-23T17:00:00Z", 120, calendar("Europe/Berlin"))).toBe("2026-10-26T10:00:00.000Z");
  });

  it("America/Los_Angeles, spring and autumn", () => {
    const la = calendar("America/Los_Angeles");
    // Forward on Sunday 8 March 2026: Friday 6th 19:00 PST (03:00 UTC Saturday) → Monday 11:00 PDT = 18:00 UTC.
    expect(due("2026-03-07T03:00:00Z", 120, la)).toBe("2026-03-09T18:00:00.000Z");
    // Back on Sunday 1 November 2026: Friday 30 Oct 19:00 PDT (02:00 UTC Saturday) → Monday 11:00 PST = 19:00 UTC.
    expect(due("2026-10-31T02:00:00Z", 120, la)).toBe("2026-11-02T19:00:00.000Z");
  });

  it("round the clock, a DST Sunday is 23 or 25 real hours of business time", () => {
    const always = calendar("Europe/Berlin", "Mon-Sun 00:00-24:00");
    // Spring: Sunday 29 March 00:00 CET (23:00 UTC Saturday) to Monday 00:00 CEST (22:00 UTC Sunday): 23 hours.
    expect(businessMsBetween(new Date("2026-03-28T23:00:00Z"), new Date("2026-03-29T22:00:00Z"), always)).toBe(23 * 3600_000);
    // Business time is real time then: a lead at 01:30 CET on that Sunday is due 2 real hours later.
    expect(due("2026-03-29T00:30:00Z", 120, always)).toBe("2026-03-29T02:30:00.000Z");
    expect(due("2026-10-25T00:30:00Z", 120, always)).toBe("2026-10-25T02:30:00.000Z");
  });

  it("hours that begin in a skipped hour begin after the change", () => {
    // 02:00-04:00 on the spring Sunday in Berlin: 02:00-03:00 does not exist, so that day has one hour (03:00-04:00 CEST).
    const night = calendar("Europe/Berlin", "Sun 02:00-04:00");
    expect(businessMsBetween(new Date("2026-03-28T00:00:00Z"), new Date("2026-03-30T00:00:00Z"), night)).toBe(3600_000);
  });
});

describe("businessMsBetween and responseDeadlines", () => {
  const utc = calendar("UTC");

  it("counts only the hours: Friday 17:00 to Monday 10:00 is two hours", () => {
    expect(businessMsBetween(new Date("2026-11-27T17:00:00Z"), new Date("2026-11-30T10:00:00Z"), utc)).toBe(2 * 3600_000);
    expect(businessMsBetween(new Date("2026-11-30T10:00:00Z"), new Date("2026-11-27T17:00:00Z"), utc)).toBe(0);
  });

  it("gives the reminder at the window's end and the escalation at twice the window", () => {
    const { respondBy, escalateBy } = responseDeadlines(new Date("2026-11-27T18:00:00Z"), 120, utc);
    expect(respondBy.toISOString()).toBe("2026-11-30T11:00:00.000Z");
    expect(escalateBy.toISOString()).toBe("2026-11-30T13:00:00.000Z");
  });

  it("the business time between a lead and its due time is the window", () => {
    const berlin = calendar("Europe/Berlin");
    for (const at of ["2026-03-27T18:00:00Z", "2026-10-23T17:00:00Z", "2026-11-24T16:30:00Z"]) {
      const from = new Date(at);
      expect(businessMsBetween(from, addBusinessMinutes(from, 120, berlin), berlin)).toBe(120 * 60_000);
    }
  });
});
