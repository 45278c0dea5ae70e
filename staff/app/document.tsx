import type { ReactNode } from "react";
import type { StaffAssets } from "../server/assets";
import { hasRole, type Role, type StaffPerson } from "../server/context";
import { site } from "~/config/site";

/** The workspace's pages, each shown to the roles that may open it (operators see all). */
export const sections: { href: string; label: string; role: Role | "any" }[] = [
  { href: "/leads", label: "Leads", role: "sales" },
  { href: "/insights", label: "Insights", role: "marketing" },
  { href: "/staff", label: "People", role: "operator" },
  { href: "/deliveries", label: "Deliveries", role: "operator" },
  { href: "/audit", label: "Audit log", role: "operator" },
  { href: "/account", label: "Account", role: "any" },
];

type Props = { title: string; person: StaffPerson | null; assets: StaffAssets; path: string; children: ReactNode };

/** Every workspace page: a header with the sections the person may open and "Sign out", then the page. */
export function StaffDocument({ title, person, assets, path, children }: Props) {
  const visible = sections.filter((section) => person && (section.role === "any" || hasRole(person, section.role)));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · ${site.name} staff`}</title>
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.script ? <script type="module" src={assets.script} /> : null}
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <a href="/" className="font-semibold text-slate-900 no-underline">
              {site.name} staff
            </a>
            {visible.length > 0 ? (
              <nav aria-label="Workspace" className="order-last w-full sm:order-none sm:w-auto">
                <ul className="flex flex-wrap gap-x-1 gap-y-1">
                  {visible.map((section) => {
                    const current = path === section.href || path.startsWith(`${section.href}/`);
                    return (
                      <li key={section.href}>
                        <a
                          href={section.href}
                          aria-current={current ? "page" : undefined}
                          className={`inline-block rounded px-2 py-2 text-sm ${current ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                        >
                          {section.label}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            ) : null}
            {person ? (
              <form method="post" action="/sign-out" className="ml-auto flex items-center gap-2">
                <span className="hidden text-sm text-slate-600 md:inline">{person.email}</span>
                <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100">
                  Sign out
                </button>
              </form>
            ) : null}
          </div>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}
