import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "../test/support/pages";

// Labels and figures the spec fixes, checked verbatim on the pages where it puts them.
const serviceCtas: Record<string, string> = {
  "application-development": "Start Your Project",
  "cloud-migration": "Get Migration Assessment",
  "ai-ml-services": "Explore AI Solutions",
  "ux-design": "Start Design Project",
  "platform-modernization": "Plan Modernization",
  "digital-transformation": "Begin Transformation",
  "intelligent-enterprise": "Explore Data Solutions",
  "observability-sre": "Improve Reliability",
  cybersecurity: "Security Assessment",
  "implementation-partnerships": "Explore Partnerships",
};

const industryMarkets: Record<string, string> = {
  "manufacturing-supply-chain": "$400B+",
  "retail-ecommerce": "$500B+",
  "healthcare-life-sciences": "$650B+",
  "gaming-immersive-tech": "$350B+",
  "defense-mining": "$200B+",
  "automotive-aviation": "$900B+",
  "energy-infrastructure": "$550B+",
  "telecom-real-estate": "$320B+",
  "bfsi-compliance-tech": "$700B+",
  "travel-mobility-logistics": "$280B+",
};

const statsLabels = [
  "60+ Transformations",
  "120+ Implementations",
  "45+ Solutions",
  "30+ Gaming Platforms",
  "25+ Secure Deployments",
  "70+ Deployments",
  "55+ Energy Projects",
  "40+ Real Estate Solutions",
  "80+ Financial Solutions",
  "65+ Mobility Projects",
];

const resourcePages: Record<string, { title: string; market: string; category: string; readTime: string }> = {
  "digital-twins": { title: "Digital Twins: Transforming Industries with Real-Time Intelligence", market: "$400B+ by 2030", category: "Emerging Technology", readTime: "10 min" },
  "smart-audits": { title: "Smart Audits: Redefining Compliance & Cybersecurity", market: "$298.5B+ by 2027", category: "Audit & Compliance", readTime: "10 min" },
  "retail-technology": { title: "Retail Technology: Transforming Shopping Experiences", market: "$500B+ by 2030", category: "Digital Transformation", readTime: "12 min" },
  "predictive-maintenance": { title: "Predictive Maintenance: Maximizing Uptime with AI Insights", market: "$100B+ by 2030", category: "AI & Analytics", readTime: "12 min" },
  "industrial-revolutions": { title: "Historical Shifts: Tracing Industrial Revolutions and Human Needs", market: "Global Impact", category: "Global Developments", readTime: "10 min" },
  "carbon-credits": { title: "Carbon Credits: Driving Climate Action Through Market Solutions", market: "$1.2T+ compliance market by 2030", category: "Environmental Sustainability", readTime: "8 min" },
};

const section = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true });

async function columnCount(grid: Locator) {
  return grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
}

