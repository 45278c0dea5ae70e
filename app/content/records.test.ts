import { describe, expect, it } from "vitest";
import { rawRecords, readContentFile } from "./files.server";
import { fileIssues } from "./issues";
import { figurePattern, homeSchema, impactSchema, industrySchema, resourceSchema, serviceSchema, type ServiceInput } from "./schema";

/*
 * Each content file against its schema, one test per file so a failure names the page.
 */
const rawServices = rawRecords("services") as unknown as ServiceInput[];
const rawIndustries = rawRecords("industries");
const rawResources = rawRecords("resources");
const rawHome = readContentFile("home.json");
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("content records", () => {
  it.each(rawServices.map((s) => [s.slug, s]))("services/%s.json matches the schema", (_slug, record) => {
    expect(fileIssues(serviceSchema, record)).toEqual([]);
  });
  it.each(rawIndustries.map((s) => [s.slug, s]))("industries/%s.json matches the schema", (_slug, record) => {
    expect(fileIssues(industrySchema, record)).toEqual([]);
  });
  it.each(rawResources.map((s) => [s.slug, s]))("resources/%s.json matches the schema", (_slug, record) => {
    expect(fileIssues(resourceSchema, record)).toEqual([]);
  });
  it("home.json matches the schema", () => {
    expect(fileIssues(homeSchema, rawHome)).toEqual([]);
  });

  it("names the offending field of a bad record", () => {
    const first = rawServices[0]!;
    const broken = { ...first, impacts: first.impacts.map((impact, i) => (i === 2 ? { ...impact, value: "Minutes" } : impact)) };
    expect(issues(serviceSchema.safeParse(broken))).toEqual([expect.stringMatching(/^impacts\.2\.value: must be a figure/)]);
  });

  it("names a misspelt key, which zod alone would drop", () => {
    const first = rawServices[0]!;
    const misspelt = { ...first, seo: { ...first.seo, descripton: "typo" } };
    expect(fileIssues(serviceSchema, misspelt)).toEqual(["seo.descripton: not a field of this kind of page (misspelt?)"]);
  });
});

describe("impact headlines are figures", () => {
  it.each(["25-40%", "99.98%", "2.5M+", "30-50%", "$2M+", "$5M+", "99.99%", "45%", "35%", "3x", "25%+", "50%+", "<15 min", "<1 hour", "8-12 wks", "90 days", "24/7"])(
    "accepts %s",
    (value) => expect(value).toMatch(figurePattern),
  );
  // The seven words the pages used to show, and other words that are not figures.
  it.each(["Minutes", "One", "WCAG 2.2 AA", "Daily", "Zero", "Quarterly", "Day 1", "Fast", "x3", "%", "10 apples"])("rejects %s", (value) => {
    expect(value).not.toMatch(figurePattern);
    expect(impactSchema.safeParse({ value, heading: "Heading", description: "A description long enough for the schema's minimum length." }).success).toBe(false);
  });

  it("keeps the spec's Application Development figures verbatim", () => {
    const appDev = rawServices.find((s) => s.slug === "application-development");
    expect(appDev?.impacts.map((i) => i.value)).toEqual(["25-40%", "99.98%", "2.5M+", "30-50%"]);
  });

  it("shows the spec's example figures on some service page", () => {
    const values = rawServices.flatMap((s) => s.impacts.map((i) => i.value));
    for (const figure of ["$2M+", "99.99%", "45%", "35%", "$5M+"]) expect(values).toContain(figure);
  });
});

describe("home copy bundled for the server", () => {
  it("is home.json, parsed", async () => {
    const { home } = await import("./home");
    expect(home).toEqual(homeSchema.parse(readContentFile("home.json")));
  });
});
