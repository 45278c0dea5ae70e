/*
 * Counts page views on the site's own server (POST /api/visit; server/insights): the path, the referrer's origin,
 * the landing's campaign (utm_source, or else ref or source; utm_medium, utm_campaign, utm_term, utm_content) on
 * the first page of a visit only, and a device class from the viewport. No cookie; one mark in sessionStorage
 * ("this tab's visit is counted"), so that a page loaded later in the same tab without an external referrer (a
 * typed address, a bookmark, a chat app's link) continues the visit instead of being a new landing from "Direct".
 *
 * Built on its own at a fixed address, /count.js (scripts/vite-plugin-visit-count.ts): the end of every page asks
 * for it as the HTML is parsed (before-hydration.ts), so the page's own view is queued before React is running, and
 * the visit recorder (components/visit-recorder.tsx) imports the same module for client-side navigations. Views are
 * sent when the browser is idle, and at the latest when the page is hidden or left (a visitor who leaves before the
 * page is interactive is counted); a page restored from the back/forward cache is a page view again. With
 * ANALYTICS=off the server answers this file with code that does nothing (server/http/app.ts).
 *
 * Nothing is counted for a visitor whose browser asks not to be tracked (Global Privacy Control, Do Not Track),
 * nor for an automated browser (navigator.webdriver and the usual automation globals, as Plausible's script).
 */

type View = Record<string, string | number>;

const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const globals = window as unknown as Record<string, unknown>;
const refused = nav.globalPrivacyControl === true || nav.doNotTrack === "1";
const silent = refused || nav.webdriver === true || !!(globals._phantom || globals.__nightmare || globals.Cypress);

export const COUNTED_KEY = "visit-counted";
const pending: View[] = [];
// A page the browser prerenders is counted when (and only if) the visitor actually opens it.
let active = !(document as Document & { prerendering?: boolean }).prerendering;
let scheduled = false;

const view = (pathname: string, entry: boolean): View => {
  const width = innerWidth;
  return { p: pathname, e: entry ? 1 : 0, d: width < 640 ? "phone" : width < 1024 ? "tablet" : "desktop" };
};

function send(body: View) {
  try {
    const json = JSON.stringify(body);
    if (!navigator.sendBeacon?.("/api/visit", json)) void fetch("/api/visit", { method: "POST", body: json, keepalive: true, credentials: "omit" }).catch(() => {});
  } catch {
    // Counting is never worth an error.
  }
}

function flush() {
  if (!active) return;
  for (const body of pending.splice(0)) send(body);
}

function queue(body: View) {
  if (silent) return;
  pending.push(body);
  if (scheduled) return;
  scheduled = true;
  const go = () => {
    scheduled = false;
    flush();
  };
  // Never in the way of a tap; Safari before 18 has no requestIdleCallback.
  if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 4000 });
  else setTimeout(go, 1000);
}

/** The document's own page view: is it where a visit starts, and from where? */
function documentView(): View {
  const body = view(location.pathname, false);
  let referrer = "";
  try {
    referrer = document.referrer ? new URL(document.referrer).origin : "";
  } catch {
    // Not a URL: no referrer.
  }
  let continued = false;
  try {
    continued = sessionStorage.getItem(COUNTED_KEY) === "1";
    sessionStorage.setItem(COUNTED_KEY, "1");
  } catch {
    // Storage blocked: each page loaded without a referrer starts a visit, as before.
  }
  const type = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type ?? "";
  const external = referrer !== "" && referrer !== location.origin;
  // A reload or a Back/Forward returns to a visit already counted; a page of this site led here; or this tab's
  // visit goes on (no referrer, but counted before).
  if (/reload|back/.test(type) || !(external || (referrer === "" && !continued))) return body;
  body.e = 1;
  if (external) body.r = referrer;
  const query = new URLSearchParams(location.search);
  const values: Record<string, string | null> = {
    s: query.get("utm_source") || query.get("ref") || query.get("source"),
    m: query.get("utm_medium"),
    c: query.get("utm_campaign"),
    t: query.get("utm_term"),
    n: query.get("utm_content"),
  };
  for (const [key, value] of Object.entries(values)) if (value) body[key] = value.slice(0, 200);
  return body;
}

/** A page view after a client-side navigation (the document's own view is queued when this module loads). */
export function countPageView(pathname: string): void {
  queue(view(pathname, false));
}

try {
  // A mark stored before the visitor asked not to be tracked goes too (decision 36).
  if (refused) sessionStorage.removeItem(COUNTED_KEY);
  if (!silent) {
    queue(documentView());
    if (!active)
      document.addEventListener(
        "prerenderingchange",
        () => {
          active = true;
          flush();
        },
        { once: true },
      );
    addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
    // Back or Forward to a page kept in the back/forward cache: the page is seen again, React does not re-render it.
    addEventListener("pageshow", (event) => {
      if (event.persisted) queue(view(location.pathname, false));
    });
  }
} catch {
  // Counting is never worth an error.
}
