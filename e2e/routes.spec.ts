import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { routes, waitForHydration, watchConsole } from "./support/pages";

test.describe("every route", () => {
  test("is prerendered: all 27 routes of the table answer 200 with one h1, without JavaScript", async ({ browser, request }) => {
    // The route table has 27 rows (home, 10 services, 10 industries, 6 resources); the issue text says 26.
    expect(routes).toHaveLength(27);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const route of routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      await expect(page.locator("h1"), route).toHaveCount(1);
      await expect(page.locator("h1"), route).not.toBeEmpty();
      await expect(page.locator("header nav").first(), route).toBeAttached();
      await expect(page.locator("main"), route).toHaveCount(1);
      await expect(page.locator("footer"), route).toContainText("2025");
      // Each page carries its own title, description and canonical link in the static HTML.
      const html = await (await request.get(route)).text();
      expect(html, route).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html, route).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html, route).toMatch(/<link rel="canonical" href="http[^"]+"/);
    }
    await context.close();
  });

  test("hydrates with no console errors or uncaught exceptions", async ({ page }) => {
    test.slow();
    const problems = watchConsole(page);
    for (const route of routes) {
      await page.goto(route);
      await waitForHydration(page);
    }
    expect(problems).toEqual([]);
  });

  test("titles are unique", async ({ request }) => {
    const titles = new Map<string, string>();
    for (const route of routes) {
      const html = await (await request.get(route)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      expect(titles.get(title), `${route} shares its title`).toBeUndefined();
      titles.set(title, route);
    }
  });
});

test.describe("not found", () => {
  test("an unknown path answers 404 with the not-found page, logs the path and links home", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const problems = watchConsole(page);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    expect(warnings.join("\n")).toContain("/no/such/page");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("section#hero")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the not-found page and the SPA fallback are never answered with 200", async ({ request }) => {
    for (const path of ["/404", "/404/", "/404/index.html", "/__spa-fallback.html", "/services/nope", "/services/nope/"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Oops! Page not found");
    }
  });

  test("a rendering error shows the router fallback screen without internals", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // A client-side navigation to a page that does not exist makes the router fail its data request.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }).__reactRouterDataRouter.navigate("/services/nope"));
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByText("404 Not Found")).toBeVisible();
    await expect(page.locator("pre")).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of [...routes, "/this-page-does-not-exist"]) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  });
}
