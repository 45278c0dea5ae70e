import { z } from "zod";
import { paths } from "../config/paths";
import { type Collection, type PageOrder, readCollection, readContentFile, readOrder, shownFile } from "./files.server";
import { homeSchema, industrySchema, resourceSchema, serviceSchema } from "./schema";
import { fileIssues } from "./issues";

/*
 * Content read from app/content/*.json and parsed against its schema. Only loaders (which run at build time)
 * import this module, so a bad file fails the build, naming the file and the field, and the copy never
 * ships in the client bundle.
 */

function parseFile<T>(schema: z.ZodType<T>, file: string, value: unknown): T {
  const problems = fileIssues(schema, value);
  if (problems.length) throw new Error(`${shownFile(file)} does not match the schema:\n  ${problems.join("\n  ")}`);
  return schema.parse(value);
}

/** A record of each file of a kind: its slug is its file name, and a "slug" key in the file is refused. */
const recordsOf = <T>(kind: Collection, schema: z.ZodType<T>, order: PageOrder) =>
  readCollection(kind, order).map(({ slug, file, data }) => {
    if (data && typeof data === "object" && "slug" in data) throw new Error(`${shownFile(file)}: "slug" is not a field; the file name is the slug`);
    return parseFile(schema, file, { slug, ...(data as object) });
  });

const order = readOrder();

/**
 * How many pages of each kind the site has: the lengths of the lists in order.json. To add or remove a page,
 * add or delete its file AND its line in order.json in the same commit; either one alone fails the build.
 */
export const pageCounts = { services: order.services.length, industries: order.industries.length, resources: order.resources.length };

const uniqueSlugs = <T extends { slug: string }>(items: T[]) => new Set(items.map((i) => i.slug)).size === items.length;
const pageList = <T extends { slug: string }>(schema: z.ZodType<T>, count: number) =>
  z.array(schema).length(count, `the site has exactly ${count} of these pages (order.json)`).refine(uniqueSlugs, "duplicate slug");

export const serviceList = pageList(serviceSchema, pageCounts.services);
export const industryList = pageList(industrySchema, pageCounts.industries);
export const resourceList = pageList(resourceSchema, pageCounts.resources);

export const services = serviceList.parse(recordsOf("services", serviceSchema, order));
export const industries = industryList.parse(recordsOf("industries", industrySchema, order));
export const resources = resourceList.parse(recordsOf("resources", resourceSchema, order));

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

export const home = parseFile(homeSchema, "home.json", readContentFile("home.json"));
