import { createHmac } from "node:crypto";
import { addDays, localDate, startOfDay } from "./period";
import type { InsightsStorage } from "./storage";

/*
 * The visitor key: a keyed hash (HMAC-SHA-256) of the site, the IP and the user agent under a random salt of
 * the company's day (midnight to midnight in COMPANY_TIME_ZONE, so one visit in the working day is one visitor
 * wherever the company is), cut to 16 hex digits. The salt is shared by every instance through the database and
 * deleted within 48 hours of being made (the hourly sweep takes salts over 47 hours old; a day lasts at most 25):
 * after that nothing can tell which IP and browser a key stood for, nor link a key of one day to the next. The IP
 * and the user agent are never stored.
 */

/** How old a salt is when the sweep deletes it: with the sweep hourly, every salt is gone within 48 hours. */
export const SALT_LIFETIME_MS = 47 * 3600_000;

export function createVisitorKeys(storage: InsightsStorage, { site, timeZone = "UTC", now = () => new Date() }: { site: string; timeZone?: string; now?: () => Date }) {
  // The salt of the day, kept in memory once read (one query per day and instance, not per count), with the
  // day's bounds, so a count does not format a date in the zone.
  let cached: { day: string; start: number; end: number; salt: Promise<string> } | undefined;
  const dayAt = (at: Date) => {
    const time = at.getTime();
    if (cached && time >= cached.start && time < cached.end) return cached;
    const day = localDate(at, timeZone);
    const salt = storage.saltFor(day, at);
    const entry = { day, start: startOfDay(day, timeZone).getTime(), end: startOfDay(addDays(day, 1), timeZone).getTime(), salt };
    cached = entry;
    // A failed read is tried again by the next count.
    salt.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry;
  };
  const hmac = (salt: string, text: string) => createHmac("sha256", salt).update(text).digest("hex");
  return {
    /** The company's day of an instant (YYYY-MM-DD in COMPANY_TIME_ZONE): the salt's, and the address limit's. */
    day: (at: Date = now()) => dayAt(at).day,
    async key(ip: string, userAgent: string, at: Date = now()): Promise<string> {
      return hmac(await dayAt(at).salt, `${site}\n${ip}\n${userAgent}`).slice(0, 16);
    },
    /**
     * A client address as the per-address limit holds it: a keyed hash under the same salt of the day, so the
     * process never keeps the address, and the hash means nothing once the salt is deleted.
     */
    async addressKey(address: string, at: Date = now()): Promise<string> {
      return hmac(await dayAt(at).salt, `address\n${site}\n${address}`).slice(0, 32);
    },
    /** Deletes the salts older than SALT_LIFETIME_MS; resolves to how many. */
    async expire(at: Date = now()): Promise<number> {
      // The day in memory is forgotten once it is over, whether or not another count came since.
      if (cached && at.getTime() >= cached.end) cached = undefined;
      return storage.deleteSaltsBefore(new Date(at.getTime() - SALT_LIFETIME_MS));
    },
  };
}

export type VisitorKeys = ReturnType<typeof createVisitorKeys>;
