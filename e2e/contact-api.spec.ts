import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { SITEVERIFY_URL } from "../playwright.config";
import { openStore } from "../server/db";
import { GOOGLE_TEST_SECRET, startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { ANY_STORE, leadIdOf, listMessages, mainDatabaseUrl, readMessages, runMessages, startServer, tempDatabaseUrl, type SiteServer } from "../test/support/servers";
import { unique } from "../test/support/leads";

/*
 * The contact API, over HTTP against the real server and a real database: SQLite, and again PostgreSQL in the
 * "postgres" project. Most cases use the project's main test server (see playwright.config.ts); the rate limit,
 * siteverify outage and restart cases start their own.
 */

const token = (kind = "pass") => `${kind}:${unique()}`;

const message = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  message: `Project ${unique()}`,
  recaptchaToken: token(),
  ...overrides,
});

/** A lead's public id: a version 4 UUID. */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const post = (request: APIRequestContext, body: unknown, { url = "/api/contact", contentType = "application/json", headers = {} as Record<string, string> } = {}) =>
  request.post(url, { headers: { "Content-Type": contentType, ...headers }, data: typeof body === "string" ? body : JSON.stringify(body) });

/** A server of its own (with its own SQLite file and fake siteverify) for one test, stopped afterwards. */
async function withOwnServer(env: Record<string, string>, run: (server: SiteServer, fake: FakeSiteverify) => Promise<void>, { secret }: { secret?: string } = {}) {
  const fake = await startFakeSiteverify({ secret });
  const server = await startServer({ RECAPTCHA_VERIFY_URL: fake.url, ...env });
  try {
    await run(server, fake);
  } finally {
    await server.stop();
    await fake.close();
  }
}

/** The siteverify calls made for visitors' tokens (the server's start-up secret check left out). */
const visitorChecks = (fake: FakeSiteverify) => fake.requests.filter((entry) => entry.response !== "startup-secret-check");

async function storedByText(databaseUrl: string, text: string) {
  return (await listMessages(databaseUrl)).filter((row) => row.message === text);
}

