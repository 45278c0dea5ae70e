import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths, type HomeSection } from "~/config/paths";
import { scrollToElementId, scrollToTop, SECTION_DELAY_MS, TOP_DELAY_MS } from "./scroll";

export type SectionTarget = HomeSection | "top";

/** Scrolls to a home page section (and focuses it), first going to "/" when on another page. */
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
      setTimeout(scroll, target === "top" ? TOP_DELAY_MS : SECTION_DELAY_MS);
    },
    [navigate, pathname],
  );
}
