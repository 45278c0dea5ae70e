// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../db/sqlite-store";
import { sampleMessage } from "../../test/support/store-engines";
import { createTakeRedirect } from "./take-routes";
import { takeToken } from "./take-token";

/* Issue 37: a take link already mailed leads to the lead's page in the staff workspace; the site's port takes nothing. */

const SECRET = "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the site's /leads/take/<token> with a workspace", () => {
  it("redirects a valid token (GET, HEAD and the old form's POST) to STAFF_URL/leads/<REFERENCE> and takes nothing; anything else is the 404 page", async () => {
    const dir = mkdtempSync(join(tmpdir(), "take-redirect-"));
    const store = await SqliteStore.open(`file:${join(dir, "messages.db")}`);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
    const lead = await store.insertLead(sampleMessage, []);
    const app = createTakeRedirect({ store, linkSecret: SECRET, staffUrl: () => "https://staff.arcline.example" });
    const token = takeToken(lead.publicId, SECRET);
    const target = `https://staff.arcline.example/leads/${lead.publicId.slice(0, 8).toUpperCase()}`;
    for (const method of ["GET", "HEAD", "POST"]) {
      const response = await app.request(`/${token}`, { method, ...(method === "POST" ? { body: new URLSearchParams({ name: "Mallory", action: "takeover" }) } : {}) });
      expect(response.status, method).toBe(303);
      expect(response.headers.get("location"), method).toBe(target);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect((await store.findLeads(String(lead.id)))[0]?.takenBy).toBeNull();
    const forged = await app.request(`/${lead.publicId}.${"A".repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("</html>");
    expect((await app.request("/not-a-token")).status).toBe(404);
    expect((await app.request(`/${token}`, { method: "DELETE" })).status).toBe(405);
  });
});
