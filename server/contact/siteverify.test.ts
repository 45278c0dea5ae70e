// @vitest-environment node
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_TEST_SECRET, startFakeSiteverify, type FakeSiteverify } from "../../test/support/fake-siteverify.mjs";
import { verifyRecaptcha } from "./siteverify";

// Against the loopback stand-in for Google's siteverify that the browser tests use, over real HTTP.
let fake: FakeSiteverify;
beforeAll(async () => {
  fake = await startFakeSiteverify();
});
afterAll(() => fake.close());

const token = (kind: string) => `${kind}:${Math.random().toString(36).slice(2)}`;
const verify = (overrides: Partial<Parameters<typeof verifyRecaptcha>[0]> = {}) =>
  verifyRecaptcha({ url: fake.url, secret: GOOGLE_TEST_SECRET, token: token("pass"), ...overrides });

describe("verifyRecaptcha", () => {
  it("posts secret, response and remoteip form-encoded, and reports a good token as verified", async () => {
    const value = token("pass");
    expect(await verify({ token: value, remoteIp: "203.0.113.9" })).toEqual({ kind: "verified", hostname: "127.0.0.1" });
    expect(fake.requests.at(-1)).toEqual({ contentType: "application/x-www-form-urlencoded", secret: GOOGLE_TEST_SECRET, response: value, remoteip: "203.0.113.9" });
  });

  it("rejects a token Google refuses, and a reused one", async () => {
    expect(await verify({ token: token("bogus") })).toEqual({ kind: "rejected", reason: "invalid-input-response" });
    const once = token("pass");
    expect((await verify({ token: once })).kind).toBe("verified");
    expect(await verify({ token: once })).toEqual({ kind: "rejected", reason: "timeout-or-duplicate" });
  });

  it("checks the hostname when a list is given", async () => {
    expect(await verify({ token: token("pass@evil.example"), hostnames: ["www.example.com"] })).toMatchObject({ kind: "rejected" });
    expect(await verify({ token: token("pass@www.example.com"), hostnames: ["www.example.com"] })).toMatchObject({ kind: "verified" });
  });

  it("calls a wrong or missing secret a configuration error, not the visitor's fault", async () => {
    expect(await verify({ secret: "wrong" })).toEqual({
      kind: "unavailable",
      configError: true,
      codes: ["invalid-input-secret"],
      reason: "configuration error: siteverify refused our request (invalid-input-secret); check RECAPTCHA_SECRET_KEY",
    });
    expect(await verify({ secret: "" })).toMatchObject({ kind: "unavailable", configError: true, codes: ["missing-input-secret"] });
    expect(fake.requests.at(-1)?.secret).toBe("");
  });

  it("calls a slow answer, an HTTP error and a refused connection unavailable", async () => {
    expect(await verify({ token: token("slow"), timeoutMs: 300 })).toEqual({ kind: "unavailable", reason: "siteverify timeout after 300 ms" });
    expect(await verify({ token: token("http500") })).toEqual({ kind: "unavailable", reason: "siteverify HTTP 500" });
    const closed: Server = createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, "127.0.0.1", () => resolve((closed.address() as { port: number }).port)));
    await new Promise((resolve) => closed.close(resolve));
    expect(await verify({ url: `http://127.0.0.1:${port}/` })).toMatchObject({ kind: "unavailable", reason: expect.stringMatching(/^siteverify unreachable/) });
  });

  it("calls an answer that is not JSON unavailable", async () => {
    const html: Server = createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<h1>captive portal</h1>"));
    const port = await new Promise<number>((resolve) => html.listen(0, "127.0.0.1", () => resolve((html.address() as { port: number }).port)));
    try {
      expect(await verify({ url: `http://127.0.0.1:${port}/` })).toEqual({ kind: "unavailable", reason: "siteverify answer is not JSON" });
    } finally {
      await new Promise((resolve) => html.close(resolve));
    }
  });
});
