import { describe, expect, it } from "vitest";
import { homeSections, paths } from "~/config/paths";
import { footerLinks } from "~/config/footer";
import { allRoutePaths, findIndustry, findService, home, industries, resources, services } from "./catalog.server";
import { toIndustryCard, toResourceCard, toServiceCard } from "./cards.server";
import { industrySchema, resourceSchema, serviceSchema } from "./schema";
import { industries as rawIndustries } from "./industries";
import { resources as rawResources } from "./resources";
import { services as rawServices } from "./services";
import { hasTechIcon } from "./tech-icons.server";

// The spec's route table, in order: the content must produce exactly these pages.
const specRoutes = [
  "/",
  ...["application-development", "cloud-migration", "ai-ml-services", "ux-design", "platform-modernization", "digital-transformation", "intelligent-enterprise", "observability-sre", "cybersecurity", "implementation-partnerships"].map((s) => `/services/${s}`),
  ...["manufacturing-supply-chain", "retail-ecommerce", "healthcare-life-sciences", "gaming-immersive-tech", "defense-mining", "automotive-aviation", "energy-infrastructure", "telecom-real-estate", "bfsi-compliance-tech", "travel-mobility-logistics"].map((s) => `/industries/${s}`),
  ...["digital-twins", "smart-audits", "retail-technology", "predictive-maintenance", "industrial-revolutions", "carbon-credits"].map((s) => `/resources/${s}`),
];

describe("content", () => {
  it.each(rawServices.map((s) => [s.slug, s]))("service %s matches the schema", (_slug, record) => {
    expect(serviceSchema.safeParse(record).error?.issues ?? []).toEqual([]);
  });
  it.each(rawIndustries.map((s) => [s.slug, s]))("industry %s matches the schema", (_slug, record) => {
    expect(industrySchema.safeParse(record).error?.issues ?? []).toEqual([]);
  });
  it.each(rawResources.map((s) => [s.slug, s]))("resource %s matches the schema", (_slug, record) => {
    expect(resourceSchema.safeParse(record).error?.issues ?? []).toEqual([]);
  });

  it("produces exactly the 27 routes of the spec's table, in order", () => {
    expect(allRoutePaths()).toEqual(specRoutes);
  });

  it("links every card to an existing route", () => {
    const routes = new Set(allRoutePaths());
    const cards = [...services.map(toServiceCard), ...industries.map(toIndustryCard), ...resources.map(toResourceCard)];
    for (const card of cards) expect(routes, card.href).toContain(card.href);
  });

  it("names only footer pages that exist", () => {
    for (const slug of footerLinks.services) expect(findService(slug), slug).toBeDefined();
    for (const slug of footerLinks.industries) expect(findIndustry(slug), slug).toBeDefined();
  });

  it("names only technology logos that simple-icons has", () => {
    const slugs = services.flatMap((s) => s.capabilities.flatMap((c) => c.icons));
    expect(slugs.filter((slug) => !hasTechIcon(slug))).toEqual([]);
  });

  it("has a section for every home anchor", () => {
    expect(homeSections).toEqual(["hero", "services", "industries", "resources", "about", "contact"]);
    expect(home.contact.title).toBe("Let's Build the Future Together");
    expect(paths.section("contact")).toBe("/#contact");
  });

  it("never repeats a sentence across pages", () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    const records = [...services, ...industries, ...resources];
    for (const record of records) {
      const sentences = JSON.stringify(record)
        .split(/(?<=[.!?])\s+|","|":"/)
        .map((s) => s.trim())
        .filter((s) => s.split(" ").length >= 8);
      for (const sentence of new Set(sentences)) {
        const other = seen.get(sentence);
        if (other && other !== record.slug) repeats.push(`${record.slug} / ${other}: ${sentence}`);
        seen.set(sentence, record.slug);
      }
    }
    expect(repeats).toEqual([]);
  });
});
