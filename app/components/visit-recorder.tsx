import { useEffect } from "react";
import { useLocation } from "react-router";
import { countPageView } from "~/lib/visit-count";
import { recordPageView } from "~/lib/visit-source";

/**
 * Counts each page of the visit, client-side navigations included, for the contact form's source, and as a
 * page view on the site's own server (visit counts, decision 34).
 */
export function VisitRecorder() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordPageView({ pathname, search, origin: window.location.origin }, { referrer: document.referrer });
    countPageView(pathname, search);
  }, [pathname, search]);
  return null;
}
