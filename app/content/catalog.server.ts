import { z } from "zod";
import { paths } from "../config/paths";
import { industries as rawIndustries } from "./industries";
import { resources as rawResources } from "./resources";
import { home as rawHome } from "./home";
import { homeSchema, industrySchema, resourceSchema, serviceSchema } from "./schema";
import { services as rawServices } from "./services";

/*
 * Content parsed against its schema. Only loaders (which run at build time) import this module,
 * so a bad string fails the build and the copy never ships in the client bundle.
 */
const uniqueSlugs = <T extends { slug: string }>(items: T[]) => new Set(items.map((i) => i.slug)).size === items.length;

export const services = z.array(serviceSchema).length(10).refine(uniqueSlugs, "duplicate slug").parse(rawServices);
export const industries = z.array(industrySchema).length(10).refine(uniqueSlugs, "duplicate slug").parse(rawIndustries);
export const resources = z.array(resourceSchema).length(6).refine(uniqueSlugs, "duplicate slug").parse(rawResources);

export const findService = (slug: string | undefined) => services.find((s) => s.slug === slug);
export const findIndustry = (slug: string | undefined) => industries.find((s) => s.slug === slug);
export const findResource = (slug: string | undefined) => resources.find((s) => s.slug === slug);

/** Every page of the site, in the order of the spec's route table. */
export function allRoutePaths(): string[] {
  return [
    paths.home,
    ...services.map((s) => paths.service(s.slug)),
    ...industries.map((s) => paths.industry(s.slug)),
    ...resources.map((s) => paths.resource(s.slug)),
  ];
}

export const home = homeSchema.parse(rawHome);
