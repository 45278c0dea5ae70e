import { type Collection, collections, readOrder } from "../app/content/files.server";
import { fileIssues } from "../app/content/issues";
import { homeSchema, industrySchema, resourceSchema, serviceSchema } from "../app/content/schema";
import { keystaticRoute } from "./keystatic-route";
import { techIconSlugs } from "./tech-icon-slugs";
import { unknownLogoMessage } from "./tech-icons";

/*
 * The last check before the local editor writes: every file in a save must pass the same checks as the build
 * (schema, technology logos, the list of pages), or nothing of the save is written. The form already refuses
 * these values; this holds even if it did not. (The live editor commits to GitHub: there the pull request's
 * tests are the gate.)
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
  if (!readOrder()[kind].includes(match[2]!)) return [`${path}: not a page of the site (app/content/order.json): adding or renaming a page is a developer's change`];
  const issues = fileIssues(pageSchemas[kind], { slug: match[2], ...(data as object) });
  if (!issues.length && kind === "services") issues.push(...unknownLogos(data));
  return issues.map((issue) => `${path}: ${issue}`);
}

/** Technology logos the build cannot draw (it fails with "Unknown simple-icons slug"). */
function unknownLogos(data: unknown): string[] {
  const capabilities = (data as { capabilities?: { icons?: string[] }[] }).capabilities ?? [];
  return capabilities.flatMap((capability, i) =>
    (capability.icons ?? []).flatMap((slug, j) => (techIconSlugs.has(slug) ? [] : [`capabilities.${i}.icons.${j}: ${unknownLogoMessage(slug)}`])),
  );
}

/** Why a file may not be deleted: every page of the site is listed in order.json, and home.json is the home page. */
export function deletionIssues(path: string): string[] {
  const match = /^([a-z]+)\/([^/]+)\.json$/.exec(path);
  const kind = collections.find((k) => k === match?.[1]);
  if (kind && !readOrder()[kind].includes(match![2]!)) return [];
  return [`${path}: a page of the site cannot be deleted or renamed in the editor: that is a developer's change (see "What the editor will not do" in docs/content.md)`];
}

/**
 * The address Keystatic's handler is given for a request (`url` below /api/keystatic), the same one the gate
 * reads: built on a fixed origin, never on the Host header, which could otherwise carry a route of its own
 * (Host: "…/api/keystatic/update?" in front of /tree).
 */
export const keystaticRequestUrl = (url: string) => new URL(`http://editor/api/keystatic${url}`);

/**
 * The gate on a request to the local API (`url` below /api/keystatic): an answer that refuses it, or undefined
 * to let Keystatic's handler run. Saves (POST update) are checked whole: additions and deletions.
 */
export function gateRequest(method: string, url: string, body: Buffer | undefined): { status: number; text: string } | undefined {
  const route = keystaticRoute(keystaticRequestUrl(url).pathname);
  if (route === undefined) return { status: 400, text: "Bad request" };
  if (method !== "POST" || route !== "update") return undefined;
  let issues: string[];
  try {
    const { additions = [], deletions = [] } = JSON.parse(body?.toString("utf8") ?? "") as { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
    issues = [
      ...additions.flatMap((a) => saveIssues(String(a.path), Buffer.from(String(a.contents), "base64url").toString("utf8"))),
      ...deletions.flatMap((d) => deletionIssues(String(d.path))),
    ];
  } catch {
    return { status: 400, text: "Bad data" };
  }
  return issues.length ? { status: 422, text: `Not saved: ${issues.join("; ")}` } : undefined;
}
