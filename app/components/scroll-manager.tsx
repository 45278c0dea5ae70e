import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { scrollToElementId } from "~/lib/scroll";

/**
 * Replaces React Router's ScrollRestoration: a new path starts at the top, and an address with a hash
 * scrolls smoothly to its element and then drops the hash from the address (no new history entry).
 */
export function ScrollManager() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const lastPathname = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = lastPathname.current !== null && lastPathname.current !== pathname;
    lastPathname.current = pathname;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      void scrollToElementId(id).then(() => {
        void navigate({ pathname, search }, { replace: true, preventScrollReset: true, state });
      });
    } else if (pathChanged) {
      window.scrollTo(0, 0);
    }
  }, [pathname, search, hash, state, navigate]);

  return null;
}
