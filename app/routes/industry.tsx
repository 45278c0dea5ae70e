import { data } from "react-router";
import type { Route } from "./+types/industry";
import { paths } from "~/config/paths";
import { site } from "~/config/site";
import { findIndustry, slugOf } from "~/content/catalog.server";
import { IndustryPage } from "~/layouts/industry-page";
import { buildSeo, seoMeta, withoutSeo } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const industry = findIndustry(slugOf(request));
  if (!industry) throw data(null, { status: 404, statusText: "Not Found" }); // unreachable: app/routes.ts lists known pages only
  return {
    industry: withoutSeo(industry),
    seo: buildSeo({ title: `${industry.seo.title} | ${site.name}`, description: industry.seo.description, path: paths.industry(industry.slug) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function IndustryRoute({ loaderData }: Route.ComponentProps) {
  return <IndustryPage industry={loaderData.industry} />;
}
