import { describe, expect, it } from "vitest";
import {
  checkBudgets,
  extractAssetRefs,
  formatBytes,
  formatMisses,
  formatTable,
  importSpecifiers,
  isRouteFile,
  jsBudgetFor,
  parseAttributes,
  resolveSitePath,
  routeOfFile,
  unknownBudgetRoutes,
  validateBudgets,
} from "./size-report-lib.mjs";

// The head and tail of a page as React Router 7 prerenders it (abridged from build/client/index.html).
const prerendered = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
<link rel="modulepreload" href="/assets/manifest-d542eaf2.js"/><link rel="modulepreload" href="/assets/entry.client-6S9J1fvF.js"/>
<link rel="modulepreload" href="/assets/jsx-runtime-BM1v3M6E.js"/><link rel="modulepreload" href="/assets/home-Cfc7XOUO.js"/>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","url":"http://localhost:3000","x":"import \\"/assets/json.js\\""}</script>
<link rel="stylesheet" href="/assets/root-91Aojw4m.css"/></head><body><main>Hello</main>
<script>window.__reactRouterContext = {"basename":"/"};</script>
<script type="module" async="">import "/assets/manifest-d542eaf2.js";
import * as route0 from "/assets/root-DxMwVSVy.js";
import * as route1 from "/assets/home-Cfc7XOUO.js";
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client-6S9J1fvF.js");</script>
<script>$RC("B:1","S:1")</script></body></html>`;

describe("extractAssetRefs", () => {
  it("collects modulepreloads, inline module imports and stylesheets of a prerendered page, without duplicates", () => {
    expect(extractAssetRefs(prerendered)).toEqual({
      js: [
        "/assets/manifest-d542eaf2.js",
        "/assets/entry.client-6S9J1fvF.js",
        "/assets/jsx-runtime-BM1v3M6E.js",
        "/assets/home-Cfc7XOUO.js",
        "/assets/root-DxMwVSVy.js",
      ],
      css: ["/assets/root-91Aojw4m.css"],
    });
  });

  it("counts script src (module or classic) and ignores data scripts, prefetches, icons and comments", () => {
    const html = `
      <script type="module" src='/assets/a.js' async></script>
      <script src=/legacy.js defer></script>
      <script type="importmap">{"imports":{"x":"/assets/importmap.js"}}</script>
      <script type="application/json">import "/assets/data.js"</script>
      <link rel="prefetch" href="/assets/later.js"><link rel="preload" as="style" href="/assets/p.css">
      <link rel="alternate stylesheet" href="/assets/alt.css"><link rel="apple-touch-icon" href="/i.png">
      <!-- <link rel="modulepreload" href="/assets/commented.js"> -->
      <link href="/assets/b.css" media="print" rel="Stylesheet">
      <link rel="modulepreload" href="/assets/a.js">`;
    expect(extractAssetRefs(html)).toEqual({ js: ["/assets/a.js", "/legacy.js"], css: ["/assets/b.css"] });
  });

  it("does not read markup inside a script body as tags", () => {
    const html = `<script>const s = '<link rel="stylesheet" href="/fake.css">';</script><link rel="stylesheet" href="/real.css">`;
    expect(extractAssetRefs(html).css).toEqual(["/real.css"]);
  });

  it("decodes entities in attribute values", () => {
    expect(extractAssetRefs(`<link rel="stylesheet" href="/a.css?v=1&amp;x=2">`).css).toEqual(["/a.css?v=1&x=2"]);
  });
});

describe("parseAttributes", () => {
  it("reads double-, single- and unquoted values and valueless attributes, first one winning", () => {
    expect(parseAttributes(` rel="modulepreload" HREF='/a.js' crossorigin data-x=1 rel="other"`)).toEqual({
      rel: "modulepreload",
      href: "/a.js",
      crossorigin: "",
      "data-x": "1",
    });
  });
});

describe("importSpecifiers", () => {
  it("finds the static imports of minified Vite chunks, and dynamic ones only when asked", () => {
    const chunk = `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/esm-BFAhf3iu.js"])))=>i.map(i=>d[i]);
