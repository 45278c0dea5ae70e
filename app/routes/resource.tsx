import { data } from "react-router";
import type { Route } from "./+types/resource";
import { paths } from "~/config/paths";
import { site } from "~/config/site";
import { findResource, slugOf } from "~/content/catalog.server";
import { ResourcePage } from "~/layouts/resource-page";
import { buildSeo, seoMeta, withoutSeo } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const resource = findResource(slugOf(request));
  if (!resource) throw data(null, { status: 404, statusText: "Not Found" }); // unreachable: app/routes.ts lists known pages only
  // The spec fixes each article's tab title, so it carries no brand suffix.
  return {
    resource: withoutSeo(resource),
    seo: buildSeo({
      title: resource.seo.title,
      description: resource.seo.description,
      path: paths.resource(resource.slug),
      type: "article",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: resource.headline,
        description: resource.seo.description,
        articleSection: resource.category,
        timeRequired: `PT${resource.readTime}M`,
        publisher: { "@type": "Organization", name: site.legalName },
        author: { "@type": "Organization", name: site.legalName },
      },
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ResourceRoute({ loaderData }: Route.ComponentProps) {
  return <ResourcePage resource={loaderData.resource} />;
}
