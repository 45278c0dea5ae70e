// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { SqliteStore } from "../../server/db/sqlite-store";
import { quietLog } from "../../test/support/store-engines";
import { NO_ASSETS } from "./assets";
import { createStaffApp } from "./app";
import type { StaffMail } from "./mail";
import { staffStorage } from "./storage";

/*
 * The session cookie on an https workspace (the browser tests run on http://localhost): `__Host-` prefixed and
 * Secure, and only that name opens a session there. A real SQLite store; e-mails caught in memory.
 */

const STAFF_URL = "https://staff.arcline.example";
let dir: string;
let store: SqliteStore;
let app: ReturnType<typeof createStaffApp>;
const mails: StaffMail[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "staff-auth-"));
  store = await SqliteStore.open(`file:${join(dir, "messages.db")}`);
  const config = loadConfig({ RECAPTCHA_SECRET_KEY: "a-real-looking-secret", STAFF_URL, SITE_URL: "https://www.arcline.example", LEADS_DELIVERY: "store-only" });
  const mailer = { send: async (mail: StaffMail) => (mails.push(mail), "previewed" as const), close: () => {} };
  app = createStaffApp({ config, store, staff: staffStorage(store), log: quietLog as never, assets: NO_ASSETS, assetsDir: join(dir, "none"), mailer });
  await staffStorage(store).addPerson("ada@arcline.example", ["sales"], "test", new Date());
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("on https", () => {
  it("the session cookie is __Host-staff_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; no other name opens a session", async () => {
    const asked = await app.request(`${STAFF_URL}/sign-in`, { method: "POST", headers: { origin: STAFF_URL, "content-type": "application/x-www-form-urlencoded" }, body: "email=Ada%40arcline.example&next=%2Faccount" });
    expect(asked.status).toBe(303);
    await expect.poll(() => mails.length).toBe(1);
    const link = /https:\/\/staff\.arcline\.example\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mails[0]!.text)?.[0];
    expect(link).toBeDefined();
    const signedIn = await app.request(link!, { method: "POST", headers: { origin: STAFF_URL } });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/account");
    const cookie = signedIn.headers.get("set-cookie")!;
    const [pair, ...attributes] = cookie.split(/;\s*/);
    expect(pair).toMatch(/^__Host-staff_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.map((attribute) => attribute.split("=")[0]!.toLowerCase()).sort()).toEqual(["httponly", "max-age", "path", "samesite", "secure"]);
    expect(attributes).toContain("Path=/");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes).toContain(`Max-Age=${90 * 24 * 3600}`);

    const id = pair!.split("=")[1]!;
    expect((await app.request(`${STAFF_URL}/account`, { headers: { cookie: `__Host-staff_session=${id}` } })).status).toBe(200);
    // The same id under the plain name (which a sibling host could plant) opens nothing.
    const plain = await app.request(`${STAFF_URL}/account`, { headers: { cookie: `staff_session=${id}` } });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/sign-in?next=%2Faccount");
    expect(plain.headers.get("strict-transport-security")).toBe("max-age=63072000");
  });
});

describe("where a sign-in leads (next)", () => {
  it("is a path of the workspace, printable and short, or the start page", async () => {
    const { cleanNext } = await import("./auth");
    expect(cleanNext("/leads/ABCD1234?tab=notes")).toBe("/leads/ABCD1234?tab=notes");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "/a\r\nSet-Cookie: x=1", "/é", `/${"a".repeat(600)}`, undefined, 42]) expect(cleanNext(bad)).toBe("/");
  });
});

describe("hardening found by the hostile review", () => {
  // The client's address as @hono/node-server gives it (the socket's peer).
  const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
  const form = (body: string, client = "192.0.2.1") =>
    app.request(`${STAFF_URL}/sign-in`, { method: "POST", headers: { origin: STAFF_URL, "content-type": "application/x-www-form-urlencoded" }, body }, from(client));

  it("one address is limited per client; others asking for it do not lock its owner out, and past the cap links stop silently", async () => {
    await staffStorage(store).addPerson("grace@arcline.example", ["sales"], "test", new Date());
    mails.length = 0;
    // Limited per address and client: the sixth from one client is told to wait (STAFF_SIGN_IN_LIMIT=5).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await form("email=grace%40arcline.example", "192.0.2.10")).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    await expect.poll(() => mails.length).toBe(5);
    // The lock-out attempt above does not stop the owner's own request from another client...
    expect((await form("email=grace%40arcline.example", "192.0.2.20")).status).toBe(303);
    await expect.poll(() => mails.length).toBe(6);
    // ...and however many clients ask, no more than 4 × 5 fresh links reach the inbox in 15 minutes; the page is the same.
    for (let i = 0; i < 15; i += 1) expect((await form("email=grace%40arcline.example", `198.51.100.${i + 1}`)).status).toBe(303);
    await expect.poll(() => mails.length).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails.length).toBe(20);
  });

  it("an address with a comma, quotes or angle brackets is refused: the mail's To would name someone else", async () => {
    for (const email of ["bob,alice@example.com", '"bob"@example.com', "bob<alice@example.com>", "a@b"]) {
      const answer = await form(`email=${encodeURIComponent(email)}`);
      expect(answer.status, email).toBe(400);
    }
  });

  it("a body over 64 KB is refused with a page before it is read whole; nothing is changed", async () => {
    const answer = await form(`email=${"a".repeat(70 * 1024)}%40arcline.example`);
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain("Too much to send");
  });

  it("a form sent by a tab whose session ended changes nothing, says so, and gives back what was typed", async () => {
    const answer = await app.request(`${STAFF_URL}/leads/ABCDEF12/note`, {
      method: "POST",
      headers: { origin: STAFF_URL, referer: `${STAFF_URL}/leads/ABCDEF12`, "content-type": "application/x-www-form-urlencoded" },
      body: "note=Called%20back%2C%20wants%20a%20quote",
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("content-type")).toContain("text/html");
    const html = await answer.text();
    expect(html).toContain("You are signed out");
    expect(html).toContain("Called back, wants a quote");
    expect(html).toContain(`href="/sign-in?next=%2Fleads%2FABCDEF12"`);
  });
});
