import { contactConfig } from "~/config/contact";
import { cleanAttribution } from "~/lib/attribution-text";
import { sourceLimits, utmKeys } from "~/lib/contact-fields";
import type { VisitSource } from "~/lib/contact-schema";

/*
 * Where this visit came from, kept in sessionStorage only (no cookie, no third party, gone when the tab
 * closes) and sent with the contact form, never before: the landing page with its utm_* values, the external
 * referrer's origin (never its path or query, which can hold personal data), and the paths viewed, in order.
 * With attribution off (VITE_LEAD_ATTRIBUTION=off), or when the browser asks not to be tracked (Global Privacy
 * Control, Do Not Track), nothing is kept, anything kept earlier is removed, and the form sends no source.
 *
 * A tab opened from a page of the visit (Ctrl or middle click) may start without this tab's sessionStorage (most
 * browsers copy it to such a tab only for target=_blank without noopener, if at all): it asks the visit's other open
 * tabs, same origin and same browser only, over a BroadcastChannel, and takes the answer's landing page, campaign
 * and referrer (decision 36). Nothing of it leaves the browser before the form is sent.
 */

export const VISIT_SOURCE_KEY = "visit-source";
const CHANNEL = "visit-source";

/** The browser asks not to be tracked: Global Privacy Control, or Do Not Track. */
export const trackingRefused = () => {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
};

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

// This module is loaded once per document, and the recorder hands it the document's pages in order.
let documentPage = true;

/** A reload or a Back/Forward returns to a page already seen: it starts nothing, as in the counts (visit-count.ts). */
const returning = () => /reload|back/.test((performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type ?? "");

/**
 * Counts a page view: the first one of the visit also records the landing page, its campaign and the referrer.
 * The document's first page, reached from another site, starts a new visit even in a tab that had one, as the
 * counts do (decision 36): the lead then credits the campaign the counts credit. Only the document's first page
 * may (the recorder passes the same document.referrer with every client-side navigation).
 * Touching window.sessionStorage itself throws where the visitor blocks site data (SecurityError), so it is
 * read inside the try, never as a default parameter.
 */
export function recordPageView(
  place: Place,
  { referrer = "", storage, enabled = contactConfig.attribution, firstOfDocument }: { referrer?: string; storage?: Storage; enabled?: boolean; firstOfDocument?: boolean } = {},
): void {
  const first = firstOfDocument ?? documentPage;
  documentPage = false;
  try {
    const store = storage ?? sessionStorage;
    if (!enabled || trackingRefused()) {
      store.removeItem(VISIT_SOURCE_KEY);
      return;
    }
    const path = cleanPath(place.pathname);
    const landing = first && externalOrigin(referrer, place.origin) !== undefined && !returning();
    const current = landing ? null : read(store);
    if (current) {
      // A reload, or a hash link on the same page, is not a new page.
      if (current.pages.at(-1) === path) return;
      store.setItem(VISIT_SOURCE_KEY, JSON.stringify({ ...current, pages: [...current.pages, path].slice(-sourceLimits.pages) }));
      return;
    }
    const params = new URLSearchParams(place.search);
    // A campaign link's source may be written utm_source, ref or source (as Plausible reads them).
    const param = (key: string) => params.get(`utm_${key}`) || (key === "source" ? params.get("ref") || params.get("source") : null) || "";
    const utm = Object.fromEntries(utmKeys.map((key) => [key, clean(param(key), sourceLimits.utm)] as const).filter(([, value]) => value !== ""));
    const source: VisitSource = {
      landingPage: path,
      ...(Object.keys(utm).length > 0 ? { utm } : {}),
      ...(externalOrigin(referrer, place.origin) ? { referrer: externalOrigin(referrer, place.origin) } : {}),
      pages: [path],
    };
    store.setItem(VISIT_SOURCE_KEY, JSON.stringify(source));
    // Opened from a page of this site without its sessionStorage: a tab opened from the visit's tab.
    if (!source.referrer && referrer && externalOrigin(referrer, "null") === place.origin) ask(store, source, referrer);
  } catch {
    // Storage blocked or full: the visit is simply not recorded.
  } finally {
    if (enabled && !trackingRefused()) answer(storage);
  }
}

let channel: BroadcastChannel | undefined;
let asking: VisitSource | undefined;

/** An answer: the answering tab's source and the page it shows (path and query, of this same origin). */
type Answer = { source: VisitSource; page: string };
const pageOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/**
 * Asks the visit's open tabs for its source and adds this tab's pages to it. With several visits open in several
 * tabs, the answer from the tab showing the page this tab was opened from (its referrer) is taken; else the first
 * (the referrer's tab may be gone), after a short wait for that one.
 */
function ask(store: Storage, own: VisitSource, referrer: string) {
  if (typeof BroadcastChannel !== "function") return;
  asking = own;
  const from = pageOf(referrer);
  const ask = new BroadcastChannel(CHANNEL);
  let fallback: VisitSource | undefined;
  const take = (source: VisitSource) => {
    const current = read(store);
    if (!asking || !current) return;
    asking = undefined;
    ask.close();
    const pages = [...source.pages, ...current.pages];
    store.setItem(VISIT_SOURCE_KEY, JSON.stringify({ ...source, pages: pages.slice(-sourceLimits.pages) }));
  };
  ask.onmessage = ({ data }: MessageEvent<Answer | string>) => {
    const source = typeof data === "object" ? data?.source : undefined;
    if (!asking || typeof source?.landingPage !== "string" || !Array.isArray(source.pages)) return;
    if (typeof data === "object" && data.page === from) take(source);
    else if (!fallback) {
      fallback = source;
      setTimeout(() => take(source), 300);
    }
  };
  ask.postMessage("ask");
  // A tab that answers later (or never) changes nothing.
  setTimeout(() => {
    asking = undefined;
    ask.close();
  }, 2000);
}

/**
 * Answers the visit's other tabs with this tab's source and the page it shows, while it has a source of its own
 * (not one it is asking for). Closed while the page is hidden in the back/forward cache (an open channel can keep
 * a page out of it).
 */
function answer(storage?: Storage) {
  if (channel || typeof BroadcastChannel !== "function") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }: MessageEvent) => {
    if (data !== "ask" || asking) return;
    const source = visitSource({ storage });
    if (source) channel?.postMessage({ source, page: pageOf(location.href) } satisfies Answer);
  };
  addEventListener(
    "pagehide",
    () => {
      channel?.close();
      channel = undefined;
      addEventListener("pageshow", () => answer(storage), { once: true });
    },
    { once: true },
  );
}

/** What to send with the form, or undefined when attribution is off or nothing was recorded. */
export function visitSource({ storage, enabled = contactConfig.attribution }: { storage?: Storage; enabled?: boolean } = {}): VisitSource | undefined {
  if (!enabled || trackingRefused()) return undefined;
  try {
    return read(storage ?? sessionStorage) ?? undefined;
  } catch {
    return undefined;
  }
}