test.describe("home page", () => {
  test("has its six sections in order and every label and figure of the spec", async ({ page }) => {
    await page.goto("/");
    const ids = await page.locator("main > section").evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(["hero", "services", "industries", "resources", "about", "contact"]);

    await expect(page.locator("#hero").getByRole("link", { name: "Explore Solutions" })).toHaveAttribute("href", "/#services");
    await expect(page.locator("#hero").getByRole("link", { name: "View Case Studies" })).toHaveAttribute("href", "/#industries");

    const serviceCards = page.locator("#services article");
    await expect(serviceCards).toHaveCount(10);
    const serviceHrefs = await serviceCards.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(serviceHrefs).toEqual(Object.keys(serviceCtas).map((slug) => `/services/${slug}`));

    const industryCards = page.locator("#industries article");
    await expect(industryCards).toHaveCount(10);
    for (const [index, label] of statsLabels.entries()) await expect(industryCards.nth(index)).toContainText(label);
    const industryHrefs = await industryCards.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(industryHrefs).toEqual(Object.keys(industryMarkets).map((slug) => `/industries/${slug}`));

    const resourceCards = page.locator("#resources article");
    await expect(resourceCards).toHaveCount(6);
    for (const [index, [slug, resource]] of Object.entries(resourcePages).entries()) {
      const card = resourceCards.nth(index);
      await expect(card).toContainText(resource.category);
      await expect(card).toContainText(resource.readTime);
      await expect(card.getByRole("link", { name: /Read More/ })).toHaveAttribute("href", `/resources/${slug}`);
    }

    const about = page.locator("#about");
    await expect(about).toContainText("500+");
    await expect(about).toContainText("Projects Delivered");
    await expect(about).toContainText("50+");
    await expect(about).toContainText("Global Clients");
    for (const value of ["Human-Centered", "Excellence Driven", "Problem Solvers", "Global Impact"]) {
      await expect(about.locator("article").getByRole("heading", { name: value })).toBeVisible();
    }

    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { name: "Let's Build the Future Together" })).toBeVisible();
    await expect(contact.getByRole("heading", { name: "Start Your Project" })).toBeVisible();
    await expect(contact.getByRole("heading", { name: "Get in Touch" })).toBeVisible();
    await expect(contact.getByRole("link", { name: /@example\.com$/ })).toHaveCount(2);
    await expect(contact.getByRole("link", { name: /^\+1 \(555\)/ })).toHaveCount(1);
    for (const city of ["Karachi", "San Francisco", "Munich"]) await expect(contact).toContainText(city);
    await expect(contact.getByRole("heading", { name: "Why Choose Us?" })).toBeVisible();
    await expect(contact).toContainText("24/7");
    await expect(contact).toContainText("Support");
    await expect(contact).toContainText("98%");
    await expect(contact).toContainText("Success Rate");
  });

  test("the services grid has three columns on a large screen and one on a phone", async ({ page }) => {
    await page.goto("/");
    const grid = page.locator("#services article").first().locator("..");
    expect(await columnCount(grid)).toBe(3);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await columnCount(grid)).toBe(1);
  });

  test("decorative images load from /png/ on a large screen and are hidden on a phone", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const images = page.locator("picture img");
    // The hero artwork plus ten industry and six resource cards.
    await expect(images).toHaveCount(17);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute("alt", "");
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 360 && new URL(img.currentSrc).pathname))
        .toMatch(/^\/png\/[a-z-]+\.webp$/);
    }
  });

  test("on a phone, decorative images are hidden and never downloaded", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/png/")) fetched.push(request.url());
    });
    for (const path of ["/", "/industries/energy-infrastructure", "/resources/smart-audits"]) {
      await page.goto(path);
      await waitForHydration(page);
      for (const image of await page.locator("picture img").all()) await expect(image).toBeHidden();
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState("networkidle");
    }
    expect(fetched).toEqual([]);
    await context.close();
  });
});

test.describe("service pages", () => {
  for (const [slug, cta] of Object.entries(serviceCtas)) {
    test(`${slug} has 4 capabilities, 4 use cases of 4 points, 4 impacts and the '${cta}' button`, async ({ page }) => {
      await page.goto(`/services/${slug}`);
      const capabilities = section(page, "Our Capabilities").locator("article");
      await expect(capabilities).toHaveCount(4);
      for (const card of await capabilities.all()) {
        expect(await card.getByRole("img").count()).toBeGreaterThanOrEqual(3);
      }
      const useCases = section(page, "Use Cases").locator("article");
      await expect(useCases).toHaveCount(4);
      for (const card of await useCases.all()) await expect(card.locator("li")).toHaveCount(4);
      await expect(section(page, "Business Impacts").locator("article")).toHaveCount(4);
      await expect(page.getByRole("link", { name: cta, exact: true })).toHaveAttribute("href", "/#contact");

      expect(await columnCount(capabilities.first().locator(".."))).toBe(2);
      expect(await columnCount(useCases.first().locator(".."))).toBe(2);
      expect(await columnCount(section(page, "Business Impacts").locator("article").first().locator(".."))).toBe(4);
    });
  }

  test("Application Development states the spec's impacts", async ({ page }) => {
    await page.goto("/services/application-development");
    const impacts = section(page, "Business Impacts");
    for (const figure of ["25-40%", "99.98%", "2.5M+", "30-50%"]) await expect(impacts.getByText(figure, { exact: true })).toBeVisible();
  });

  test("the other headline figures sit on the services they belong to", async ({ page }) => {
    const figures: [string, string][] = [
      ["cloud-migration", "$2M+"],
      ["ai-ml-services", "$5M+"],
      ["ux-design", "35%"],
      ["observability-sre", "99.99%"],
      ["digital-transformation", "45%"],
    ];
    for (const [slug, figure] of figures) {
      await page.goto(`/services/${slug}`);
      await expect(section(page, "Business Impacts").getByText(figure, { exact: true })).toBeVisible();
    }
  });
});

