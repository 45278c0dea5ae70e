import type { ComponentProps, MouseEvent } from "react";
import { paths } from "~/config/paths";
import { useGoToSection, type SectionTarget } from "~/lib/use-go-to-section";

/**
 * A link to a home page section. It is a real link (works without JavaScript and for crawlers);
 * with JavaScript it runs the site's eased scroll instead of the browser's jump.
 */
export function SectionLink({
  to,
  onClick,
  ...props
}: Omit<ComponentProps<"a">, "href"> & { to: SectionTarget }) {
  const goToSection = useGoToSection();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void goToSection(to);
  };
  return <a href={to === "top" ? paths.home : paths.section(to)} onClick={handleClick} {...props} />;
}
