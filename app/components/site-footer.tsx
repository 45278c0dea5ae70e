import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { placeholderLinks } from "~/config/footer";
import { site } from "~/config/site";
import { BrandMark } from "./brand-mark";
import { SectionLink } from "./section-link";

export type FooterLink = { title: string; href: string };
export type FooterData = { services: FooterLink[]; industries: FooterLink[]; resources: FooterLink[] };

const linkClass = "rounded-sm text-slate-300 hover:text-white";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  );
}

function PageLinks({ links }: { links: FooterLink[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <Link to={link.href} className={linkClass}>
        {link.title}
      </Link>
    </li>
  ));
}

const stayPut = (event: MouseEvent) => event.preventDefault();

export function SiteFooter({ links }: { links: FooterData }) {
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark className="size-7" />
            {site.name}
          </p>
          <p className="mt-4 text-sm">{site.tagline}</p>
        </div>
        {/* The site's navigation on a phone, where the header's is behind the menu button: a landmark. Laid out in
            app.css (footer nav) rather than by class names, which would add to every page's JavaScript. */}
        <nav aria-label="Footer">
          <FooterColumn title="Services">
            <PageLinks links={links.services} />
            <li>
              <SectionLink to="services" className={linkClass}>
                More+
              </SectionLink>
            </li>
          </FooterColumn>
          <FooterColumn title="Industries">
            <PageLinks links={links.industries} />
            <li>
              <SectionLink to="industries" className={linkClass}>
                More+
              </SectionLink>
            </li>
          </FooterColumn>
          <FooterColumn title="Resources">
            <PageLinks links={links.resources} />
          </FooterColumn>
          <FooterColumn title="Company">
            <li>
              <SectionLink to="about" className={linkClass}>
                About Us
              </SectionLink>
            </li>
            <li>
              <SectionLink to="contact" className={linkClass}>
                Contact
              </SectionLink>
            </li>
            <li>Careers</li>
          </FooterColumn>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {site.copyrightYear} {site.legalName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {placeholderLinks.map((label) => (
              <li key={label}>
                <a href="#" onClick={stayPut} aria-disabled="true" className={linkClass}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
