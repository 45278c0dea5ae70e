import { createHmac } from "node:crypto";
import type { InsightsStorage } from "./storage";

/*
 * The visitor key: a keyed hash (HMAC-SHA-256) of the site, the IP and the user agent under a random salt of
 * the day, cut to 16 hex digits. The salt is shared by every instance through the database and deleted 48 hours
 * after it was made (the day's salt is then a day past use): after that nothing can tell which IP and browser
 * a key stood for, nor link a key of one day to the next. The IP and the user agent are never stored.
 */

export const SALT_LIFETIME_MS = 48 * 3600_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createVisitorKeys(storage: InsightsStorage, { site, now = () => new Date() }: { site: string; now?: () => Date }) {
  // The salt of the day, kept in memory once read (one query per day and instance, not per count).
  let cached: { day: string; salt: Promise<string> } | undefined;
  const saltOf = (at: Date) => {
    const day = utcDay(at);
    if (cached?.day !== day) {
      const salt = storage.saltFor(day, at);
      cached = { day, salt };
      // A failed read is tried again by the next count.
      salt.catch(() => {
        if (cached?.salt === salt) cached = undefined;
      });
    }
    return cached.salt;
  };
  return {
    async key(ip: string, userAgent: string, at: Date = now()): Promise<string> {
      const salt = await saltOf(at);
      return createHmac("sha256", salt).update(`${site}\n${ip}\n${userAgent}`).digest("hex").slice(0, 16);
    },
    /** Deletes the salts older than 48 hours; resolves to how many. */
    async expire(at: Date = now()): Promise<number> {
      return storage.deleteSaltsBefore(new Date(at.getTime() - SALT_LIFETIME_MS));
    },
  };
}

export type VisitorKeys = ReturnType<typeof createVisitorKeys>;
