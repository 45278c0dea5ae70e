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

/**
 * How many pages of each kind the site has: the spec's route table (10 services, 10 industries, 6 articles)
 * is the product, so a record added or removed by mistake fails the build. To add or remove a page on
 * purpose, change its record AND its count here in the same commit.
 */
export const pageCounts = { services: 10, industries: 10, resources: 6 } as const;

const uniqueSlugs = <T extends { slug: string }>(items: T[]) => new Set(items.map((i) => i.slug)).size === items.length;
const pageList = <T extends { slug: string }>(schema: z.ZodType<T>, count: number) =>
  z.array(schema).length(count, `the site has exactly ${count} of these pages (pageCounts)`).refine(uniqueSlugs, "duplicate slug");

export const serviceList = pageList(serviceSchema, pageCounts.services);
export const industryList = pageList(industrySchema, pageCounts.industries);
export const resourceList = pageList(resourceSchema, pageCounts.resources);

export const services = serviceList.parse(rawServices);
export const industries = industryList.parse(rawIndustries);
export const resources = resourceList.parse(rawResources);

/** The page's slug: the last segment of its URL (each page is its own route, see app/routes.ts). */
export const slugOf = (request: Request) => new URL(request.url).pathname.split("/").filter(Boolean).at(-1);

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
