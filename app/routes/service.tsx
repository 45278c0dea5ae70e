import { data } from "react-router";
import type { Route } from "./+types/service";
import { paths } from "~/config/paths";
import { site } from "~/config/site";
import { findService, slugOf } from "~/content/catalog.server";
import { techIcon } from "~/content/tech-icons.server";
import { ServicePage } from "~/layouts/service-page";
import { buildSeo, seoMeta, withoutSeo } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const service = findService(slugOf(request));
  if (!service) throw data(null, { status: 404, statusText: "Not Found" }); // unreachable: app/routes.ts lists known pages only
  const path = paths.service(service.slug);
  return {
    service: {
      ...withoutSeo(service),
      capabilities: service.capabilities.map((c) => ({ ...c, icons: c.icons.map(techIcon) })),
    },
    seo: buildSeo({
      title: `${service.seo.title} | ${site.name}`,
      description: service.seo.description,
      path,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Service",
        name: service.title,
        description: service.seo.description,
        serviceType: service.title,
        provider: { "@type": "Organization", name: site.legalName },
      },
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ServiceRoute({ loaderData }: Route.ComponentProps) {
  return <ServicePage service={loaderData.service} />;
}
