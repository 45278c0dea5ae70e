import { BASE_URL } from "../../playwright.config";
import { expect, test, until } from "../../test/support/engine-fixtures";
import { lead } from "../../test/support/leads";
import { inviteStaff, mainStaff, signInLinkFromMailDir } from "../../test/support/staff";

/*
 * The leads inbox and a lead page in Firefox ESR and WebKitGTK (Chromium: e2e/staff-leads.spec.ts): at 320 px
 * nothing scrolls sideways, and the plain forms take and close a lead, each answering back on the lead's page.
 */

test("a salesperson finds a new lead in /leads at 320 px, takes it and closes it with an outcome", async ({ open }) => {
  const { staffUrl, mailDir, databaseUrl } = mainStaff();
  const email = `engines-leads-${test.info().project.name}-${Date.now().toString(36)}@staff-leads.example`;
  await inviteStaff(databaseUrl, email, ["sales"]);
  const response = await fetch(`${BASE_URL}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead({ company: `Engines ${test.info().project.name}` })) });
  expect(response.status).toBe(201);
  const reference = ((await response.json()) as { id: string }).id.slice(0, 8).toUpperCase();

  const page = await open({ width: 320, height: 640 });
  await page.goto(`${staffUrl}/sign-in?next=${encodeURIComponent(`/leads?q=${reference}`)}`);
  const since = Date.now();
  await page.type("#email", email);
  await page.click('form[action="/sign-in"] button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/sign-in/check-your-e-mail", { message: "the check-your-e-mail page" });
  await page.goto(await signInLinkFromMailDir(mailDir, email, since));
  await page.click('main form button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/leads", { message: "the leads page" });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await page.evaluate((ref) => [...document.querySelectorAll("main li")].some((li) => li.textContent?.includes(ref)), reference)).toBe(true);
  expect(await fits()).toBe(true);

  await page.goto(`${staffUrl}/leads/${reference}`);
  expect(await fits()).toBe(true);
  await page.click('form[action$="/take"] button[type="submit"]');
  await until(() => page.evaluate(() => document.querySelector("main")?.textContent ?? ""), (text) => text.includes(`You (${email})`), { message: "the lead taken" });
  await page.evaluate(() => void ((document.querySelector("#outcome") as HTMLSelectElement).value = "answered"));
  await page.click('form[action$="/close"] button[type="submit"]');
  await until(() => page.evaluate(() => document.querySelector("main")?.textContent ?? ""), (text) => text.includes(`Answered, closed by ${email}`), { message: "the lead closed" });
  expect(await page.evaluate(() => location.pathname)).toBe(`/leads/${reference}`);
  expect(await fits()).toBe(true);
});
