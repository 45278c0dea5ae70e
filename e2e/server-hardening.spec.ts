import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../playwright.config";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { startServer } from "../test/support/servers";

/*
 * The server process itself, over real sockets: slow clients are cut off, a forced shutdown says what it cut
 * off, and static files honour the client's Accept-Encoding.
 */

const { hostname, port } = new URL(BASE_URL);

/** Opens a raw TCP connection, writes `data`, and resolves with how long the server kept it open and what it said. */
function holdOpen(data: string, { maxMs }: { maxMs: number }) {
  return new Promise<{ ms: number; received: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname, () => socket.write(data));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, received });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${maxMs} ms`));
    }, maxMs);
  });
}

test("closes a connection whose request headers never finish within 35 s (slow loris)", async () => {
  test.setTimeout(60_000);
  const { ms, received } = await holdOpen("POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n", { maxMs: 35_000 });
  expect(ms).toBeGreaterThan(15_000);
  expect(received === "" || received.startsWith("HTTP/1.1 408")).toBe(true);
});

test("closes an idle keep-alive connection after a few seconds", async () => {
  test.setTimeout(30_000);
  const { ms, received } = await holdOpen("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n", { maxMs: 15_000 });
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  expect(ms).toBeLessThan(10_000);
});

test("a forced exit after the shutdown grace period exits 1 and names the request it cut off", async ({ request }) => {
  const fake = await startFakeSiteverify();
  const server = await startServer({ RECAPTCHA_VERIFY_URL: fake.url, SHUTDOWN_GRACE_MS: "1000" });
  try {
    // The fake answers "slow:" tokens after 7 s, so this submission is still waiting on siteverify at shutdown.
    const pending = request
      .post(`${server.url}/api/contact?token=secret`, {
        headers: { "Content-Type": "application/json" },
        data: JSON.stringify({ firstName: "Ada", lastName: "L", email: "ada@example.com", message: "slow", recaptchaToken: `slow:${Date.now()}` }),
      })
      .catch((error: Error) => error);
    await expect.poll(() => fake.requests.some((entry) => entry.response.startsWith("slow:"))).toBe(true);
    const started = Date.now();
    const code = await server.stop();
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(4_000);
    const line = server.output().split("\n").find((text) => text.includes("forced exit"));
    expect(JSON.parse(line!)).toMatchObject({ level: "error", graceMs: 1000, running: [expect.stringMatching(/^POST \/api\/contact \(\d+ ms\)$/)] });
    await pending;
  } finally {
    await server.stop();
    await fake.close();
  }
});

test("a clean shutdown with nothing running exits 0", async () => {
  const fake = await startFakeSiteverify();
  const server = await startServer({ RECAPTCHA_VERIFY_URL: fake.url });
  try {
    expect(await server.stop()).toBe(0);
  } finally {
    await fake.close();
  }
});

test("static files honour q=0 in Accept-Encoding, with one ETag per encoding", async ({ request }) => {
  const get = (encoding: string, headers: Record<string, string> = {}) => request.get("/", { headers: { "Accept-Encoding": encoding, ...headers } });
  const br = await get("gzip, br");
  const gzip = await get("br;q=0, gzip");
  const plain = await get("br;q=0, gzip;q=0");
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(await plain.text()).toContain("<!DOCTYPE html>");
  const tags = [br, gzip, plain].map((response) => response.headers()["etag"]);
  expect(new Set(tags).size).toBe(3);
  expect((await get("br;q=0, gzip", { "If-None-Match": tags[1]! })).status()).toBe(304);
  expect((await get("br;q=0, gzip", { "If-None-Match": tags[0]! })).status()).toBe(200);
});
