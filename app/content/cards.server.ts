import { paths } from "~/config/paths";
import type { Industry, Resource, Service } from "./schema";

// Home page cards, derived from the page records so that one edit changes both places.
export const toServiceCard = (s: Service) => ({ title: s.title, summary: s.summary, icon: s.icon, href: paths.service(s.slug) });
export const toIndustryCard = (i: Industry) => ({
  title: i.title,
  summary: i.summary,
  statsLabel: i.statsLabel,
  image: i.image,
  href: paths.industry(i.slug),
});
export const toResourceCard = (r: Resource) => ({
  title: r.title,
  summary: r.summary,
  category: r.category,
  readTime: r.readTime,
  image: r.image,
  href: paths.resource(r.slug),
});

export type ServiceCardData = ReturnType<typeof toServiceCard>;
export type IndustryCardData = ReturnType<typeof toIndustryCard>;
export type ResourceCardData = ReturnType<typeof toResourceCard>;
