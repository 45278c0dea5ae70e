import { contactConfig } from "~/config/contact";
import { cleanAttribution } from "~/lib/attribution-text";
import { sourceLimits, utmKeys } from "~/lib/contact-fields";
import type { VisitSource } from "~/lib/contact-schema";

/*
 * Where this visit came from, kept in sessionStorage only (no cookie, no third party, gone when the tab
 * closes) and sent with the contact form, never before: the landing page with its utm_* values, the external
 * referrer's origin (never its path or query, which can hold personal data), and the paths viewed, in order.
 * With attribution off (VITE_LEAD_ATTRIBUTION=off) nothing is kept, and anything kept earlier is removed.
 */

export const VISIT_SOURCE_KEY = "visit-source";

type Place = { pathname: string; search: string; origin: string };

// The same cleaning the API applies (one module), so a real visitor's source is never refused for its length.
const clean = cleanAttribution;
const cleanPath = (pathname: string) => clean(pathname, sourceLimits.path) || "/";

function externalOrigin(referrer: string, ownOrigin: string): string | undefined {
  try {
    const { origin, protocol } = new URL(referrer);
    if ((protocol !== "https:" && protocol !== "http:") || origin === ownOrigin) return undefined;
    return origin.length <= sourceLimits.referrer ? origin : undefined;
  } catch {
    return undefined;
  }
}

function read(storage: Storage): VisitSource | null {
  try {
    const value = JSON.parse(storage.getItem(VISIT_SOURCE_KEY) ?? "null") as VisitSource | null;
    return value && typeof value.landingPage === "string" && Array.isArray(value.pages) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Counts a page view: the first one of the visit also records the landing page, its campaign and the referrer.
 * Touching window.sessionStorage itself throws where the visitor blocks site data (SecurityError), so it is
 * read inside the try, never as a default parameter.
 */
export function recordPageView(place: Place, { referrer = "", storage, enabled = contactConfig.attribution }: { referrer?: string; storage?: Storage; enabled?: boolean } = {}): void {
  try {
    const store = storage ?? sessionStorage;
    if (!enabled) {
      store.removeItem(VISIT_SOURCE_KEY);
      return;
    }
    const path = cleanPath(place.pathname);
    const current = read(store);
    if (current) {
      // A reload, or a hash link on the same page, is not a new page.
      if (current.pages.at(-1) === path) return;
      store.setItem(VISIT_SOURCE_KEY, JSON.stringify({ ...current, pages: [...current.pages, path].slice(-sourceLimits.pages) }));
      return;
    }
    const params = new URLSearchParams(place.search);
    const utm = Object.fromEntries(
      utmKeys.map((key) => [key, clean(params.get(`utm_${key}`) ?? "", sourceLimits.utm)] as const).filter(([, value]) => value !== ""),
    );
    const source: VisitSource = {
      landingPage: path,
      ...(Object.keys(utm).length > 0 ? { utm } : {}),
      ...(externalOrigin(referrer, place.origin) ? { referrer: externalOrigin(referrer, place.origin) } : {}),
      pages: [path],
    };
    store.setItem(VISIT_SOURCE_KEY, JSON.stringify(source));
  } catch {
    // Storage blocked or full: the visit is simply not recorded.
  }
}

/** What to send with the form, or undefined when attribution is off or nothing was recorded. */
export function visitSource({ storage, enabled = contactConfig.attribution }: { storage?: Storage; enabled?: boolean } = {}): VisitSource | undefined {
  if (!enabled) return undefined;
  try {
    return read(storage ?? sessionStorage) ?? undefined;
  } catch {
    return undefined;
  }
}
