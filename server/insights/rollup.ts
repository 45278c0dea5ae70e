import { addDays, localDate, startOfDay } from "./period";
import { RAW_DAYS } from "./query";
import type { InsightsStorage } from "./storage";

/*
 * The daily rollup and the counts' retention (issue 37): each company day that has ended is written as daily
 * aggregates (daily.ts) once; raw visit rows are then kept RAW_DAYS days, the aggregates INSIGHTS_RETENTION_DAYS.
 * Safe with several instances: a day's rollup is an upsert of the same counts, so whichever instance gets there
 * first, or both, leave the same rows.
 */

/** Visits are written in batches a few seconds after they arrive: a day is rolled up this long after it ends. */
export const ROLLUP_GRACE_MS = 10 * 60_000;

/** Rolls up every day since the first stored visit that has ended and is not rolled up yet. Resolves to those days. */
export async function rollUpDays(storage: InsightsStorage, { timeZone, now }: { timeZone: string; now: Date }): Promise<string[]> {
  const first = await storage.firstVisitAt();
  if (!first) return [];
  const today = localDate(now, timeZone);
  const rolled = await storage.daily.rolledDays(localDate(first, timeZone), today);
  const done: string[] = [];
  for (let day = localDate(first, timeZone); day < today; day = addDays(day, 1)) {
    if (rolled.has(day)) continue;
    const end = startOfDay(addDays(day, 1), timeZone);
    if (end.getTime() + ROLLUP_GRACE_MS > now.getTime()) break;
    await storage.daily.rollUp({ day, start: startOfDay(day, timeZone), end }, now);
    done.push(day);
  }
  return done;
}

/**
 * The hourly sweep of the counts: roll up, then delete raw rows and the aggregates per filter (visit_pairs) older
 * than RAW_DAYS days (today included) and aggregates older than `retentionDays`. Raw rows go only after the rollup succeeded (a failure throws first), so
 * no day is lost between the two.
 */
export async function sweepCounts(storage: InsightsStorage, { timeZone, now, retentionDays }: { timeZone: string; now: Date; retentionDays: number }) {
  const rolledUp = await rollUpDays(storage, { timeZone, now });
  const today = localDate(now, timeZone);
  const rawFrom = addDays(today, -(Math.min(RAW_DAYS, retentionDays) - 1));
  // A day older than that which is not rolled up (it ended less than the grace ago: never, at 90 days) keeps its rows.
  const deletedVisits = await storage.deleteVisitsBefore(startOfDay(rawFrom, timeZone));
  await storage.daily.deleteAggregatesBefore(addDays(today, -(retentionDays - 1)));
  // A filter reads pairs only within the raw rows' days (query.ts): older ones would only take disk.
  await storage.daily.deletePairsBefore(rawFrom);
  return { rolledUp, deletedVisits };
}
