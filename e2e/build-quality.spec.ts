import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { HtmlValidate, FileSystemConfigLoader } from "html-validate";
import { BASE_URL } from "../playwright.config";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { pageOfEachKind, routes, waitForHydration } from "../test/support/pages";
import { startServer } from "../test/support/servers";

/*
 * Gates on the production build as the server delivers it: valid HTML, no broken internal link or asset,
 * search-engine files, and the response headers that harden it.
 */

const builtFile = (route: string) => `build/client${route === "/" ? "" : route}/index.html`;

test("every prerendered page is valid HTML", async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const problems: string[] = [];
  for (const route of [...routes, "/404"]) {
    const report = await validator.validateString(readFileSync(builtFile(route), "utf8"), builtFile(route));
    for (const result of report.results) {
      for (const message of result.messages) problems.push(`${route}:${message.line}:${message.column} ${message.message} (${message.ruleId})`);
    }
  }
  expect(problems).toEqual([]);
});

test("every internal link and asset of every page resolves", async ({ request }) => {
  const checked = new Map<string, number>();
  const sprites = new Map<string, string>();
  const broken: string[] = [];
  for (const route of [...routes, "/404"]) {
    const html = await (await request.get(route)).text();
    const references = new Set<string>();
    for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) references.add(match[1]!);
    for (const match of html.matchAll(/\ssrcSet="([^"]+)"/gi)) for (const part of match[1]!.split(",")) references.add(part.trim().split(" ")[0]!);
    for (const match of html.matchAll(/import\("([^"]+)"\)|from "([^"]+)"/g)) references.add((match[1] ?? match[2])!);
    for (const reference of references) {
      if (!reference.startsWith("/") || reference.startsWith("//")) continue;
      const path = reference.split("#")[0]!;
      if (!checked.has(path)) checked.set(path, (await request.get(path)).status());
      if (checked.get(path) !== 200) broken.push(`${route} → ${reference} (${checked.get(path)})`);
      // An icon drawn from a sprite (<use href="/assets/….svg#name">) needs that symbol in it, not only the file.
      const symbol = reference.split("#")[1];
      if (symbol && path.endsWith(".svg") && checked.get(path) === 200) {
        if (!sprites.has(path)) sprites.set(path, await (await request.get(path)).text());
        if (!sprites.get(path)!.includes(`id="${symbol}"`)) broken.push(`${route} → ${reference} (no such symbol)`);
      }
    }
  }
  expect(broken).toEqual([]);
  expect(checked.size).toBeGreaterThan(50);
});

test("sitemap.xml lists every page with absolute URLs and robots.txt points at it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locations).toEqual(routes);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test("pages carry Open Graph, Twitter and JSON-LD metadata", async ({ request }) => {
  const expectations: [string, string | null][] = [
    ["/", "Organization"],
    ["/services/ai-ml-services", "Service"],
    ["/industries/gaming-immersive-tech", null],
    ["/resources/predictive-maintenance", "Article"],
  ];
  for (const [route, type] of expectations) {
    const html = await (await request.get(route)).text();
    for (const property of ["og:title", "og:description", "og:url", "og:image"]) expect(html, `${route} ${property}`).toContain(`property="${property}"`);
    expect(html, route).toContain('name="twitter:card"');
    expect(html, route).toContain('<html lang="en"');
    if (type) expect(html, route).toContain(`"@type":"${type}"`);
  }
});

test("responses carry hardening headers; the page policy allows no inline script but its own", async ({ request }) => {
  const page = await request.get("/services/cybersecurity");
  const headers = page.headers();
  const csp = headers["content-security-policy"]!;
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).toContain("'sha256-");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toBe("no-cache");

  const html = await page.text();
  const asset = html.match(/"(\/assets\/[^"]+\.js)"/)![1]!;
  const assetResponse = await request.get(asset, { headers: { "accept-encoding": "br" } });
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(assetResponse.headers()["content-encoding"]).toBe("br");
  const gzipped = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
});

test("behind a TLS proxy, plain-http visitors are redirected to https and told to stay there (HSTS)", async ({ request }) => {
  // A public SITE_URL needs a real secret (Google's test keys are refused): the loopback siteverify knows this one.
  const fake = await startFakeSiteverify({ secret: "hsts-test-secret" });
  const server = await startServer({
    SITE_URL: "https://www.example.com",
    TRUST_PROXY: "loopback",
    RECAPTCHA_SECRET_KEY: "hsts-test-secret",
    RECAPTCHA_VERIFY_URL: fake.url,
    // A public site must name where leads go; this test is about the transport, so leads are only stored.
    LEADS_DELIVERY: "store-only",
  });
  try {
    const plain = await request.get(`${server.url}/services/cybersecurity?ref=ad`, { headers: { "X-Forwarded-Proto": "http" }, maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers()["location"]).toBe("https://www.example.com/services/cybersecurity?ref=ad");
    const secure = await request.get(`${server.url}/services/cybersecurity`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.status()).toBe(200);
    expect(secure.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(secure.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  } finally {
    await server.stop();
    await fake.close();
  }
});

// What each page's browser actually downloads, after it has been idle for a while (not only the first load).
for (const path of pageOfEachKind) {
  test(`${path} loads neither the toast library nor an icon library`, async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(BASE_URL)) scripts.push({ url: response.url(), body: await response.text() });
    });
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForTimeout(3500); // past the idle callback's 3 s timeout, when toasts used to load
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => s.body.includes("data-sonner-toaster")).map((s) => s.url)).toEqual([]);
    expect(scripts.filter((s) => /lucide/i.test(s.body)).map((s) => s.url)).toEqual([]);
  });
}
