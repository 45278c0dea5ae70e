import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-styles.mjs";

const page = `<head><link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/app-X.css"/></head><body></body>`;

describe("inlineStylesheets", () => {
  it("replaces a linked stylesheet of the site with its text", () => {
    const { html, inlined } = inlineStylesheets(page, (path) => (path === "/assets/app-X.css" ? "body{color:red}" : ""));
    expect(html).toBe(`<head><link rel="icon" href="/favicon.svg"/><style>body{color:red}</style></head><body></body>`);
    expect(inlined).toEqual(["/assets/app-X.css"]);
  });

  it("leaves other links and stylesheets of other origins alone", () => {
    const foreign = `<link rel="stylesheet" href="https://cdn.example.com/a.css"/><link rel="stylesheet" href="//cdn.example.com/b.css"/>`;
    expect(inlineStylesheets(foreign, () => "x").html).toBe(foreign);
  });

  it("refuses a stylesheet that would close the element early", () => {
    expect(() => inlineStylesheets(page, () => "a{}</style><script>alert(1)</script>")).toThrow(/cannot be inlined/);
  });
});
