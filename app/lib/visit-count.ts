/*
 * Counts a page view on the site's own server (POST /api/visit; server/insights): the path, the referrer's
 * origin and the landing's utm_source/medium/campaign on the first page only, and a device class from the
 * viewport. No cookie and no storage; sent when the browser is idle (never in the way of a tap) with
 * sendBeacon, or fetch keepalive where that is missing; any failure is silent.
 */

let first = true;

/** Loaded on demand by the visit recorder (components/visit-recorder.tsx), which leaves it out with ANALYTICS=off. */
export function countPageView(pathname: string, search: string): void {
  try {
    const referrer = document.referrer ? new URL(document.referrer).origin : "";
    // The first page of this document, reached from elsewhere, says where the visit came from; a reload or a
    // Back/Forward returns to a visit already counted (no referrer then: it would inflate "Direct").
    const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    const entry = first && referrer !== location.origin && !/reload|back/.test(navigation?.type ?? "");
    first = false;
    const width = innerWidth;
    const body: Record<string, string | number> = { p: pathname, e: entry ? 1 : 0, d: width < 640 ? "phone" : width < 1024 ? "tablet" : "desktop" };
    if (entry) {
      const query = new URLSearchParams(search);
      if (referrer) body.r = referrer;
      for (const key of ["source", "medium", "campaign"]) {
        const value = query.get(`utm_${key}`);
        if (value) body[key[0]!] = value.slice(0, 200);
      }
    }
    const send = () => {
      try {
        const json = JSON.stringify(body);
        if (!navigator.sendBeacon?.("/api/visit", json)) void fetch("/api/visit", { method: "POST", body: json, keepalive: true, credentials: "omit" }).catch(() => {});
      } catch {
        // Counting is never worth an error.
      }
    };
    // Safari before 18 has no requestIdleCallback.
    const later = () => ("requestIdleCallback" in window ? requestIdleCallback(send, { timeout: 4000 }) : setTimeout(send, 1000));
    // A prerendered page is counted when (and only if) the visitor actually opens it.
    if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", later, { once: true });
    else later();
  } catch {
    // Counting is never worth an error.
  }
}
