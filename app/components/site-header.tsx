import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { site } from "~/config/site";
import type { HomeSection } from "~/config/paths";
import { SectionLink } from "./section-link";
import { buttonClass } from "./ui/button";
import { BrandMark } from "./brand-mark";

const navItems: { label: string; section: HomeSection }[] = [
  { label: "Services", section: "services" },
  { label: "Industries", section: "industries" },
  { label: "Resources", section: "resources" },
  { label: "About", section: "about" },
];
const connectLabel = "Let’s Connect";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  // Closed synchronously, before the item's scroll measures the page: the open menu takes up space above every section.
  const closeMenu = () => flushSync(() => setMenuOpen(false));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur">
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

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      <nav id="mobile-menu" aria-label="Mobile" hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <ul className="space-y-1 px-4 py-4">
          {navItems.map((item) => (
            <li key={item.section}>
              <SectionLink to={item.section} onClick={closeMenu} className="block rounded-md px-3 py-3 font-medium text-slate-700 hover:bg-slate-50">
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
      </nav>
    </header>
  );
}
