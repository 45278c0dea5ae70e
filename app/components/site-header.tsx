import { useRef, useState } from "react";
import { useLocation } from "react-router";
import { site } from "~/config/site";
import { paths, type HomeSection } from "~/config/paths";
import { SectionLink } from "./section-link";
import { buttonClass } from "./ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { reportSkipped } from "~/lib/enhancement";
import { BrandMark } from "./brand-mark";

const navItems: { label: string; section: HomeSection }[] = [
  { label: "Services", section: "services" },
  { label: "Industries", section: "industries" },
  { label: "Resources", section: "resources" },
  { label: "About", section: "about" },
];
const connectLabel = "Let’s Connect";
const menuId = "mobile-menu";

/**
 * The menu's state as the platform (or the popover polyfill) keeps it: a tap before hydration may already have
 * opened it. Wiring only: where the platform cannot answer, the menu counts as closed and the page goes on.
 */
function isOpen(menu: HTMLElement | null): boolean {
  try {
    return !!menu && typeof menu.hidePopover === "function" && menu.matches(":popover-open");
  } catch (error) {
    reportSkipped("Menu state", error);
    return false;
  }
}

const MenuIcon = ({ className = "" }: { className?: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} size-6`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
const itemClass = "block rounded-md px-3 py-3 font-medium text-slate-700 hover:bg-slate-50";

/**
 * The menu's items as links that load the page afresh, for where nothing else closes the menu once an item is
 * chosen: JavaScript off (in the popover, inside <noscript>), and the <details> menu of a browser without popovers.
 * On the home page "/#about" would only move within the page, leaving the menu open over the section; "/index.html"
 * loads it again (the server sends it to "/" with a 301, the fragment kept), so the menu is closed on arrival.
 */
function ReloadingItems() {
  const home = useLocation().pathname === paths.home ? "/index.html" : paths.home;
  return (
    <ul className="space-y-1 px-4 py-4">
      {navItems.map((item) => (
        <li key={item.section}>
          <a href={`${home}#${item.section}`} className={itemClass}>
            {item.label}
          </a>
        </li>
      ))}
      <li className="pt-2">
        <a href={`${home}#contact`} className={buttonClass("primary", "md", "w-full")}>
          {connectLabel}
        </a>
      </li>
    </ul>
  );
}

export function SiteHeader() {
  const menuRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  // Only read once hydrated (aria-expanded is absent from the HTML, where the browser exposes the popover's state itself).
  const [menuOpen, setMenuOpen] = useState(() => typeof document !== "undefined" && isOpen(document.getElementById(menuId)));

  const closeMenu = () => {
    if (isOpen(menuRef.current)) menuRef.current?.hidePopover();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <SectionLink to="top" className="flex items-center gap-2 rounded-md text-xl font-bold text-ink" aria-label={`${site.name}, back to the top of the home page`}>
          <BrandMark />
          <span>{site.name}</span>
        </SectionLink>

        <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
          <ul className="flex items-center gap-6">
            {navItems.map((item) => (
              <li key={item.section}>
                <SectionLink to={item.section} className="rounded-md font-medium text-slate-700 hover:text-brand-700">
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <SectionLink to="contact" className={buttonClass("primary", "sm")}>
            {connectLabel}
          </SectionLink>
        </nav>

        {/* popoverTarget opens and closes the menu without script, from the first paint; the label and icon
            follow the menu's state in CSS (app.css), so they are right before hydration too. */}
        <button
          type="button"
          popoverTarget={menuId}
          className="menu-button inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={hydrated ? menuOpen : undefined}
          aria-controls={menuId}
        >
          <span className="menu-closed-only sr-only">Open menu</span>
          <span className="menu-open-only sr-only">Close menu</span>
          <MenuIcon className="menu-closed-only" />
          <svg aria-hidden="true" viewBox="0 0 24 24" className="menu-open-only size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>

        {/* Where there is no popover API and its polyfill has not run (Safari before 17 with JavaScript off, or the
            polyfill failed), CSS shows this instead of the button and the popover (app.css): a disclosure that
            opens, closes, and drops down under the bar, scrolling inside itself, instead of a menu always open. */}
        <details className="menu-fallback">
          <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
            <span className="sr-only">Menu</span>
            <MenuIcon />
          </summary>
          <nav aria-label="Mobile" className="phone-menu-fallback">
            <ReloadingItems />
          </nav>
        </details>
      </div>

      {/* A popover: fixed in the top layer (the browser's own style), placed just under the header bar (app.css);
          a tap outside or Escape closes it, and focus returns to the button. A browser without popovers shows it
          in the flow, always open. */}
      <nav
        ref={menuRef}
        id={menuId}
        popover="auto"
        aria-label="Mobile"
        onToggle={(event) => setMenuOpen(event.newState === "open")}
        className="phone-menu md:hidden"
      >
        {/* With JavaScript off these are replaced by the <noscript> items (the head hides .menu-scripted). */}
        <ul className="menu-scripted space-y-1 px-4 py-4">
          {navItems.map((item) => (
            <li key={item.section}>
              <SectionLink to={item.section} onClick={closeMenu} className={itemClass}>
                {item.label}
              </SectionLink>
            </li>
          ))}
          <li className="pt-2">
            <SectionLink to="contact" onClick={closeMenu} className={buttonClass("primary", "md", "w-full")}>
              {connectLabel}
            </SectionLink>
          </li>
        </ul>
        <noscript>
          <ReloadingItems />
        </noscript>
      </nav>
    </header>
  );
}
