// Every URL of the site in one place: header, footer, cards and the prerender list read it.
export const homeSections = ["hero", "services", "industries", "resources", "about", "contact"] as const;
export type HomeSection = (typeof homeSections)[number];

export const paths = {
  home: "/",
  section: (id: HomeSection) => `/#${id}`,
  service: (slug: string) => `/services/${slug}`,
  industry: (slug: string) => `/industries/${slug}`,
  resource: (slug: string) => `/resources/${slug}`,
  notFound: "/404",
} as const;

/** Where every call-to-action leads. */
export const contactHref = paths.section("contact");