test.describe("POST /api/contact on the main server", () => {
  test("stores a valid message, verified by siteverify, and answers 201 with its random public id", async ({ request }) => {
    const body = message();
    const response = await post(request, body, { headers: { "User-Agent": "contact-api-test" } });
    expect(response.status()).toBe(201);
    const answer = await response.json();
    // A UUID stored with the lead, not the row id: the answers must not let anyone count the leads.
    expect(answer).toEqual({ ok: true, id: expect.stringMatching(PUBLIC_ID) });
    const next = await (await post(request, message())).json();
    expect(next.id).toMatch(PUBLIC_ID);
    expect(next.id).not.toBe(answer.id);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");

    const [row] = await storedByText(mainDatabaseUrl(), body.message);
    expect(row).toMatchObject({
      id: await leadIdOf(mainDatabaseUrl(), answer.id),
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      verification: "verified",
      verificationNote: null,
    });
    expect(Date.now() - Date.parse(row!.createdAt)).toBeLessThan(60_000);
  });

  test("keeps no IP address or user agent with the lead, only its country and device class; no address in the rate limits; no bidi character in its source", async ({ request }) => {
    const probe = `Probe${unique().replace(/\W/g, "")}`;
    const agent = `Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1 ${probe}`;
    const email = `no.address.${unique().replace(/\W/g, "")}@example.com`;
    const source = { landingPage: "/", utm: { source: "\u202Eelgoog\u202C", campaign: "br\u200Band" }, pages: ["/"] };
    const response = await post(request, message({ email, source }), { headers: { "User-Agent": agent } });
    expect(response.status()).toBe(201);

    // Everything stored about the person (npm run messages -- export): a device class and a country (none for
    // loopback), the source without its hidden characters, and neither the address nor the user agent.
    const exported = await runMessages(mainDatabaseUrl(), "export", "--email", email);
    const [lead] = (JSON.parse(exported) as { leads: Record<string, unknown>[] }).leads;
    expect(lead).toMatchObject({ email, device: "phone", country: null, source: { utm: { source: "elgoog", campaign: "brand" } } });
    expect(Object.keys(lead!)).not.toEqual(expect.arrayContaining(["ip"]));
    expect(Object.keys(lead!)).not.toEqual(expect.arrayContaining(["userAgent"]));
    expect(exported).not.toContain(probe);
    expect(exported).not.toContain("127.0.0.1");

    const url = mainDatabaseUrl();
    if (url.startsWith("file:")) {
      // The raw bytes of the SQLite file and its WAL: no user agent anywhere.
      const file = url.slice("file:".length);
      const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path)));
      expect(bytes.includes(email)).toBe(true);
      expect(bytes.includes(probe)).toBe(false);
    } else {
      // PostgreSQL: the columns are gone, and the shared rate limits key an address by a keyed hash only.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const columns = (await client.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'")).rows.map((row) => row.column_name);
        expect(columns).not.toEqual(expect.arrayContaining(["ip"]));
        expect(columns).not.toEqual(expect.arrayContaining(["user_agent"]));
        const keys = (await client.query<{ key: string }>("SELECT key FROM rate_limits")).rows.map((row) => row.key);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(key).toMatch(/^contact[a-z-]*:([0-9a-f]{32}|all)$/);
      } finally {
        await client.end();
      }
    }
  });

  for (const [name, header] of [["Sec-GPC: 1", { "Sec-GPC": "1" }], ["DNT: 1", { DNT: "1" }]] as const) {
    test(`with ${name}, keeps the lead without its source (campaign, referrer, pages, landing page), only country and device class`, async ({ request }) => {
      const email = `opted.out.${unique().replace(/\W/g, "")}@example.com`;
      const source = { landingPage: "/services", utm: { source: "google", campaign: "brand" }, referrer: "https://www.google.com", pages: ["/services", "/"] };
      const agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
      const response = await post(request, message({ email, source }), { headers: { ...header, "User-Agent": agent } });
      expect(response.status()).toBe(201);
      const exported = await runMessages(mainDatabaseUrl(), "export", "--email", email);
      const [lead] = (JSON.parse(exported) as { leads: Record<string, unknown>[] }).leads;
      expect(lead).toMatchObject({ email, device: "phone", country: null, source: null });
      expect(exported).not.toContain("brand");
      expect(exported).not.toContain("google");
    });
  }

  test("stores a message resent with the same submission id once, and answers both with its id", async ({ request }) => {
    const body = message({ submissionId: crypto.randomUUID() });
    const first = await post(request, body);
    expect(first.status()).toBe(201);
    // The visitor never saw the first answer and sends again, with a fresh reCAPTCHA token.
    const second = await post(request, { ...body, recaptchaToken: token() });
    expect(second.status()).toBe(201);
    expect((await second.json()).id).toBe((await first.json()).id);
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(1);
  });

  test("answers 400 for a malformed submission id and stores nothing", ANY_STORE, async ({ request }) => {
    const body = message({ submissionId: "x" });
    const response = await post(request, body);
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, field: "submissionId" });
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(0);
  });

  test("sends siteverify the secret and token form-encoded", ANY_STORE, async ({ request }) => {
    const body = message();
    expect((await post(request, body)).status()).toBe(201);
    const seen = (await (await request.get(new URL("/__requests", SITEVERIFY_URL).href)).json()) as { response: string; secret: string; contentType: string; remoteip: string }[];
    const call = seen.find((entry) => entry.response === body.recaptchaToken);
    // The main server runs on Google's test secret (no RECAPTCHA_SECRET_KEY): exactly that must reach siteverify.
    expect(call).toMatchObject({ contentType: "application/x-www-form-urlencoded", secret: GOOGLE_TEST_SECRET, remoteip: "127.0.0.1" });
  });

  test("accepts the same JSON sent as text/plain, as a no-cors request sends it", ANY_STORE, async ({ request }) => {
    const body = message();
    const response = await post(request, JSON.stringify(body), { contentType: "text/plain;charset=UTF-8" });
    expect(response.status()).toBe(201);
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(1);
  });

  test("keeps unicode text exactly as sent", async ({ request }) => {
    const body = message({ firstName: "Zoë", lastName: "Ødegård-Nguyễn", company: "株式会社テスト", message: `Grüße — 日本語 🚀 ${unique()}\nline two` });
    expect((await post(request, body)).status()).toBe(201);
    const [row] = await storedByText(mainDatabaseUrl(), body.message);
    expect(row).toMatchObject({ firstName: "Zoë", lastName: "Ødegård-Nguyễn", company: "株式会社テスト" });
  });

  test("accepts fields at their limits and a missing company", async ({ request }) => {
    const text = `${unique()}${"x".repeat(5000)}`.slice(0, 5000);
    const body = message({ firstName: "F".repeat(100), lastName: "L".repeat(100), message: text, company: undefined });
    expect((await post(request, body)).status()).toBe(201);
    expect(await storedByText(mainDatabaseUrl(), text)).toMatchObject([{ company: "" }]);
  });

  test("rejects a token siteverify refuses with 400 naming recaptchaToken, and stores nothing", ANY_STORE, async ({ request }) => {
    const body = message({ recaptchaToken: token("bogus") });
    const response = await post(request, body);
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ ok: false, field: "recaptchaToken", error: expect.stringMatching(/reCAPTCHA again/) });
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(0);
  });

  test("rejects a reused token (timeout-or-duplicate)", ANY_STORE, async ({ request }) => {
    const first = message();
    expect((await post(request, first)).status()).toBe(201);
    const again = message({ recaptchaToken: first.recaptchaToken });
    const response = await post(request, again);
    expect(response.status()).toBe(400);
    expect((await response.json()).field).toBe("recaptchaToken");
    expect(await storedByText(mainDatabaseUrl(), again.message)).toHaveLength(0);
  });

  test("rejects a token solved on another site (RECAPTCHA_HOSTNAMES)", ANY_STORE, async ({ request }) => {
    const body = message({ recaptchaToken: token("pass@evil.example") });
    const response = await post(request, body);
    expect(response.status()).toBe(400);
    expect((await response.json()).field).toBe("recaptchaToken");
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(0);
  });

  test("stores the message flagged unverified when siteverify is slower than 5 s", async ({ request }) => {
    test.slow();
    const body = message({ recaptchaToken: token("slow") });
    const started = Date.now();
    const response = await post(request, body);
    expect(response.status()).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(6900);
    const [row] = await storedByText(mainDatabaseUrl(), body.message);
    expect(row).toMatchObject({ verification: "unverified", verificationNote: "siteverify timeout after 5000 ms" });
  });

  test("stores the message flagged unverified when siteverify answers 500", async ({ request }) => {
    const body = message({ recaptchaToken: token("http500") });
    expect((await post(request, body)).status()).toBe(201);
    expect(await storedByText(mainDatabaseUrl(), body.message)).toMatchObject([{ verification: "unverified", verificationNote: "siteverify HTTP 500" }]);
  });

  test("answers a filled honeypot like a success, in the same shape, but stores nothing", ANY_STORE, async ({ request }) => {
    const body = message({ website: "http://spam.example" });
    const response = await post(request, body);
    expect(response.status()).toBe(201);
    const decoy = await response.json();
    expect(decoy).toEqual({ ok: true, id: expect.stringMatching(PUBLIC_ID) });
    expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(0);
    // Nothing in it to tell it from a real answer, nor to count leads by.
    const real = await (await post(request, message())).json();
    expect(Object.keys(decoy)).toEqual(Object.keys(real));
    await expect(leadIdOf(mainDatabaseUrl(), decoy.id)).rejects.toThrow(/no lead/);
  });

  const invalid: [string, Record<string, unknown>, string | null][] = [
    ["a missing first name", { firstName: undefined }, "firstName"],
    ["a blank last name", { lastName: "   " }, "lastName"],
    ["a missing e-mail", { email: undefined }, "email"],
    ["a malformed e-mail", { email: "ada@" }, "email"],
    ["a missing message", { message: undefined }, "message"],
    ["a first name over 100 characters", { firstName: "x".repeat(101) }, "firstName"],
    ["a last name over 100 characters", { lastName: "x".repeat(101) }, "lastName"],
    ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@b.co` }, "email"],
    ["a company over 200 characters", { company: "x".repeat(201) }, "company"],
    ["a message over 5,000 characters", { message: "x".repeat(5001) }, "message"],
    ["a number as first name", { firstName: 42 }, "firstName"],
    ["an object as message", { message: { text: "hi" } }, "message"],
    ["a missing reCAPTCHA token", { recaptchaToken: undefined }, "recaptchaToken"],
    ["a terminal escape sequence in the first name", { firstName: "Ada\u001b[2J\u001b[H" }, "firstName"],
    ["a line break in the e-mail", { email: "ada@example.com\nBcc: x@evil.example" }, "email"],
    ["a bell character in the message", { message: `Hi \u0007 ${unique()}` }, "message"],
    ["an empty reCAPTCHA token", { recaptchaToken: "" }, "recaptchaToken"],
  ];
  for (const [name, overrides, field] of invalid) {
    test(`answers 400 naming the field for ${name}`, ANY_STORE, async ({ request }) => {
      const body = message(overrides);
      const response = await post(request, body);
      expect(response.status()).toBe(400);
      const answer = await response.json();
      expect(answer).toEqual({ ok: false, field, error: expect.any(String) });
      expect(answer.error.length).toBeGreaterThan(5);
      if (typeof body.message === "string") expect(await storedByText(mainDatabaseUrl(), body.message)).toHaveLength(0);
    });
  }

  for (const [name, raw] of [
    ["malformed JSON", '{"firstName": "Ada",'],
    ["an empty body", ""],
    ["a JSON array", "[1,2]"],
    ["a JSON string", '"hello"'],
    ["JSON null", "null"],
  ] as const) {
    test(`answers 400 for ${name}`, ANY_STORE, async ({ request }) => {
      const response = await post(request, raw);
      expect(response.status()).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, field: null, error: expect.any(String) });
    });
  }

  test("answers 400 for a body that is not UTF-8, even when it is otherwise a valid message", ANY_STORE, async ({ request }) => {
    // Valid JSON in every other respect: a lenient decoder would turn 0xFF into U+FFFD and store the message.
    const body = message({ firstName: "Ad\u00ff" });
    const bytes = Buffer.from(JSON.stringify(body), "latin1");
    expect(bytes.includes(0xff)).toBe(true);
    const response = await request.post("/api/contact", { headers: { "Content-Type": "application/json" }, data: bytes });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, field: null });
    expect(await storedByText(mainDatabaseUrl(), body.message as string)).toHaveLength(0);
  });

  test("accepts every field at its limit in CJK text and emoji, with a normal-sized reCAPTCHA token", async ({ request }) => {
    // 3 bytes a character in UTF-8 for CJK, 4 for an emoji (2 characters): about 19 KB of JSON.
    const text = (length: number) => "漢字かなカナ한글".repeat(length).slice(0, length - 10) + "🚀🎉🌟😀👍";
    const body = message({
      firstName: "漢".repeat(100),
      lastName: "😀".repeat(50),
      email: `${"a".repeat(254 - "@example.com".length)}@example.com`,
      company: text(200),
      message: text(5000),
      recaptchaToken: `pass:${unique()}${"x".repeat(2000)}`,
      submissionId: crypto.randomUUID(),
    });
    for (const field of ["firstName", "lastName", "company", "message"] as const) expect(body[field as keyof typeof body]).toHaveLength({ firstName: 100, lastName: 100, company: 200, message: 5000 }[field]);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(18 * 1024);
    const response = await post(request, body);
    expect(response.status()).toBe(201);
    expect(await storedByText(mainDatabaseUrl(), body.message as string)).toMatchObject([{ firstName: body.firstName, lastName: body.lastName, company: body.company }]);
  });

  test("answers 413 for a body larger than any valid message", ANY_STORE, async ({ request }) => {
    const body = message({ message: "x".repeat(40 * 1024) });
    const response = await post(request, body);
    expect(response.status()).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false });
    expect(await storedByText(mainDatabaseUrl(), body.message as string)).toHaveLength(0);
  });

  test("answers 413 for a chunked body too large that declares no length", ANY_STORE, async ({ baseURL }) => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${baseURL}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      // No Content-Length: node sends Transfer-Encoding: chunked, so the limit must be enforced while reading.
      for (let i = 0; i < 40; i++) req.write(" ".repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
  });

  test("answers 415 for a content type other than JSON or text", ANY_STORE, async ({ request }) => {
    const response = await request.post("/api/contact", { form: { firstName: "Ada" } });
    expect(response.status()).toBe(415);
  });

  for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
    test(`answers ${method} with 405 and Allow: POST`, ANY_STORE, async ({ request }) => {
      const response = await request.fetch("/api/contact", { method });
      expect(response.status()).toBe(405);
      expect(response.headers()["allow"]).toBe("POST");
      expect(await response.json()).toMatchObject({ ok: false });
    });
  }
});

test.describe("contact API on its own server", () => {
  test("allows CORS only for ALLOWED_ORIGINS, preflight included", ANY_STORE, async ({ request }) => {
    await withOwnServer({ ALLOWED_ORIGINS: "https://www.example.com, https://example.com" }, async (server) => {
      const endpoint = `${server.url}/api/contact`;
      const preflight = await request.fetch(endpoint, {
        method: "OPTIONS",
        headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
      expect(preflight.status()).toBe(204);
      expect(preflight.headers()).toMatchObject({
        "access-control-allow-origin": "https://example.com",
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": "Content-Type",
      });
      const allowed = await post(request, message(), { url: endpoint, headers: { Origin: "https://www.example.com" } });
      expect(allowed.status()).toBe(201);
      expect(allowed.headers()["access-control-allow-origin"]).toBe("https://www.example.com");

      // An origin not on the list gets no CORS permission, on the preflight nor on the POST itself.
      const other = await request.fetch(endpoint, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } });
      expect(other.status()).toBe(405);
      expect(other.headers()["access-control-allow-origin"]).toBeUndefined();
      const unlisted = await post(request, message(), { url: endpoint, headers: { Origin: "https://evil.example" } });
      expect(unlisted.status()).toBe(201);
      expect(unlisted.headers()["access-control-allow-origin"]).toBeUndefined();
      expect(unlisted.headers()["vary"]).toContain("Origin");
    });
  });

  test("limits each IP to CONTACT_RATE_LIMIT accepted messages a minute, then 429 with Retry-After", async ({ request }) => {
    await withOwnServer({ CONTACT_RATE_LIMIT: "3" }, async (server) => {
      const endpoint = `${server.url}/api/contact`;
      // Rejected attempts do not use up the allowance: a visitor fixing a typo is not locked out.
      for (let i = 0; i < 4; i++) expect((await post(request, message({ email: "bad" }), { url: endpoint })).status()).toBe(400);
      for (let i = 0; i < 3; i++) expect((await post(request, message(), { url: endpoint })).status()).toBe(201);
      const blocked = message();
      const response = await post(request, blocked, { url: endpoint });
      expect(response.status()).toBe(429);
      const retryAfter = Number(response.headers()["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await response.json()).toMatchObject({ ok: false });
      const rows = await listMessages(server.databaseUrl);
      expect(rows).toHaveLength(3);
      expect(rows.some((row) => row.message === blocked.message)).toBe(false);
    });
  });

  test("also caps all attempts per IP (30 a minute at the default limit), so rejected ones cannot go on forever", async ({ request }) => {
    await withOwnServer({ CONTACT_RATE_LIMIT: "5" }, async (server) => {
      const endpoint = `${server.url}/api/contact`;
      // One after the other: in-flight submissions hold a slot of the accepted-message limit until answered.
      for (let i = 0; i < 30; i++) expect((await post(request, message({ recaptchaToken: token("bogus") }), { url: endpoint })).status()).toBe(400);
      const response = await post(request, message(), { url: endpoint });
      expect(response.status()).toBe(429);
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    });
  });

  test("stores messages flagged unverified while siteverify is unreachable, and says so in npm run messages", async ({ request }) => {
    // A port that was just free: connections to it are refused, as when Google cannot be reached.
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => done(typeof address === "object" && address ? address.port : 0));
      });
    });
    const server = await startServer({ RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify` });
    try {
      const body = message({ recaptchaToken: token("bogus") });
      const response = await post(request, body, { url: `${server.url}/api/contact` });
      expect(response.status()).toBe(201);
      expect(await listMessages(server.databaseUrl)).toMatchObject([{ message: body.message, verification: "unverified", verificationNote: expect.stringMatching(/unreachable/) }]);
      expect(await readMessages(server.databaseUrl, "text")).toContain("UNVERIFIED reCAPTCHA");
    } finally {
      await server.stop();
    }
  });

  test("keeps every acknowledged message across a crash and a restart", async ({ request }) => {
    const fake = await startFakeSiteverify();
    const databaseUrl = tempDatabaseUrl();
    const env = { RECAPTCHA_VERIFY_URL: fake.url, DATABASE_URL: databaseUrl, CONTACT_RATE_LIMIT: "100" };
    let server = await startServer(env);
    try {
      const acknowledged = new Map<string, string>();
      const send = async (url: string, count: number) => {
        const bodies = Array.from({ length: count }, () => message({ message: `Kept ${unique()} ✓` }));
        const answers = await Promise.all(bodies.map((body) => post(request, body, { url: `${url}/api/contact` })));
        for (const [index, answer] of answers.entries()) {
          expect(answer.status()).toBe(201);
          acknowledged.set((await answer.json()).id, bodies[index]!.message as string);
        }
      };
      await send(server.url, 10);
      // SIGKILL right after the answers: no shutdown hook, no close, no checkpoint.
      await server.crash();
      server = await startServer(env);
      await send(server.url, 5);
      await server.stop();
      server = await startServer(env);

      const rows = await listMessages(databaseUrl);
      expect(rows).toHaveLength(15);
      for (const [id, text] of acknowledged) {
        const rowId = await leadIdOf(databaseUrl, id);
        expect(rows.find((row) => row.id === rowId)?.message).toBe(text);
      }
    } finally {
      await server.stop();
      await fake.close();
    }
  });

  test("npm run messages prints CSV that is safe to open in a spreadsheet", async ({ request }) => {
    await withOwnServer({}, async (server) => {
      const body = message({ firstName: "=HYPERLINK(\"http://evil.example\")", company: "+1 555", message: `Line "one"\nline, two;=cmd|' /C calc'!A0` });
      expect((await post(request, body, { url: `${server.url}/api/contact` })).status()).toBe(201);
      const csv = await readMessages(server.databaseUrl, "csv");
      // A BOM so Excel reads UTF-8, every field quoted, formulas neutralised at the start and after ; or tab.
      expect(csv.startsWith("\ufeff")).toBe(true);
      const [header, ...rest] = csv.slice(1).split("\r\n");
      expect(header).toBe(
        '"id","reference","publicId","firstName","lastName","email","company","message","createdAt","verification","verificationNote",' +
          '"respondBy","takenBy","takenAt","firstTakenAt","businessMinutesToTake","outcome","closedAt","closedBy",' +
          '"sourceLandingPage","sourceUtmSource","sourceUtmMedium","sourceUtmCampaign","sourceUtmTerm","sourceUtmContent","sourceReferrer","sourcePages",' +
          '"emailStatus","emailAttempts","emailLastError","emailSentAt","webhookStatus","webhookAttempts","webhookLastError","webhookSentAt",' +
          '"confirmationStatus","confirmationAttempts","confirmationLastError","confirmationSentAt","chatStatus","chatAttempts","chatLastError","chatSentAt",' +
          '"reminderStatus","reminderAttempts","reminderLastError","reminderSentAt","reminder_chatStatus","reminder_chatAttempts","reminder_chatLastError","reminder_chatSentAt",' +
          '"escalationStatus","escalationAttempts","escalationLastError","escalationSentAt","take_webhookStatus","take_webhookAttempts","take_webhookLastError","take_webhookSentAt",' +
          '"close_webhookStatus","close_webhookAttempts","close_webhookLastError","close_webhookSentAt","takeover_noticeStatus","takeover_noticeAttempts","takeover_noticeLastError","takeover_noticeSentAt"',
      );
      // The row id, then the reference and public id a visitor may quote (issue 31), then the visitor's fields.
      expect(rest.join("\r\n")).toMatch(/^"1","[0-9A-F]{8}","[0-9a-f-]{36}",/);
      expect(rest.join("\r\n")).toContain(`"'=HYPERLINK(""http://evil.example"")","Lovelace","ada@example.com","'+1 555","Line ""one""\nline, two;'=cmd|' /C calc'!A0",`);
      expect(rest.join("\r\n")).toContain(`,"verified",`);
    });
  });

  test("reads X-Forwarded-For only from a trusted proxy: a direct client cannot pick a new address per request", async ({ request }) => {
    // The proxy is said to be on 10.0.0.0/8; the test connects from 127.0.0.1, like an attacker reaching the port.
    await withOwnServer({ CONTACT_RATE_LIMIT: "2", TRUST_PROXY: "10.0.0.0/8" }, async (server, fake) => {
      const endpoint = `${server.url}/api/contact`;
      for (let i = 1; i <= 2; i++) expect((await post(request, message(), { url: endpoint, headers: { "X-Forwarded-For": `198.51.100.${i}` } })).status()).toBe(201);
      const blocked = await post(request, message(), { url: endpoint, headers: { "X-Forwarded-For": "198.51.100.3" } });
      expect(blocked.status()).toBe(429);
      expect(visitorChecks(fake).map((entry) => entry.remoteip)).toEqual(["127.0.0.1", "127.0.0.1"]);
    });
  });

  test("behind a trusted proxy, limits per client address, IPv6 per /64, and never uses text that is not an IP", async ({ request }) => {
    await withOwnServer({ CONTACT_RATE_LIMIT: "1", TRUST_PROXY: "loopback" }, async (server, fake) => {
      const endpoint = `${server.url}/api/contact`;
      const from = (xff: string) => post(request, message(), { url: endpoint, headers: { "X-Forwarded-For": xff } });
      expect((await from("198.51.100.1")).status()).toBe(201);
      expect((await from("198.51.100.1")).status()).toBe(429);
      expect((await from("198.51.100.2")).status()).toBe(201);
      // Another address in the same /64 is the same subscriber.
      expect((await from("2001:db8:1:2::1")).status()).toBe(201);
      expect((await from("2001:db8:1:2:ffff::9")).status()).toBe(429);
      expect((await from("2001:db8:1:3::1")).status()).toBe(201);
      // Junk is not an address: the proxy's own (the socket peer) stands in, as key, stored ip and remoteip.
      expect((await from("<script>alert(1)</script>")).status()).toBe(201);
      expect((await from("not-an-ip")).status()).toBe(429);
      expect(visitorChecks(fake).map((entry) => entry.remoteip)).toEqual(["198.51.100.1", "198.51.100.2", "2001:db8:1:2::1", "2001:db8:1:3::1", "127.0.0.1"]);
    });
  });

  test("with no proxy trusted, warns once that X-Forwarded-For arrives and is ignored", ANY_STORE, async ({ request }) => {
    await withOwnServer({}, async (server) => {
      for (let i = 0; i < 3; i++) await request.get(`${server.url}/`, { headers: { "X-Forwarded-For": `203.0.113.${i}` } });
      await expect.poll(() => server.output().split("\n").filter((line) => line.includes("X-Forwarded-For ignored")).length).toBe(1);
      const warning = server.output().split("\n").find((line) => line.includes("X-Forwarded-For ignored"))!;
      expect(JSON.parse(warning)).toMatchObject({ level: "warn", trustProxy: "none", hint: expect.stringMatching(/TRUST_PROXY/) });
      // The visit counts, too: every visitor is one address, counted up to 30 a day.
      expect(JSON.parse(warning).hint).toMatch(/visit counts stop at 30 visitors a day/);
    });
  });

  test("a secret siteverify refuses: the lead is kept, flagged as a configuration error, logged at error level", async ({ request }) => {
    await withOwnServer({ RECAPTCHA_SECRET_KEY: "rotated-old-secret" }, async (server, fake) => {
      // At start-up the secret was tried once with a dummy token, and refused.
      expect(fake.requests[0]).toMatchObject({ secret: "rotated-old-secret", response: "startup-secret-check" });
      expect(server.output()).toMatch(/"level":"error","msg":"recaptcha secret refused"/);
      const body = message();
      expect((await post(request, body, { url: `${server.url}/api/contact` })).status()).toBe(201);
      const [row] = await listMessages(server.databaseUrl);
      expect(row).toMatchObject({ message: body.message, verification: "unverified", verificationNote: expect.stringMatching(/^configuration error: .*invalid-input-secret/) });
      await expect.poll(() => server.output()).toMatch(/"level":"error","msg":"contact recaptcha unavailable","reason":"configuration error/);
    });
  });

  test("in production, refuses to start on a secret siteverify refuses, and starts and verifies with the right one", ANY_STORE, async ({ request }) => {
    const fake = await startFakeSiteverify({ secret: "the-right-secret" });
    try {
      const env = { NODE_ENV: "production", STAFF_PORT: "off", SITE_URL: "http://127.0.0.1", LEADS_DELIVERY: "store-only", RECAPTCHA_VERIFY_URL: fake.url };
      await expect(startServer({ ...env, RECAPTCHA_SECRET_KEY: "the-wrong-secret" })).rejects.toThrow(
        /exited with 1[\s\S]*RECAPTCHA_SECRET_KEY is wrong: siteverify .* answered invalid-input-secret[\s\S]*Refusing to start/,
      );
      const server = await startServer({ ...env, RECAPTCHA_SECRET_KEY: "the-right-secret" });
      try {
        const body = message();
        expect((await post(request, body, { url: `${server.url}/api/contact` })).status()).toBe(201);
        expect(await listMessages(server.databaseUrl)).toMatchObject([{ message: body.message, verification: "verified" }]);
      } finally {
        await server.stop();
      }
    } finally {
      await fake.close();
    }
  });

  test("refuses Google's test keys for a public SITE_URL even without NODE_ENV=production", ANY_STORE, async () => {
    await expect(startServer({ SITE_URL: "https://www.example.com" })).rejects.toThrow(/exited with 1[\s\S]*test keys/);
    const local = await startServer({ SITE_URL: "http://localhost:3000", RECAPTCHA_VERIFY_URL: SITEVERIFY_URL });
    await local.stop();
  });

  test("caps unverified leads at CONTACT_UNVERIFIED_LIMIT an hour, then answers 503 with Retry-After", async ({ request }) => {
    await withOwnServer({ CONTACT_UNVERIFIED_LIMIT: "2" }, async (server) => {
      const endpoint = `${server.url}/api/contact`;
      for (let i = 0; i < 2; i++) expect((await post(request, message({ recaptchaToken: token("http500") }), { url: endpoint })).status()).toBe(201);
      const over = message({ recaptchaToken: token("http500") });
      const response = await post(request, over, { url: endpoint });
      expect(response.status()).toBe(503);
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(60);
      expect(await response.json()).toMatchObject({ ok: false });
      // Verified leads are not affected.
      expect((await post(request, message(), { url: endpoint })).status()).toBe(201);
      const rows = await listMessages(server.databaseUrl);
      expect(rows.map((row) => row.verification)).toEqual(["unverified", "unverified", "verified"]);
    });
  });

  test("npm run messages prints a stored escape sequence visibly instead of sending it to the terminal", async () => {
    // Rows stored before control characters were refused can still hold them: write one as the server would have.
    const databaseUrl = tempDatabaseUrl();
    const store = await openStore(databaseUrl);
    try {
      await store.insertLead(
        {
          firstName: "Ada\u001b[2J\u001b[H",
          lastName: "Lovelace\u009b31m",
          email: "ada@example.com",
          company: "fake\rline",
          message: "Hello\n\tthere\u0007",
          createdAt: new Date().toISOString(),
          country: null,
          device: null,
          verification: "verified",
          verificationNote: null,
        },
        [],
      );
    } finally {
      await store.close();
    }
    const text = await readMessages(databaseUrl, "text");
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("Ada\\x1b[2J\\x1b[H Lovelace\\x9b31m <ada@example.com>, fake\\rline");
    expect(text).toContain("  Hello\n  \tthere\\x07");
  });
});
