import { type Collection, collections } from "../app/content/files.server";
import { fileIssues } from "../app/content/issues";
import { homeSchema, industrySchema, resourceSchema, serviceSchema } from "../app/content/schema";

/*
 * The last check before the editor writes: every file in a save must pass the same schemas as the build,
 * or nothing of the save is written. The form already refuses these values; this holds even if it did not.
 */

const pageSchemas: Record<Collection, typeof serviceSchema | typeof industrySchema | typeof resourceSchema> = {
  services: serviceSchema,
  industries: industrySchema,
  resources: resourceSchema,
};

/** Why a file the editor wants to write would fail the build; empty when it would not. */
export function saveIssues(path: string, contents: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(contents);
  } catch {
    return [`${path}: not valid JSON`];
  }
  if (path === "home.json") return fileIssues(homeSchema, data).map((issue) => `${path}: ${issue}`);
  const match = /^([a-z]+)\/([^/]+)\.json$/.exec(path);
  const kind = collections.find((k) => k === match?.[1]);
  if (!match || !kind) return [`${path}: the editor writes only home.json and ${collections.map((k) => `${k}/*.json`).join(", ")}`];
  if (data && typeof data === "object" && "slug" in data) return [`${path}: "slug" is not a field; the file name is the slug`];
  return fileIssues(pageSchemas[kind], { slug: match[2], ...(data as object) }).map((issue) => `${path}: ${issue}`);
}
