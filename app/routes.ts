import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One route module per kind of page; the pages themselves come from ~/content.
export default [
  index("routes/home.tsx"),
  route("services/:slug", "routes/service.tsx"),
  route("industries/:slug", "routes/industry.tsx"),
  route("resources/:slug", "routes/resource.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
