import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths, type HomeSection } from "~/config/paths";
import { scrollToElementId, scrollToTop, SECTION_DELAY_MS, TOP_DELAY_MS } from "./scroll";

export type SectionTarget = HomeSection | "top";

/**
 * Resolves on the first frame in which the element is in the page: the navigation has resolved, but React
 * may still be rendering the new page (on a slow phone for hundreds of ms). Gives up after 3 s.
 */
function rendered(id: string): Promise<void> {
  const giveUp = performance.now() + 3000;
  return new Promise((resolve) => {
    const check = () => (document.getElementById(id) || performance.now() > giveUp ? resolve() : requestAnimationFrame(check));
    check();
  });
}

/**
 * Scrolls to a home page section (and focuses it), first going to "/" when on another page; there the
 * spec's pause (500 ms for a section, 100 ms for the top) counts from when the home page is on screen.
 */
export function useGoToSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(
    async (target: SectionTarget) => {
      const scroll = () => (target === "top" ? scrollToTop() : scrollToElementId(target));
      if (pathname === paths.home) {
        await scroll();
        return;
      }
      await navigate(paths.home);
      await rendered(target === "top" ? "hero" : target);
      setTimeout(scroll, target === "top" ? TOP_DELAY_MS : SECTION_DELAY_MS);
    },
    [navigate, pathname],
  );
}
