// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { SqliteStore } from "../../../server/db/sqlite-store";
import type { Store } from "../../../server/db/store";
import { quietLog, sampleMessage } from "../../../test/support/store-engines";
import { createStaffApp } from "../app";
import { NO_ASSETS } from "../assets";
import type { Role, StaffPerson } from "../context";
import { staffStorage, type AuditLine } from "../storage";

/*
 * The leads inbox, the lead page and the deliveries page (issue 37) through the workspace's own app (headers,
 * cross-site check, role guard, audit), on a real SQLite store. Signing in is the sign-in work's: here a session
 * cookie names a person directly.
 */

const STAFF_URL = "http://localhost:4999";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const people: Record<string, Omit<StaffPerson, "id">> = {
  ada: { email: "ada@arcline.example", roles: ["sales"] },
  bob: { email: "bob@arcline.example", roles: ["sales"] },
  mia: { email: "mia@arcline.example", roles: ["marketing"] },
  oz: { email: "oz@arcline.example", roles: ["operator"] },
};

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), "staff-leads-"));
  const store: Store = await SqliteStore.open(`file:${join(dir, "messages.db")}`);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
  // The sign-in work's storage, with a session per person made directly (signing in is tested there).
  const staff = staffStorage(store);
  for (const [key, person] of Object.entries(people)) {
    const row = await staff.addPerson(person.email, person.roles, "test", new Date());
    await staff.createSession(`session-${key}`, row!.id, new Date());
  }
  const audit = async (): Promise<AuditLine[]> => (await staff.audit({ limit: 1000, offset: 0 })).lines.reverse();
  const config = loadConfig({ RECAPTCHA_SECRET_KEY: "a-real-looking-secret", STAFF_URL, COMPANY_TIME_ZONE: "Europe/Berlin", SALES_HOURS: "Mon-Sun 00:00-24:00", LEADS_MAIL_DIR: join(dir, "mail") });
  let n = 0;
  const app = createStaffApp({
    config,
    store,
    staff,
    log: quietLog,
    assets: NO_ASSETS,
    assetsDir: dir,
    leads: {
      closeEvent: () => ({ channel: "close_webhook", externalId: `msg_close_${++n}` }),
      takeEvent: () => ({ channel: "take_webhook", externalId: `msg_take_${++n}` }),
      takeoverNotice: () => ({ channel: "takeover_notice", externalId: `<notice-${++n}@x>` }),
    },
  });
  const as = (who: keyof typeof people | null) => ({
    get: (path: string) => app.request(`${STAFF_URL}${path}`, { headers: who ? { cookie: `staff_session=session-${who}` } : {} }),
    post: (path: string, fields: Record<string, string> = {}, origin = STAFF_URL) =>
      app.request(`${STAFF_URL}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { origin, ...(who ? { cookie: `staff_session=session-${who}` } : {}) } }),
  });
  const add = async (fields: Partial<typeof sampleMessage> = {}) => {
    const lead = await store.insertLead({ ...sampleMessage, createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(), respondBy: new Date(Date.now() - 3600_000).toISOString(), ...fields }, []);
    return { ...lead, reference: lead.publicId.slice(0, 8).toUpperCase() };
  };
  return { store, audit, as, add };
}

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

describe("the leads pages", () => {
  it("lists open leads newest first with time left in words; take, take over (notice queued), close, reopen and note answer 303 and the page says what the store holds", async () => {
    const { store, audit, as, add } = await setUp();
    const older = await add({ firstName: "Grace", lastName: "Hopper", company: "Navy", email: "grace@navy.example" });
    const lead = await add({ firstName: "Katherine", lastName: "Johnson", company: "NASA", email: "kj@nasa.example", respondBy: new Date(Date.now() + 90 * 60_000).toISOString() });

    const inbox = await as("ada").get("/leads");
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get("cache-control")).toBe("no-store");
    const html = await text(inbox);
    expect(html.indexOf("Katherine Johnson")).toBeLessThan(html.indexOf("Grace Hopper"));
    expect(html).toContain(`href="/leads/${lead.reference}"`);
    expect(html).toContain("Times in Europe/Berlin.");
    expect(html).toMatch(/1 h (29|30) min left \(business hours\)/);
    expect(html).toContain("Overdue by 1 h (business hours)");

    // Take, as the signed-in person.
    const taken = await as("ada").post(`/leads/${lead.reference}/take`, { action: "take" });
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe(`/leads/${lead.reference}`);
    let page = await text(await as("ada").get(`/leads/${lead.reference.toLowerCase()}`));
    expect(page).toContain("You (ada@arcline.example)");
    expect(page).toContain("ada@arcline.example took it");
    expect(page).toContain('href="mailto:kj@nasa.example"');
    // A form-valid address with a query cannot add a Bcc (or anything) to a reply.
    const sly = await add({ email: "x?bcc=spy@evil.example" });
    const slyPage = await text(await as("ada").get(`/leads/${sly.reference}`));
    expect(slyPage).toContain('href="mailto:x%3Fbcc%3Dspy@evil.example"');
    expect(slyPage).not.toContain("mailto:x?");
    await store.eraseByEmail("x?bcc=spy@evil.example");
    expect(page).not.toContain("Take this lead");
    // Bob sees "Take it over"; a stale "Take this lead" form (taken meanwhile) changes nothing: 409 with who has it.
    page = await text(await as("bob").get(`/leads/${lead.reference}`));
    expect(page).toContain("Take it over");
    const stale = await as("bob").post(`/leads/${lead.reference}/take`, { action: "take" });
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain("ada@arcline.example took this lead first: nothing changed.");
    expect((await as("bob").post(`/leads/${lead.reference}/take`, { action: "takeover" })).status).toBe(303);
    let [stored] = await store.findLeads(String(lead.id));
    expect(stored?.takenBy).toBe("bob@arcline.example");
    expect(stored?.deliveries.map((d) => d.channel).sort()).toEqual(["take_webhook", "takeover_notice"]);

    // Close: an outcome is required (422, nothing changed), then the lead leaves the open list.
    const missing = await as("bob").post(`/leads/${lead.reference}/close`, { outcome: "maybe", note: "keep me" });
    expect(missing.status).toBe(422);
    const missingHtml = await text(missing);
    expect(missingHtml).toContain("Choose an outcome to close the lead.");
    expect(missingHtml).toContain("keep me");
    expect((await as("bob").post(`/leads/${lead.reference}/close`, { outcome: "won", note: "Signed for a year" })).status).toBe(303);
    // Sent twice (Back, then the form again): closed once.
    expect((await as("bob").post(`/leads/${lead.reference}/close`, { outcome: "lost" })).status).toBe(303);
    expect(await text(await as("ada").get("/leads"))).not.toContain("Katherine Johnson");
    expect(await text(await as("ada").get("/leads?view=closed"))).toContain("Katherine Johnson");
    page = await text(await as("ada").get(`/leads/${lead.reference}`));
    expect(page).toMatch(/Won, closed by bob@arcline.example on \d+ \w+ \d{4}, \d\d:\d\d/);
    expect(page).toContain("bob@arcline.example closed it: Won. Note: Signed for a year");
    expect(page).toContain("Reopen");

    // A note of the most characters allowed, in CJK (18 KB percent-encoded) reaches the store; one more character is
    // refused with the text given back; a form far larger than any note is the workspace's 413 page, nothing changed.
    const cjk = "議".repeat(2000);
    expect((await as("bob").post(`/leads/${lead.reference}/note`, { note: cjk })).status).toBe(303);
    const tooLong = await as("bob").post(`/leads/${lead.reference}/note`, { note: `${cjk}議` });
    expect(tooLong.status).toBe(422);
    const tooLongHtml = await text(tooLong);
    expect(tooLongHtml).toContain("The note is too long: at most 2000 characters.");
    expect(tooLongHtml).toContain(`${cjk}議</textarea>`);
    const huge = await as("bob").post(`/leads/${lead.reference}/note`, { note: "😀".repeat(6000) });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toContain("text/html");
    const hugeHtml = await text(huge);
    expect(hugeHtml).toContain("<h1");
    expect(hugeHtml).toContain("longer than the workspace accepts (64 KB), so nothing was changed");
    expect((await store.leadHistory(lead.id)).filter((entry) => entry.kind === "note")).toHaveLength(1);

    expect((await as("ada").post(`/leads/${lead.reference}/reopen`)).status).toBe(303);
    expect((await as("ada").post(`/leads/${lead.reference}/note`, { note: "  " })).status).toBe(422);
    expect((await as("ada").post(`/leads/${lead.reference}/note`, { note: "Called back, <b>not</b> in" })).status).toBe(303);
    page = await text(await as("ada").get(`/leads/${lead.reference}`));
    expect(page).toContain("ada@arcline.example reopened it");
    expect(page).toContain("ada@arcline.example noted: Called back, &lt;b&gt;not&lt;/b&gt; in");
    [stored] = await store.findLeads(String(lead.id));
    expect(stored?.outcome).toBeNull();

    // Mine / Not taken.
    expect(await text(await as("bob").get("/leads?view=mine"))).toContain("Katherine Johnson");
    const notTaken = await text(await as("bob").get("/leads?view=not_taken"));
    expect(notTaken).toContain("Grace Hopper");
    expect(notTaken).not.toContain("Katherine Johnson");
    expect(await text(await as("bob").get(`/leads?q=${older.reference.toLowerCase()}`))).toContain("Grace Hopper");
    expect(await text(await as("bob").get("/leads?q=nasa"))).not.toContain("Grace Hopper");

    expect((await audit()).map((line) => `${line.actor} ${line.action} ${line.subject} ${line.detail ?? ""}`.trim())).toEqual([
      `ada@arcline.example lead.take ${lead.reference}`,
      `bob@arcline.example lead.take ${lead.reference} took over from ada@arcline.example`,
      `bob@arcline.example lead.close ${lead.reference} won`,
      `bob@arcline.example lead.note ${lead.reference}`,
      `ada@arcline.example lead.reopen ${lead.reference}`,
      `ada@arcline.example lead.note ${lead.reference}`,
    ]);
  });

  it("exports the list as filtered as CSV by a POST (audited without the search text); refuses other roles, the signed-out and other origins; 404 for an unknown reference", async () => {
    const { store, audit, as, add } = await setUp();
    const lead = await add({ firstName: "Grace", company: "Navy" });
    await add({ firstName: "Alan", company: "Bletchley" });
    // The inbox's button posts the filter and the search.
    const inbox = await text(await as("ada").get("/leads?view=open&q=navy"));
    expect(inbox).toMatch(/<form action="\/leads\/export.csv" method="post"><input type="hidden" name="view" value="open"\/><input type="hidden" name="q" value="navy"\/><button[^>]*>Download CSV<\/button>/);
    // A GET of the address (a cross-site navigation, an old bookmark) changes nothing: back to the same list.
    const viaGet = await as("ada").get("/leads/export.csv?view=open&q=navy");
    expect(viaGet.status).toBe(303);
    expect(viaGet.headers.get("location")).toBe("/leads?view=open&q=navy");
    // Another site's form cannot export in a salesperson's name.
    expect((await as("ada").post("/leads/export.csv", { view: "open", q: "navy" }, "https://evil.example")).status).toBe(403);
    expect(await audit()).toHaveLength(0);
    const csv = await as("ada").post("/leads/export.csv", { view: "open", q: "navy" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${lead.reference}","Grace","Lovelace","ada@example.com","Navy"`);
    expect((await audit()).at(-1)).toMatchObject({ actor: "ada@arcline.example", action: "leads.export", subject: "All open", detail: "1 leads, filtered by a search" });
    expect(JSON.stringify(await audit())).not.toContain("navy");

    for (const path of ["/leads", `/leads/${lead.reference}`, "/leads/export.csv", "/deliveries"]) expect((await as("mia").get(path)).status, path).toBe(403);
    expect((await as("mia").post("/leads/export.csv", { view: "open" })).status).toBe(403);
    for (const action of ["take", "close", "reopen", "note"]) expect((await as("mia").post(`/leads/${lead.reference}/${action}`, { outcome: "spam", note: "x" })).status, action).toBe(403);
    expect((await as("ada").get(`/leads/${lead.reference}/erase`)).status).toBe(403);
    expect((await as("ada").post(`/leads/${lead.reference}/erase`, { confirm: "yes" })).status).toBe(403);
    const signedOut = await as(null).get(`/leads/${lead.reference}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent(`/leads/${lead.reference}`)}`);
    expect((await as(null).post(`/leads/${lead.reference}/take`)).status).toBe(401);
    expect((await as("ada").post(`/leads/${lead.reference}/take`, {}, "https://evil.example")).status).toBe(403);
    expect((await store.findLeads(String(lead.id)))[0]?.takenBy).toBeNull();
    expect((await as("ada").get("/leads/0000ZZZZ")).status).toBe(404);
    expect((await as("ada").get("/leads/00000000")).status).toBe(404);
    expect((await as("ada").post("/leads/00000000/close", { outcome: "won" })).status).toBe(404);
    expect(await audit()).toHaveLength(1);
  });

  it("lets an operator erase a person after a confirmation, and resend or settle failed deliveries on /deliveries, each audited", async () => {
    const { store, audit, as, add } = await setUp();
    const first = await add({ email: "Forget@Me.example" });
    await add({ email: "forget@me.example" });
    const other = await add({ email: "stay@example.com", firstName: "Stay" });
    // An export searching for the person's address, before the erasure: the log must not keep it either.
    expect((await as("oz").post("/leads/export.csv", { view: "open", q: "forget@me.example" })).status).toBe(200);
    expect(await text(await as("oz").get(`/leads/${first.reference}`))).toContain("Erase this person");
    expect(await text(await as("ada").get(`/leads/${first.reference}`))).not.toContain("Erase this person");
    const confirm = await text(await as("oz").get(`/leads/${first.reference}/erase`));
    expect(confirm).toContain("all 2 leads");
    // Without the confirmation's field: back to the confirmation, nothing erased.
    expect((await as("oz").post(`/leads/${first.reference}/erase`)).headers.get("location")).toBe(`/leads/${first.reference}/erase`);
    expect(await store.listLeads()).toHaveLength(3);
    const erased = await as("oz").post(`/leads/${first.reference}/erase`, { confirm: "yes" });
    expect(erased.headers.get("location")).toBe("/leads");
    expect((await store.listLeads()).map((lead) => lead.email)).toEqual(["stay@example.com"]);
    expect((await as("oz").get(`/leads/${first.reference}`)).status).toBe(404);
    expect((await audit()).at(-1)).toMatchObject({ action: "lead.erase", subject: first.reference, detail: "2 leads of one person erased" });
    expect(JSON.stringify(await audit())).not.toContain("forget@");

    // A failed delivery: listed with its lead and error; Resend queues it again, Settle gives it up.
    await store.insertLead({ ...sampleMessage, email: "x@example.com" }, []);
    const failing = await store.insertLead({ ...sampleMessage, firstName: "Failing", email: "f@example.com" }, [{ channel: "email", externalId: "<f@x>" }]);
    const [job] = await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 });
    await store.markFailed(job!, "550 mailbox unavailable", null);
    const reference = failing.publicId.slice(0, 8).toUpperCase();
    let page = await text(await as("oz").get("/deliveries"));
    expect(page).toContain("Failing Lovelace");
    expect(page).toContain("Last error: 550 mailbox unavailable");
    expect(page).toContain("Webhook (lead.closed)");
    expect((await as("oz").post(`/deliveries/${reference}/resend`)).headers.get("location")).toBe("/deliveries");
    expect((await store.findLeads(String(failing.id)))[0]?.deliveries[0]?.status).toBe("pending");
    const [again] = await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 });
    await store.markFailed(again!, "550 again", null);
    expect((await as("oz").post(`/deliveries/${reference}/settle`)).status).toBe(303);
    expect((await store.findLeads(String(failing.id)))[0]?.deliveries[0]?.status).toBe("settled");
    page = await text(await as("oz").get("/deliveries"));
    expect(page).toContain("None: every delivery was made or is still being tried.");
    expect((await audit()).slice(-2).map((line) => `${line.action} ${line.subject} ${line.detail}`)).toEqual([`delivery.resend ${reference} 1 delivery`, `delivery.settle ${reference} 1 delivery`]);
    expect((await as("ada").post(`/deliveries/${reference}/resend`)).status).toBe(403);
    void other;
  });
});

export type { Role };
