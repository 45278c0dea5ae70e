import { useContext, useLayoutEffect, useRef } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useNavigationType } from "react-router";
import { focusWithoutScroll, idFromHash, pageHeading, scrollToElementId } from "~/lib/scroll";
import { positionsRecord, savedPosition } from "~/lib/scroll-positions";

/**
 * Replaces React Router's ScrollRestoration (decision 30): a new path starts at the top with focus on its main
 * heading (so screen readers announce the new page), Back and Forward return to where the visitor was, and an
 * address with a hash that the visitor follows in the page scrolls smoothly to its element, focuses it, then drops
 * the hash from the address (no new history entry). Any hash is safe: one that names no element scrolls nowhere.
 *
 * Hydration moves nothing: the page is already where the browser or the visitor put it (the native jump to
 * `/#contact`, a position restored by the inline script, or the visitor's own scrolling and typing on a slow phone),
 * so the first render only drops the hash from the address. Focus and scroll change afterwards only for a
 * navigation the visitor made.
 */
export function ScrollManager() {
  const { pathname, search, hash, state, key } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const rendered = useRef<{ pathname: string; key: string } | null>(null);

  useLayoutEffect(() => {
    // The page's own restoration would fight ours (the inline script at the end of the body sets this before React runs too).
    window.history.scrollRestoration = "manual";
    // The router records the position of the page being left when a navigation starts, before the next page
    // replaces it: a scroll event fired later (Firefox fires one as the shorter page clamps the position)
    // can no longer be taken for it. The same hook React Router's own ScrollRestoration uses.
    return router?.enableScrollRestoration(positionsRecord, () => window.scrollY);
  }, [router]);

  useLayoutEffect(() => {
    const previous = rendered.current;
    rendered.current = { pathname, key };
    if (previous === null) {
      if (hash) void navigate({ pathname, search }, { replace: true, preventScrollReset: true, state });
      return;
    }
    if (previous.key === key) return;
    if (hash) {
      void scrollToElementId(idFromHash(hash)).then(() => {
        void navigate({ pathname, search }, { replace: true, preventScrollReset: true, state });
      });
      return;
    }
    if (navigationType === "POP") {
      // Back and Forward leave focus alone: the heading may be far from the restored position.
      const y = savedPosition(key);
      if (y !== undefined) window.scrollTo(0, y);
      else if (previous.pathname !== pathname) window.scrollTo(0, 0);
    } else if (previous.pathname !== pathname) {
      window.scrollTo(0, 0);
      const heading = pageHeading();
      if (heading) focusWithoutScroll(heading);
    }
  }, [pathname, search, hash, state, key, navigationType, navigate]);

  return null;
}
