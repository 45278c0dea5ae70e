import type { Config } from "@react-router/dev/config";
import { allRoutePaths } from "./app/content/catalog.server";

export default {
  ssr: false,
  // Every page of the site is static HTML; "/404" is served by the server with status 404.
  async prerender() {
    return [...allRoutePaths(), "/404", "/sitemap.xml", "/robots.txt"];
  },
} satisfies Config;
