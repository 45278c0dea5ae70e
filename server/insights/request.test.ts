import { describe, expect, it } from "vitest";
import { readCliRequest, readInsightsRequest } from "./request";

/*
 * `npm run insights` reads --from, --to and --filter as GET /api/insights reads its query: what the API refuses
 * with a 400, the CLI refuses with the same words (exit code 2), never a raw SQL error.
 */

const context = { timeZone: "Europe/Berlin", now: new Date("2026-11-27T12:00:00Z") };

describe("readCliRequest", () => {
  it("refuses periods over 762 days, and an empty or bad filter, as the API does; a whole month with days to come is a period", () => {
    for (const [args, message] of [
      [{ from: "2000-01-01", to: "2100-12-31" }, "ask for at most 762"],
      [{ from: "2098-01-01", to: "2100-12-31" }, "ask for at most 762"],
      [{ filter: "sources=" }, "The source filter needs a value"],
      [{ filter: "sources=a\u0000b" }, "cannot hold control characters"],
      [{ filter: "nothing=x" }, 'is not TABLE=NAME'],
    ] as const) {
      const read = readCliRequest(args, context);
      expect(read, JSON.stringify(args)).toMatchObject({ ok: false, error: expect.stringContaining(message) });
    }
    expect(readInsightsRequest(new URLSearchParams("from=2026-11-01&to=2026-11-30"), context)).toMatchObject({ ok: true, request: { choice: "custom" } });
    expect(readCliRequest({ from: "2026-11-01", to: "2026-11-30" }, context)).toMatchObject({ ok: true });
  });

  it("reads a good period and filter as the API reads them", () => {
    expect(readCliRequest({ from: "2026-11-01", to: "2026-11-28", filter: "sources=Google" }, context)).toEqual(readInsightsRequest(new URLSearchParams("from=2026-11-01&to=2026-11-28&source=Google"), context));
    expect(readCliRequest({}, context)).toMatchObject({ ok: true, request: { choice: "7d" } });
  });
});
