// @vitest-environment node
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorApp } from "./app";
import { loadEditorConfig } from "./config";

/*
 * The editor's routes on a real socket (some methods, TRACE among them, cannot even be built as a fetch
 * Request), with a stand-in for the sign-in handler: which methods reach what, at which log level, and the
 * API's rate limit per client address.
 */
const config = loadEditorConfig({
  EDITOR_URL: "http://127.0.0.1:8788",
  EDITOR_REPO: "acme/site",
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv23liFakeEditorApp",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "fake-client-secret",
  KEYSTATIC_SECRET: "2c2babedcff242b3e11f9b2241fa5338eeada956d61ca516326299b3476807ef",
  EDITOR_API_RATE_LIMIT: "5",
});
const logs: { level: string; msg: unknown }[] = [];
const record = (level: string) => (fields: Record<string, unknown>) => void logs.push({ level, msg: fields.msg });
const log = { info: record("info"), warn: record("warn"), error: record("error") };
const app = editorApp({ config, log, indexHtml: '<div id="root"></div>', api: async () => new Response("from the sign-in handler") });
let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ready) => server.once("listening", ready));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; allow?: string; body: string }>((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("the editor's routes", () => {
  it("answer 405, logged at info, to every method the editor does not use, on every route", async () => {
    logs.length = 0;
    for (const path of ["/", "/keystatic", "/keystatic/branch/main", "/signed-out", "/healthz", "/assets/app.js"]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"]) {
        const response = await send(method, path);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.allow, `${method} ${path}`).toBe("GET, HEAD");
      }
    }
    for (const method of ["PUT", "DELETE", "TRACE", "OPTIONS"]) expect((await send(method, "/api/keystatic/github/login")).status, method).toBe(405);
    expect(logs.filter((entry) => entry.level !== "info")).toEqual([]);
    expect((await send("GET", "/keystatic")).status).toBe(200);
  });

  it("refuse a request that carries two copies of a cookie the editor's page reads (one planted by a sibling host)", async () => {
    const response = await send("GET", "/keystatic", { cookie: "keystatic-gh-access-token=ghu_attacker; keystatic-gh-access-token=ghu_mine" });
    expect(response.status).toBe(400);
    expect(response.body).toContain("two cookies named keystatic-gh-access-token");
    expect((await send("GET", "/keystatic", { cookie: "keystatic-gh-access-token=ghu_mine; other=1; other=2" })).status).toBe(200);
  });

  it("limit the API routes per client address (EDITOR_API_RATE_LIMIT a minute), not the page", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await send("GET", "/api/keystatic/github/login")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await send("GET", "/keystatic")).status).toBe(200);
  });
});
