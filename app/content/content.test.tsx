import { render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { footerLinks } from "~/config/footer";
import { homeSections } from "~/config/paths";
import routeConfig from "~/routes";
import { loader as homeLoader } from "~/routes/home";
import { HomePage } from "~/layouts/home-page";
import { allRoutePaths, findIndustry, findResource, findService, industries, industryList, pageCounts, resources, resourceList, serviceList, services, slugOf } from "./catalog.server";
import { rawRecords } from "./files.server";
import { hasTechIcon } from "./tech-icons.server";

const rawServices = rawRecords("services");
const rawIndustries = rawRecords("industries");
const rawResources = rawRecords("resources");

// The spec's route table, in order, written out by hand: the content must produce exactly these pages.
const specServices = ["application-development", "cloud-migration", "ai-ml-services", "ux-design", "platform-modernization", "digital-transformation", "intelligent-enterprise", "observability-sre", "cybersecurity", "implementation-partnerships"];
const specIndustries = ["manufacturing-supply-chain", "retail-ecommerce", "healthcare-life-sciences", "gaming-immersive-tech", "defense-mining", "automotive-aviation", "energy-infrastructure", "telecom-real-estate", "bfsi-compliance-tech", "travel-mobility-logistics"];
const specResources = ["digital-twins", "smart-audits", "retail-technology", "predictive-maintenance", "industrial-revolutions", "carbon-credits"];
const specRoutes = ["/", ...specServices.map((s) => `/services/${s}`), ...specIndustries.map((s) => `/industries/${s}`), ...specResources.map((s) => `/resources/${s}`)];

// What a page's loader reads for its URL (the same two calls as in app/routes/service.tsx and its siblings).
const pageAt = (path: string) => {
  const slug = slugOf(new Request(`http://localhost${path}`));
  return findService(slug) ?? findIndustry(slug) ?? findResource(slug);
};

describe("pages", () => {
  it("are exactly the 27 routes of the spec's table, in order", () => {
    expect(allRoutePaths()).toEqual(specRoutes);
  });

  it("each have their own route, and nothing else under /services, /industries or /resources does", () => {
    const routePaths = routeConfig.map((r) => `/${r.path ?? ""}`);
    const pagePaths = routePaths.filter((p) => /^\/(services|industries|resources)\//.test(p));
    expect(pagePaths).toEqual(specRoutes.slice(1));
    expect(routePaths).toContain("/*");
  });

  it("count what the spec's table counts", () => {
    expect(pageCounts).toEqual({ services: specServices.length, industries: specIndustries.length, resources: specResources.length });
  });

  it("refuse a record too many or a duplicate slug", () => {
    expect(serviceList.safeParse([...rawServices, rawServices[0]]).success).toBe(false);
    expect(industryList.safeParse(rawIndustries.slice(1)).success).toBe(false);
    const duplicate = rawResources.map((r, i) => (i === 1 ? { ...r, slug: rawResources[0]!.slug } : r));
    expect(resourceList.safeParse(duplicate).error?.issues.map((i) => i.message)).toEqual(["duplicate slug"]);
  });
});

describe("home cards", () => {
  // Each card must open the page of the record it shows: follow its href the way the page's loader does.
  const home = homeLoader();

  it("link, in the spec's order, to the page of the record they show", () => {
    expect(home.services.map((c) => c.href)).toEqual(specServices.map((s) => `/services/${s}`));
    expect(home.industries.map((c) => c.href)).toEqual(specIndustries.map((s) => `/industries/${s}`));
    expect(home.resources.map((c) => c.href)).toEqual(specResources.map((s) => `/resources/${s}`));
    for (const card of [...home.services, ...home.industries, ...home.resources]) expect(pageAt(card.href)?.title, card.href).toBe(card.title);
  });

  it("show the figures and labels of their records", () => {
    expect(home.industries.map((c) => c.statsLabel)).toEqual(industries.map((i) => i.statsLabel));
    expect(home.resources.map((c) => `${c.category} ${c.readTime}`)).toEqual(resources.map((r) => `${r.category} ${r.readTime}`));
  });
});

describe("home page", () => {
  it("renders a section for every anchor the header and footer link to, in order", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <HomePage {...homeLoader()} /> }]);
    const { container } = render(<Stub />);
    const ids = [...container.querySelectorAll("section[id]")].map((section) => section.id);
    expect(ids).toEqual([...homeSections]);
    expect(container.querySelector("#contact h2")?.textContent).toBe("Let's Build the Future Together");
  });
});

describe("content", () => {
  it("names only footer pages that exist", () => {
    for (const slug of footerLinks.services) expect(findService(slug), slug).toBeDefined();
    for (const slug of footerLinks.industries) expect(findIndustry(slug), slug).toBeDefined();
  });

  it("names only technology logos that simple-icons has", () => {
    const slugs = services.flatMap((s) => s.capabilities.flatMap((c) => c.icons));
    expect(slugs.filter((slug) => !hasTechIcon(slug))).toEqual([]);
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
