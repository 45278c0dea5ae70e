// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { SqliteStore } from "../../server/db/sqlite-store";
import { quietLog } from "../../test/support/store-engines";
import { NO_ASSETS } from "./assets";
import { createStaffApp, STAFF_POLICY } from "./app";
import { staffStorage } from "./storage";

const STAFF_URL = "http://localhost:3999";
let dir: string;
let store: SqliteStore;
let app: ReturnType<typeof createStaffApp>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "staff-app-"));
  store = await SqliteStore.open(`file:${join(dir, "messages.db")}`);
  const config = loadConfig({ RECAPTCHA_SECRET_KEY: "a-real-looking-secret", STAFF_URL, SITE_URL: "http://localhost:3000" });
  app = createStaffApp({ config, store, staff: staffStorage(store), log: quietLog as never, assets: NO_ASSETS, assetsDir: join(dir, "none") });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("every answer of the workspace", () => {
  it("is never stored, never framed, sends its own origin as referrer only, and runs only the workspace's own files", async () => {
    for (const path of ["/", "/sign-in-nowhere", "/leads"]) {
      const response = await app.request(path);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("content-security-policy")).toBe(STAFF_POLICY);
      expect(STAFF_POLICY).toContain("frame-ancestors 'none'");
      expect(STAFF_POLICY).not.toContain("unsafe-inline");
    }
  });

  it("sends someone not signed in to the sign-in page, coming back where they were going", async () => {
    const response = await app.request("/");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-in?next=%2F");
  });

  it("answers an unknown address with the workspace's own 404 page", async () => {
    const response = await app.request("/no-such-page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<title>Page not found · Arcline staff</title>");
  });
});

describe("a request that changes something", () => {
  const post = (headers: Record<string, string>) => app.request("/no-such-action", { method: "POST", headers });

  it("is refused from any other origin, a same-site one included, and from an opaque origin", async () => {
    for (const origin of ["https://evil.example", "http://localhost:3000", "http://sub.localhost:3999", "null", "http://localhost:3998"]) {
      const response = await post({ origin });
      expect(response.status, origin).toBe(403);
      expect(await response.text()).toContain("nothing was changed");
    }
    // Without Origin, only the browser's word that it is same-origin counts.
    expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
  });

  it("goes through from the workspace's own pages (here to the 404 of an unknown action)", async () => {
    expect((await post({ origin: STAFF_URL })).status).toBe(404);
    expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(404);
  });
});
