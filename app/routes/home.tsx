import type { Route } from "./+types/home";
import { contactConfig } from "~/config/contact";
import { paths } from "~/config/paths";
import { site } from "~/config/site";
import { home, industries, resources, services } from "~/content/catalog.server";
import { toIndustryCard, toResourceCard, toServiceCard } from "~/content/cards.server";
import { HomePage } from "~/layouts/home-page";
import { buildSeo, seoMeta, siteUrl, withoutSeo } from "~/lib/seo";

export function loader() {
  // The e-mail's copy stays on the server; the privacy line is the one for this build's attribution setting.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out so that it is not sent
  const { confirmationEmail, privacyNoteWithoutAttribution, ...contact } = home.contact;
  const privacyNote = contactConfig.attribution ? contact.privacyNote : privacyNoteWithoutAttribution;
  return {
    home: { ...withoutSeo(home), contact: { ...contact, privacyNote } },
    services: services.map(toServiceCard),
    industries: industries.map(toIndustryCard),
    resources: resources.map(toResourceCard),
    seo: buildSeo({
      title: home.seo.title,
      description: home.seo.description,
      path: paths.home,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.legalName,
        url: siteUrl(),
        logo: `${siteUrl()}/icon-512.png`,
        email: site.emails[0],
        telephone: site.phone.href.replace("tel:", ""),
        address: site.offices.map((city) => ({ "@type": "PostalAddress", addressLocality: city })),
      },
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
