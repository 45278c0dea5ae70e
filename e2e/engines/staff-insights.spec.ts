import { expect, test, until } from "../../test/support/engine-fixtures";
import { inviteStaff, mainStaff, signInLinkFromMailDir } from "../../test/support/staff";

/*
 * Marketing's dashboard in Firefox ESR and WebKitGTK (Chromium: e2e/staff-insights.spec.ts): signed in by the
 * mailed link, /insights fits 320 px, its chart is drawn, and the period picker's links and the custom period's
 * form (plain links and a GET form: no script) change the period.
 */

test("/insights fits 320 px, draws its chart, and its period picker and custom form change the period", async ({ open }) => {
  const { staffUrl, mailDir, databaseUrl } = mainStaff();
  const email = `engines-${test.info().project.name}-${Date.now().toString(36)}@staff-insights.example`;
  await inviteStaff(databaseUrl, email, ["marketing"]);
  const page = await open({ width: 320, height: 640 });
  await page.goto(`${staffUrl}/insights`);
  const since = Date.now();
  await page.type("#email", email);
  await page.click('form[action="/sign-in"] button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/sign-in/check-your-e-mail", { message: "the check-your-e-mail page" });
  await page.goto(await signInLinkFromMailDir(mailDir, email, since));
  await page.click('main form button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/insights", { message: "the dashboard" });
  const shown = () =>
    page.evaluate(() => ({
      h1: document.querySelector("h1")?.textContent,
      current: document.querySelector('nav[aria-label="Period"] a[aria-current="page"]')?.textContent ?? "none",
      bars: document.querySelectorAll("svg[role=img] rect").length,
      fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      query: location.search,
    }));
  expect(await shown()).toMatchObject({ h1: "Insights", current: "7 days", bars: 14, fits: true });
  await page.click('nav[aria-label="Period"] a[href="/insights?period=30d"]');
  await until(() => page.evaluate(() => location.search), (query) => query === "?period=30d", { message: "30 days" });
  expect(await shown()).toMatchObject({ current: "30 days", bars: 60, fits: true });
  await page.evaluate(() => {
    (document.querySelector("#from") as HTMLInputElement).value = "2026-01-01";
    (document.querySelector("#to") as HTMLInputElement).value = "2026-01-03";
  });
  await page.click('form[aria-label="Custom period"] button[type="submit"]');
  await until(() => page.evaluate(() => location.search), (query) => query === "?from=2026-01-01&to=2026-01-03", { message: "the custom period" });
  expect(await shown()).toMatchObject({ current: "none", bars: 6, fits: true });
});
