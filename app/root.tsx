import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
// Linked by the prerender only: the build inlines it into every page (scripts/inline-styles.mjs), so the client never renders the link.
import stylesheet from "./app.css?url";
import { footerLinks } from "~/config/footer";
import { paths } from "~/config/paths";
import { popoverPolyfillUrl } from "virtual:popover-polyfill";
import { afterContentScript, beforeHydrationScript } from "~/lib/before-hydration";
import { Enhancement } from "~/components/enhancement";
import { ScrollManager } from "~/components/scroll-manager";
import { SiteFooter, type FooterData } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { site } from "~/config/site";
import { SiteToaster } from "~/components/site-toaster";
import { VisitRecorder } from "~/components/visit-recorder";
import { HydrateApart } from "~/components/ui/hydrate-apart";
import { findIndustry, findService, resources } from "~/content/catalog.server";

// Runs at build time: the footer's link titles come from the content, which never ships to the client.
export function loader(): FooterData {
  const pick = <T extends { slug: string; title: string }>(items: (T | undefined)[], href: (slug: string) => string) =>
    items.filter((item): item is T => item !== undefined).map((item) => ({ title: item.title, href: href(item.slug) }));
  return {
    services: pick(footerLinks.services.map(findService), paths.service),
    industries: pick(footerLinks.industries.map(findIndustry), paths.industry),
    resources: pick(resources, paths.resource),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e2a4a" />
        <Meta />
        <Links />
        {/* Only in the prerendered HTML: hydration leaves head elements it did not render, and the client bundle
            does not carry them. */}
        {import.meta.env.SSR ? (
          <>
            <link rel="stylesheet" href={stylesheet} />
            <script dangerouslySetInnerHTML={{ __html: beforeHydrationScript(popoverPolyfillUrl) }} />
            {/* Without JavaScript, what only a script would complete is not shown as if it were on its way, and the
                menu's items are the ones that reload the page (site-header.tsx), so that choosing one closes it. */}
            <noscript>
              <style>{"[data-captcha-phase],.menu-scripted{display:none}"}</style>
            </noscript>
          </>
        ) : null}
      </head>
      <body>
        {children}
        <Scripts />
        {/* Prerendered only, like the head's script. After <Scripts /> (only React Router's streamed route data follows it, and the router waits for that data), where hydration passes over what it did not render.
            It asks for /count.js only in the build (the dev server has no such file, and no /api/visit). */}
        {import.meta.env.SSR ? <script dangerouslySetInnerHTML={{ __html: afterContentScript(import.meta.env.PROD && import.meta.env.VITE_ANALYTICS !== "off") }} /> : null}
      </body>
    </html>
  );
}

// Not in every page's first load: fetched as the page hydrates, needed only after a deploy (decision 31). If it
// cannot be fetched, nothing is said (no error for React to report) and React Router's own behaviour stays.
const StaleCodeNavigation = lazy(() =>
  import("~/components/stale-code-navigation").then(
    (module) => ({ default: module.StaleCodeNavigation }),
    () => ({ default: () => null }),
  ),
);

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // Marks the page as interactive (hydrated); browser tests and progressive styles can wait for it.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to main content
      </a>
      {/* The shell hydrates first and holds next to nothing; each band hydrates apart (a tap in one hydrates it alone). */}
      <HydrateApart>
        <SiteHeader />
      </HydrateApart>
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <HydrateApart>
        <SiteFooter links={loaderData} />
      </HydrateApart>
      {/* What only improves a whole page: if one of them fails, it is logged and skipped, never the page. */}
      <Enhancement name="Scroll manager">
        <ScrollManager />
      </Enhancement>
      <Enhancement name="Lead attribution">
        <VisitRecorder />
      </Enhancement>
      <Enhancement name="Toasts">
        <SiteToaster />
      </Enhancement>
      <Enhancement name="Navigation after a deploy">
        <Suspense>
          <StaleCodeNavigation />
        </Suspense>
      </Enhancement>
    </>
  );
}

// Only needed on a rare path (below): not in every page's first load.
const NotFoundMessage = lazy(() => import("~/components/not-found-message").then((module) => ({ default: module.NotFoundMessage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const footerLinks = useRouteLoaderData<typeof loader>("root");
  // A page's data that is not there is a page that is not there: the not-found page, in the site's frame. React
  // Router 7.18's client matches routes without regard to case (it drops `caseSensitive`), so a link to
  // /SERVICES/cloud-migration ends here, on the 404 the server gives its data.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`Page not found | ${site.name}`}</title>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="outline-none">
          <Suspense>
            <NotFoundMessage />
          </Suspense>
        </main>
        {footerLinks ? <SiteFooter links={footerLinks} /> : null}
      </>
    );
  }
  // The spec's fallback screen: the status and text of an error response; for a thrown error its message and stack,
  // in development only. A visitor of the built site gets a plain sentence: a message or stack is internals.
  let detail = "Something went wrong while showing this page. Please try again, or start from the home page.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
    stack = error.stack;
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-slate-700">{detail}</p>
      {stack ? <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-sm">{stack}</pre> : null}
      <a href={paths.home} className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </main>
  );
}
