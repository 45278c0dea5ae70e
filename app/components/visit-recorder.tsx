import { useEffect } from "react";
import { useLocation } from "react-router";
import type { countPageView } from "~/lib/visit-count";
import { recordPageView } from "~/lib/visit-source";

// Vite replaces it at build time (vite.config.ts copies ANALYTICS): "off" leaves no counting code in the pages.
const counting = import.meta.env.VITE_ANALYTICS !== "off";
let counter: Promise<{ countPageView: typeof countPageView }> | undefined;

/**
 * Counts each page of the visit, client-side navigations included, for the contact form's source, and as a
 * page view on the site's own server (visit counts, decision 34). The counting code is not part of the page's
 * first load: it is fetched after hydration, and the page views of a visit are counted in order once it is here.
 * If it cannot be fetched (offline, a deploy long ago), nothing is counted and nothing is said.
 */
export function VisitRecorder() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordPageView({ pathname, search, origin: window.location.origin }, { referrer: document.referrer });
    if (!counting) return;
    counter ??= import("~/lib/visit-count");
    counter.then((module) => module.countPageView(pathname, search)).catch(() => {});
  }, [pathname, search]);
  return null;
}
