import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "~/config/paths";

/** The spec's not-found page: "404", the heading, a link home; the missing path goes to the console. */
export function NotFoundMessage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-28 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-slate-600">The page you are looking for has moved or never existed.</p>
      <Link to={paths.home} className="mt-8 font-semibold text-brand-700 underline hover:text-brand-900">
        Return to Home
      </Link>
    </div>
  );
}