import{A as e,M as t}from"./jsx-runtime-BM1v3M6E.js";import{n as a}from"./dist-DHhshDoX.js";import"./side-effect.js";
import x,{y}from'./default-and-named.js';export*from"./reexport.js";export{e as t};
const lazy=()=>import("./esm-BFAhf3iu.js");const s="import nothing";`;
    expect(importSpecifiers(chunk)).toEqual([
      "./jsx-runtime-BM1v3M6E.js",
      "./dist-DHhshDoX.js",
      "./side-effect.js",
      "./default-and-named.js",
      "./reexport.js",
    ]);
    expect(importSpecifiers(chunk, { dynamic: true })).toContain("./esm-BFAhf3iu.js");
  });

  it("ignores bare package names and property accesses named import", () => {
    expect(importSpecifiers(`import React from "react"; obj.import("./x.js"); import.meta.url`, { dynamic: true })).toEqual([]);
  });
});

describe("resolveSitePath", () => {
  it("resolves absolute and relative URLs against the page or chunk, dropping query and fragment", () => {
    expect(resolveSitePath("/assets/a.js", "/")).toBe("assets/a.js");
    expect(resolveSitePath("../assets/a.js?v=2#x", "/services/cloud/")).toBe("services/assets/a.js");
    expect(resolveSitePath("./b.js", "/assets/a.js")).toBe("assets/b.js");
  });

  it("returns null for other origins and data URLs", () => {
    expect(resolveSitePath("https://www.google.com/recaptcha/api.js", "/")).toBeNull();
    expect(resolveSitePath("//cdn.example/x.js", "/")).toBeNull();
    expect(resolveSitePath("data:text/javascript,1", "/")).toBeNull();
  });
});

describe("routes of prerendered files", () => {
  it("maps index.html files to routes", () => {
    expect(routeOfFile("index.html")).toBe("/");
    expect(routeOfFile("services/application-development/index.html")).toBe("/services/application-development");
  });

  it("leaves out the 404 page and the SPA fallback", () => {
    expect(isRouteFile("index.html")).toBe(true);
    expect(isRouteFile("resources/digital-twins/index.html")).toBe(true);
    expect(isRouteFile("404/index.html")).toBe(false);
    expect(isRouteFile("__spa-fallback.html")).toBe(false);
    expect(isRouteFile("assets/root.css")).toBe(false);
  });
});

describe("budgets", () => {
  const budgets = validateBudgets({ firstLoadJsGzip: { "/": 150_000, default: 135_000 }, cssGzip: 7_000, htmlGzip: 45_000 });
  const row = (route: string, jsGzip: number, cssGzip = 6_000, htmlGzip = 10_000) => ({ route, jsGzip, cssGzip, htmlGzip });

  it("uses a route's own JS budget, else the default", () => {
    expect(jsBudgetFor(budgets, "/")).toBe(150_000);
    expect(jsBudgetFor(budgets, "/services/x")).toBe(135_000);
    expect(jsBudgetFor(budgets, "constructor")).toBe(135_000);
  });

  it("passes figures at or under the budget", () => {
    expect(checkBudgets([row("/", 150_000), row("/services/x", 135_000, 7_000, 45_000)], budgets)).toEqual([]);
  });

  it("reports every figure over its budget", () => {
    const misses = checkBudgets([row("/", 150_001), row("/services/x", 140_000, 7_500, 45_001), row("/industries/y", 1)], budgets);
    expect(misses).toEqual([
      { route: "/", metric: "firstLoadJsGzip", actual: 150_001, budget: 150_000 },
      { route: "/services/x", metric: "firstLoadJsGzip", actual: 140_000, budget: 135_000 },
      { route: "/services/x", metric: "cssGzip", actual: 7_500, budget: 7_000 },
      { route: "/services/x", metric: "htmlGzip", actual: 45_001, budget: 45_000 },
    ]);
    expect(formatMisses(misses.slice(0, 1))).toBe("/ first-load JS 150,001 B gzip > budget 150,000 B (+1 B)");
  });

  it("flags budget routes that no longer exist", () => {
    expect(unknownBudgetRoutes([row("/", 1)], { ...budgets, firstLoadJsGzip: { ...budgets.firstLoadJsGzip, "/old": 1 } })).toEqual(["/old"]);
  });

  it("rejects malformed budget files with a readable message", () => {
    expect(() => validateBudgets(null)).toThrow(/expected an object/);
    expect(() => validateBudgets({ firstLoadJsGzip: { "/": 1 }, cssGzip: 1, htmlGzip: 1 })).toThrow(/firstLoadJsGzip\.default/);
    expect(() => validateBudgets({ firstLoadJsGzip: { default: 1, services: 2 }, cssGzip: "1kb", htmlGzip: 1 })).toThrow(
      /routes start with "\/"[\s\S]*cssGzip/,
    );
  });

  it("prints a table with the misses marked", () => {
    const table = formatTable([row("/", 150_001), row("/services/x", 100)], budgets);
    expect(table.split("\n")).toEqual([
      "route            JS gz  CSS gz  HTML gz  JS budget",
      "-----------  ---------  ------  -------  ---------",
      "/            150,001 ✗   6,000   10,000    150,000",
      "/services/x        100   6,000   10,000    135,000",
    ]);
  });
});

describe("formatBytes", () => {
  it("groups thousands", () => {
    expect(formatBytes(0)).toBe("0");
    expect(formatBytes(1234567)).toBe("1,234,567");
  });
});
