// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isDay, localDate, period, previousPeriod, startOfDay } from "./period";

describe("days in the company's time zone", () => {
  it("starts a day where its midnight is skipped at the clock change, not in the day before", () => {
    // America/Santiago, 6 September 2026: 00:00 becomes 01:00 (UTC-4 to UTC-3), so the day starts at 04:00 UTC.
    const start = startOfDay("2026-09-06", "America/Santiago");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(localDate(new Date(start.getTime() - 1000), "America/Santiago")).toBe("2026-09-05");
    expect(startOfDay("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDay("2026-10-25", "Europe/Paris").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });

  it("takes only real dates of the years 2000 to 2100", () => {
    expect(["2026-11-25", "2000-01-01", "2100-12-31"].every(isDay)).toBe(true);
    expect(["9999-12-31", "1999-12-31", "2101-01-01", "2026-02-30", "2026-1-5"].some(isDay)).toBe(false);
  });

  it("compares a calendar month with the calendar month before, any other period with as many days before (issue 36 item 5)", () => {
    const before = (from: string, to: string) => {
      const { from: f, to: t } = previousPeriod(period(from, to, "Europe/Berlin"), "Europe/Berlin");
      return `${f} ${t}`;
    };
    expect(before("2026-11-01", "2026-11-30")).toBe("2026-10-01 2026-10-31");
    expect(before("2026-03-01", "2026-03-31")).toBe("2026-02-01 2026-02-28");
    expect(before("2026-01-01", "2026-01-31")).toBe("2025-12-01 2025-12-31");
    expect(before("2026-10-01", "2026-12-31")).toBe("2026-07-01 2026-09-30");
    expect(before("2026-11-16", "2026-11-22")).toBe("2026-11-09 2026-11-15");
    expect(before("2026-11-02", "2026-11-30")).toBe("2026-10-04 2026-11-01");
  });
});
