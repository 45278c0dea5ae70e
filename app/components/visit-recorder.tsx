import { useEffect } from "react";
import { useLocation } from "react-router";
import type * as VisitCount from "~/lib/visit-count";
import type * as VisitSource from "~/lib/visit-source";

// Vite replaces it at build time (vite.config.ts copies ANALYTICS): "off" leaves no counting code in the pages.
const counting = import.meta.env.VITE_ANALYTICS !== "off";
let counter: Promise<typeof VisitCount> | undefined;
let recorder: Promise<typeof VisitSource> | undefined;
let documentPage = true;

/**
 * Records each page of the visit, client-side navigations included, for the contact form's source, and counts it
 * as a page view on the site's own server (visit counts, decision 34). Neither is part of the page's first load:
 * both are fetched after hydration (the counting code, /count.js, usually sooner: the page asks for it as it is
 * parsed, and it counts the document's own view itself), and a visit's pages are handled in order once here.
 * If they cannot be fetched (offline, a deploy long ago), nothing is recorded and nothing is said.
 */
export function VisitRecorder() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const place = { pathname, search, origin: window.location.origin };
    const referrer = document.referrer;
    recorder ??= import("~/lib/visit-source");
    recorder.then((module) => module.recordPageView(place, { referrer })).catch(() => {});
    if (!counting) return;
    counter ??= import("~/lib/visit-count");
    if (documentPage) documentPage = false;
    else counter.then((module) => module.countPageView(pathname)).catch(() => {});
  }, [pathname, search]);
  return null;
}
