import { expect, test, until, waitForHydration } from "../../test/support/engine-fixtures";
import type { EnginePage } from "../../test/support/engines";

/*
 * What the visitor's page sends about a visit (issue 36), in Firefox ESR and WebKitGTK; the page views are read
 * where they pass, at the proxy in front of the server. Chromium, and what the form sends: e2e/visit-counting.spec.ts.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const source = (page: EnginePage) => page.evaluate(() => sessionStorage.getItem("visit-source"));

test("a page loaded in the same tab without an external referrer continues the visit: no second landing", async ({ open, url, visits }) => {
  const page = await open({ realVisitor: true });
  await page.goto(url("/?utm_source=linkedin&utm_campaign=q4"));
  await waitForHydration(page);
  await until(() => source(page), (value) => value !== null, { message: "the visit's source" });
  await until(async () => visits.length, (count) => count >= 1, { message: "the landing's page view" });
  // A typed address in the same tab.
  await page.goto(url("/services/ux-design"));
  await until(async () => visits.length, (count) => count >= 2, { message: "the second page view" });
  await pause(1500);
  expect(visits.map(({ p, e, s, c }) => ({ p, e, s, c }))).toEqual([
    { p: "/", e: 1, s: "linkedin", c: "q4" },
    { p: "/services/ux-design", e: 0, s: undefined, c: undefined },
  ]);
  expect(JSON.parse((await source(page)) ?? "null")).toMatchObject({ landingPage: "/", utm: { source: "linkedin", campaign: "q4" }, pages: ["/", "/services/ux-design"] });
});

test("a tab opened with noopener from a page of the visit takes the visit's campaign and landing page", async ({ open, url }) => {
  const page = await open({ realVisitor: true });
  await page.goto(url("/?utm_source=google&utm_medium=cpc&utm_campaign=brand"));
  await waitForHydration(page);
  await until(() => source(page), (value) => value !== null, { message: "the visit's source" });
  // A link that opens a new tab without an opener, followed with a real click (a script's window.open may be blocked).
  await page.evaluate(() => {
    const link = Object.assign(document.createElement("a"), { href: "/services/ux-design", target: "_blank", rel: "noopener", textContent: "open" });
    link.id = "new-tab";
    link.style.cssText = "position:fixed;top:100px;left:10px;z-index:99;background:#fff;padding:8px";
    document.body.append(link);
  });
  await page.click("#new-tab");
  // Asks the visit's tabs as a new tab does, until the new one answers with the visit's source and its own page
  // (an answer carries the answering tab's page, so a tab opened from it can tell it from another visit's tab).
  type Answer = { source: { landingPage: string; utm?: Record<string, string>; pages: string[] }; page: string };
  const ask = () =>
    page.evaluate(
      () =>
        new Promise<Answer[]>((resolve) => {
          const channel = new BroadcastChannel("visit-source");
          const answers: Answer[] = [];
          // Tabs asking ("ask") are heard too: only the answers are kept.
          channel.onmessage = (event) => (typeof event.data === "object" ? answers.push(event.data as Answer) : 0);
          channel.postMessage("ask");
          setTimeout(() => {
            channel.close();
            resolve(answers);
          }, 500);
        }),
    );
  const answers = await until(ask, (list) => list.some((answer) => answer.page === "/services/ux-design"), { timeout: 20_000, message: "the new tab's answer" });
  expect(answers.find((answer) => answer.page === "/services/ux-design")).toEqual({
    source: { landingPage: "/", utm: { source: "google", medium: "cpc", campaign: "brand" }, pages: ["/", "/services/ux-design"] },
    page: "/services/ux-design",
  });
});

test("Back to a page restored from the back/forward cache is a page view, counted once", async ({ open, url, visits }) => {
  const page = await open({ realVisitor: true });
  await page.goto(url("/services/ux-design"));
  await waitForHydration(page);
  const ours = () => visits.filter((visit) => visit.host.startsWith("127.0.0.1"));
  await until(async () => ours().length, (count) => count === 1, { message: "the page view" });
  await page.evaluate(() => addEventListener("pageshow", (event) => Object.assign(window, { restored: event.persisted })));
  // A page still loading something is not kept in Firefox's cache: the visitor reads a moment first.
  await pause(1500);
  // Another site (the same server under another host name), then Back.
  await page.goto(url("/").replace("127.0.0.1", "localhost"));
  await page.evaluate(() => history.back());
  const restored = await until(
    () => page.evaluate(() => (location.hostname === "127.0.0.1" ? ((window as unknown as { restored?: boolean }).restored ?? false) : null)).catch(() => null),
    (value) => value !== null,
    { message: "Back" },
  );
  // WebKitGTK driven by WebDriver loads the page again instead: then the new document counts its view as before.
  if (page.engine === "firefox") expect(restored, "the page comes back from the back/forward cache").toBe(true);
  test.info().annotations.push({ type: "restored from the back/forward cache", description: String(restored) });
  await until(async () => ours().length, (count) => count === 2, { message: "the page view after Back" });
  await pause(1500);
  expect(ours().map(({ p, e }) => ({ p, e }))).toEqual([
    { p: "/services/ux-design", e: 1 },
    { p: "/services/ux-design", e: 0 },
  ]);
});

for (const privacySignal of ["gpc", "dnt"] as const) {
  test(`with ${privacySignal === "gpc" ? "Global Privacy Control" : "Do Not Track"} on, nothing is counted and nothing is kept`, async ({ open, url, visits }) => {
    const page = await open({ realVisitor: true, privacySignal });
    await page.goto(url("/?utm_source=newsletter&utm_campaign=spring"));
    await waitForHydration(page);
    await page.evaluate(() => (document.querySelector('main a[href="/services/ux-design"]') as HTMLElement).click());
    await until(() => page.evaluate(() => location.pathname), (path) => path === "/services/ux-design", { message: "the service page" });
    await pause(1500);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("visit")))).toEqual([]);
    // Leaving the page sends nothing either.
    await page.goto(url("/"));
    await pause(1500);
    expect(visits).toEqual([]);
  });
}
