import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../playwright.config";
import { waitForHydration, watchConsole } from "../test/support/pages";

/*
 * One address per page (server/http/static-site.ts): another spelling of a known page is a 301 to it, anything else
 * is the not-found page, on the server and in the client router alike (its routes are case-sensitive), and a
 * visitor never gets the router's error screen or its internals for an address.
 */

type DataRouter = { navigate: (to: string) => Promise<void> };
const navigateInApp = (page: Page, to: string) =>
  page.evaluate((path) => (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.navigate(path), to);

async function expectNotFound(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page.getByText(/routeId/)).toHaveCount(0);
}

test("a known page in other capitals, with a trailing slash, /index.html or %2F lands on its address, query kept", async ({ page }) => {
  const problems = watchConsole(page);
  const cases: [string, string][] = [
    ["/SERVICES/cloud-migration", "/services/cloud-migration"],
    ["/services/Cloud-Migration?ref=mail", "/services/cloud-migration?ref=mail"],
    ["/industries/retail-ecommerce/", "/industries/retail-ecommerce"],
    ["/resources%2Fcarbon-credits", "/resources/carbon-credits"],
    ["/index.html", "/"],
  ];
  for (const [from, to] of cases) {
    const response = await page.goto(from);
    expect(response?.status(), from).toBe(200);
    expect(response?.request().redirectedFrom()?.url(), from).toContain(from.split("?")[0]);
    await expect(page).toHaveURL(to);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  }
  expect(problems).toEqual([]);
});

/** GET with the path exactly as written on the request line (a browser or fetch would resolve "//evil.com" as a host). */
function rawGet(path: string) {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

test("a trimmed address, /services, /industries or /resources, is a 301 to the home page's section, which lands at 70 px", async ({ page }) => {
  for (const folder of ["services", "industries", "resources"]) {
    for (const path of [`/${folder}`, `/${folder}/`]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe(`/#${folder}`);
    }
  }
  const response = await page.goto("/industries/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/(#industries)?$/);
  await waitForHydration(page);
  await expect.poll(() => page.locator("#industries").evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBe(70);
});

test("hostile addresses are not found, never sent off the site", async () => {
  for (const path of ["//evil.com", "//evil.com/", "/%2F%2Fevil.com", "/%2f%2fevil.com/", "/\\evil.com", "/%5C%5Cevil.com", "/SERVICES/nope", "/Services/Cloud-Migration.data"]) {
    const response = await rawGet(path);
    // 404, or 400 where Node's parser refuses the request line ("\\" in a path).
    expect([400, 404], path).toContain(response.status);
    expect(response.location, path).toBeUndefined();
  }
  expect(await rawGet("//services/cloud-migration?x=1")).toEqual({ status: 301, location: "/services/cloud-migration?x=1" });
});

test("in the client, a differently cased or unknown address is the not-found page, never the error screen", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await waitForHydration(page);
  await navigateInApp(page, "/SERVICES/cloud-migration");
  await expect(page).toHaveURL("/SERVICES/cloud-migration");
  await expectNotFound(page);
  await navigateInApp(page, "/services/Cloud-Migration");
  await expectNotFound(page);
  // The real page still opens from there.
  await navigateInApp(page, "/services/cloud-migration");
  await expect(page.getByRole("heading", { level: 1, name: /Cloud Migration/ })).toBeVisible();
  expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
});

test("an unknown address in capitals, opened directly, hydrates as the not-found page", async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto("/SERVICES/no-such-thing");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await page.waitForTimeout(300);
  await expectNotFound(page);
  expect(problems).toEqual([]);
});
