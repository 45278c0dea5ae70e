import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { paths } from "./config/paths";
import { industries, resources, services } from "./content/catalog.server";

/*
 * One route module per kind of page, and one route per page, listed from ~/content. A `:slug` route would
 * match any slug: an unknown one such as /services/nope would then load data that does not exist and land on
 * the error screen. With one route per record, every unknown path, whatever its prefix, is the `*` route:
 * the not-found page, both when the server sends it (status 404) and after a client-side link.
 * Case-sensitive, as the server is: it sends /SERVICES/cloud-migration to /services/cloud-migration (301).
 * React Router 7.18's client still matches without regard to case (createClientRoutes drops the flag): there the
 * page's data is not found (the server answers 404 for other spellings of a .data file) and the root's error
 * boundary shows the not-found page.
 */
const pagesOf = (kind: string, file: string, urls: string[]) =>
  urls.map((url) => route(url.slice(1), file, { id: `${kind}${url}`, caseSensitive: true }));

export default [
  index("routes/home.tsx"),
  ...pagesOf("service", "routes/service.tsx", services.map((s) => paths.service(s.slug))),
  ...pagesOf("industry", "routes/industry.tsx", industries.map((i) => paths.industry(i.slug))),
  ...pagesOf("resource", "routes/resource.tsx", resources.map((r) => paths.resource(r.slug))),
  route("sitemap.xml", "routes/sitemap.ts", { caseSensitive: true }),
  route("robots.txt", "routes/robots.ts", { caseSensitive: true }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
