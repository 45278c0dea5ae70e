import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { z } from "zod";

/*
 * The copy is data: one JSON file per page under services/, industries/ and resources/ (the file name is
 * the page's slug), home.json, and order.json, the list of pages of each kind in the order of the home page's
 * cards. Only build-time code reads these files (loaders, the route list, tests), never the browser bundle.
 */

/** Where the copy is read from: app/content, or the folder named by CONTENT_DIR (the editor's tests use a copy). */
export const contentDir = () => resolve(process.env.CONTENT_DIR ?? "app/content");

export const collections = ["services", "industries", "resources"] as const;
export type Collection = (typeof collections)[number];

/** A path as people see it in an error: relative to the project. */
const shown = (path: string) => relative(process.cwd(), path) || path;
/** A content file (e.g. "services/ux-design.json") as people see it in an error. */
export const shownFile = (file: string) => shown(join(contentDir(), file));

/** A content file's parsed JSON; a missing file or a syntax error names the file. */
export function readContentFile(file: string): unknown {
  const path = join(contentDir(), file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new Error(`${shown(path)}: file not found`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${shown(path)}: not valid JSON (${(error as Error).message})`);
  }
}

// Entries are checked against the file names, and file names against the schema's slug pattern.
const uniqueList = z
  .array(z.string())
  .refine((slugs) => new Set(slugs).size === slugs.length, "a page is listed twice");
export const orderSchema = z.object({ services: uniqueList, industries: uniqueList, resources: uniqueList }).strict();
export type PageOrder = z.output<typeof orderSchema>;

/** The pages of each kind, in order (order.json). */
export function readOrder(): PageOrder {
  const result = orderSchema.safeParse(readContentFile("order.json"));
  if (!result.success) throw new Error(`${shown(join(contentDir(), "order.json"))}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * The records of one kind, in the order of order.json, each with its slug (its file name) first.
 * The list and the folder must name the same pages: a page added or removed by mistake fails the build.
 */
export function readCollection(kind: Collection, order: PageOrder = readOrder()): { slug: string; file: string; data: unknown }[] {
  const folder = join(contentDir(), kind);
  const files = readdirSync(folder).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length));
  const listed = order[kind];
  const unlisted = files.filter((slug) => !listed.includes(slug));
  const missing = listed.filter((slug) => !files.includes(slug));
  if (unlisted.length || missing.length) {
    const problems = [
      ...unlisted.map((slug) => `${kind}/${slug}.json is not in the "${kind}" list`),
      ...missing.map((slug) => `"${slug}" is in the "${kind}" list but ${kind}/${slug}.json does not exist`),
    ];
    throw new Error(`${shown(join(contentDir(), "order.json"))} and the files disagree: ${problems.join("; ")}`);
  }
  return listed.map((slug) => ({ slug, file: `${kind}/${slug}.json`, data: readContentFile(`${kind}/${slug}.json`) }));
}

/** The records of one kind as the schema sees them: the slug (file name) plus the file's fields. */
export const rawRecords = (kind: Collection, order?: PageOrder) =>
  readCollection(kind, order).map(({ slug, data }) => ({ slug, ...(data as object) }) as { slug: string } & Record<string, unknown>);