test.describe("industry pages", () => {
  for (const [slug, market] of Object.entries(industryMarkets)) {
    test(`${slug} shows ${market}, 4 pain points, 4 business use cases and the closing button`, async ({ page }) => {
      await page.goto(`/industries/${slug}`);
      await expect(page.getByText("Total Addressable Market")).toBeVisible();
      await expect(page.getByText(market, { exact: true })).toBeVisible();
      const painPoints = section(page, "Pain Points").locator("article");
      await expect(painPoints).toHaveCount(4);
      for (const card of await painPoints.all()) expect(await card.locator("li").count()).toBeGreaterThanOrEqual(2);
      await expect(section(page, "Business Use Cases").locator("article")).toHaveCount(4);
      await expect(page.getByRole("link", { name: "Start Your Project", exact: true })).toHaveAttribute("href", "/#contact");
    });
  }
});

test.describe("resource pages", () => {
  for (const [slug, resource] of Object.entries(resourcePages)) {
    test(`${slug} is titled '${resource.title}' with all its sections`, async ({ page }) => {
      await page.goto(`/resources/${slug}`);
      await waitForHydration(page);
      await expect(page).toHaveTitle(resource.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{70,}/);
      await expect(page.getByText(resource.market, { exact: true })).toBeVisible();
      await expect(section(page, "Overview").locator("ol > li")).toHaveCount(4);
      await expect(section(page, "Core Applications").locator("article")).toHaveCount(6);
      await expect(section(page, "Pain Points").locator("article")).toHaveCount(4);
      const profiles = section(page, "Ideal Customer Profiles").locator("article");
      await expect(profiles).toHaveCount(6);
      for (const profile of await profiles.all()) {
        await expect(profile).toContainText(/\$[\d.,]+[KM]?/);
        await expect(profile).toContainText(/\d+%/);
      }
      await expect(page.getByRole("link", { name: "Schedule a Consultation", exact: true })).toHaveAttribute("href", "/#contact");
    });
  }

  test("the tab title follows client-side navigation between articles", async ({ page }) => {
    await page.goto("/resources/digital-twins");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Carbon Credits" }).click();
    await expect(page).toHaveTitle(resourcePages["carbon-credits"]!.title);
  });
});

test("the marketing claims of the spec appear on the site", async ({ request }) => {
  const claims = [
    ">95% automated test coverage",
    "500K+ concurrent users",
    "10M+ API requests per day",
    "25%+ downtime reduction",
    "35% lower level-1 ticket load",
    "30% better deal closure",
    "25% faster delivery",
    "3x faster onboarding",
    "70% less audit prep time",
    "20%+ revenue per passenger",
    "90% of common travel inquiries resolved",
    "25% better fleet utilization",
  ];
  const { routes } = await import("../test/support/pages");
  let text = "";
  for (const route of routes) text += (await (await request.get(route)).text()).replaceAll("&gt;", ">");
  for (const claim of claims) expect(text, claim).toContain(claim);
});
