import { afterEach } from "vitest";
import type { Store } from "../../server/db/store";
import { parseSalesHours, type Calendar } from "../../server/leads/business-hours";
import { bothEngines } from "./store-engines";

/** The insights tests' company: its zone, its sales hours, and "now" (Friday 27 November 2026, 13:00 in Berlin). */
export const zone = "Europe/Berlin";
export const calendar: Calendar = { hours: parseSalesHours("Mon-Fri 09:00-18:00"), timeZone: zone, holidays: new Set() };
export const now = new Date("2026-11-27T12:00:00Z");

/**
 * Both engines' stores for one test file (SQLite in a temporary folder, PostgreSQL on the run's server), each
 * closed after its test. `engines` names them for describe.each; `open(engine)` gives a new, empty store.
 */
export function storesPerTest(tempPrefix: string) {
  const engines = bothEngines(tempPrefix);
  const stores: Store[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  return {
    engines: Object.keys(engines) as (keyof typeof engines)[],
    open: async (engine: keyof typeof engines): Promise<Store> => {
      const store = await engines[engine]();
      stores.push(store);
      return store;
    },
  };
}

/** What a visit typed in or bookmarked carries: no referrer, no campaign tags, the source Direct. */
export const directVisit = {
  entry: true,
  referrer: null,
  source: "Direct",
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
} as const;
