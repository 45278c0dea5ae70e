import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { focusWithoutScroll, idFromHash, pageHeading, scrollToElementId } from "~/lib/scroll";

/** Where the visitor was on each history entry, so Back and Forward return there. */
const positions = new Map<string, number>();

/**
 * Replaces React Router's ScrollRestoration: a new path starts at the top with focus on its main heading
 * (so screen readers announce the new page), Back and Forward return to where the visitor was, and an
 * address with a hash scrolls smoothly to its element, focuses it, then drops the hash from the address
 * (no new history entry). Any hash is safe: one that names no element scrolls nowhere and is dropped too.
 */
export function ScrollManager() {
  const { pathname, search, hash, state, key } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const lastPathname = useRef<string | null>(null);

  useEffect(() => {
    // The browser's own restoration would fight ours, and run before the previous page is rendered again.
    window.history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", remember);
    };
  }, [key]);

  useEffect(() => {
    const pathChanged = lastPathname.current !== null && lastPathname.current !== pathname;
    lastPathname.current = pathname;
    if (hash) {
      void scrollToElementId(idFromHash(hash)).then(() => {
        void navigate({ pathname, search }, { replace: true, preventScrollReset: true, state });
      });
    } else if (pathChanged) {
      window.scrollTo(0, navigationType === "POP" ? (positions.get(key) ?? 0) : 0);
      // Back and Forward leave focus alone: the heading may be far from the restored position.
      const heading = navigationType === "POP" ? null : pageHeading();
      if (heading) focusWithoutScroll(heading);
    }
  }, [pathname, search, hash, state, key, navigationType, navigate]);

  return null;
}
