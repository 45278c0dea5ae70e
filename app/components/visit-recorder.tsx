import { useEffect } from "react";
import { useLocation } from "react-router";
import { recordPageView } from "~/lib/visit-source";

/** Counts each page of the visit, client-side navigations included, for the contact form's source. */
export function VisitRecorder() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordPageView({ pathname, search, origin: window.location.origin }, { referrer: document.referrer });
  }, [pathname, search]);
  return null;
}
