import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { createClient } from "@libsql/client";
import { expect, test, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL, DATABASE_URL, STAFF_URL } from "../playwright.config";
import { startSmtpInbox } from "../test/support/lead-inbox.mjs";
import { startServer } from "../test/support/servers";
import { inviteStaff, mainStaff, runStaff, signIn, signInLinkFromInbox, signInLinkFromMailDir } from "../test/support/staff";

/*
 * Signing in to the staff workspace (issue 37): the mailed link, sessions and cookies, passkeys, roles by URL,
 * cross-site requests, the operator's pages. Chromium against the built server; its own servers where a test needs
 * settings of its own (SMTP, low rate limits).
 */

// Every address is this run's own: the main server's database is shared by every spec file.
const run = `${Date.now().toString(36)}`;
const address = (name: string) => `${name}-${run}@staff-auth.example`;
const staff = () => mainStaff();

/** A form POST as the workspace's own page would send it (its Origin), with the context's cookies. */
function post(context: BrowserContext, path: string, form: Record<string, string> = {}, headers: Record<string, string> = { Origin: STAFF_URL }): Promise<APIResponse> {
  return context.request.post(`${STAFF_URL}${path}`, { form, headers, maxRedirects: 0 });
}

/** The main database, read as a test may: the rows behind what the pages say. */
async function query(sql: string, args: (string | number)[] = [], url = DATABASE_URL) {
  const db = createClient({ url });
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
async function auditLines(email: string) {
  return (await query("SELECT actor, action, subject, detail FROM staff_audit WHERE actor = ? OR subject = ? ORDER BY id", [email, email])).map((row) => `${row.actor} ${row.action} ${row.subject ?? ""} ${row.detail ?? ""}`.trim());
}
async function sessionsOf(email: string) {
  return Number((await query("SELECT COUNT(*) AS n FROM staff_sessions s JOIN staff_people p ON p.id = s.person_id WHERE p.email = ?", [email]))[0]?.n ?? 0);
}

test.describe("staff sign-in", () => {
  test("npm run staff -- invite e-mails a link through a real SMTP server; it signs in once, and /sign-in mails the next", async ({ page }) => {
    const inbox = await startSmtpInbox();
    const env = { SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example", LEADS_NOTIFY_FROM: "workspace@arcline.example" };
    const server = await startServer(env);
    try {
      const email = address("smtp-operator");
      const since = Date.now();
      const invited = await runStaff(server.databaseUrl, ["invite", email.toUpperCase(), "--role", "operator"], { ...env, STAFF_URL: server.staffUrl });
      expect(invited.code, invited.stderr).toBe(0);
      expect(invited.stdout).toContain(`Invited ${email} (operator)`);
      expect(invited.stdout).toContain(`e-mailed to ${email}`);
      const link = await signInLinkFromInbox(inbox, email, since);
      const mail = inbox.mails.at(-1)!;
      expect(mail.mailFrom).toBe("workspace@arcline.example");
      expect(mail.mail.subject).toBe("You are invited to the Arcline staff workspace");
      expect(link).toMatch(new RegExp(`^${server.staffUrl}/sign-in/[A-Za-z0-9_-]{43}$`));

      await page.goto(link);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // "/" (the invitation's `next`) sends an operator to the first section: leads (operators pass every check).
      await expect(page).toHaveURL(`${server.staffUrl}/leads`);
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Account" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
      await expect(page.getByRole("main")).toContainText(email);

      // Signed out, then in again through the form: the link comes by SMTP too.
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(page).toHaveURL(`${server.staffUrl}/sign-in`);
      await signIn(page, { staffUrl: server.staffUrl, inbox, email, next: "/audit" });
      await expect(page).toHaveURL(`${server.staffUrl}/audit`);
      await expect(page.getByRole("main")).toContainText("people.invite");

      const audit = await runStaff(server.databaseUrl, ["audit"], env);
      expect(audit.code).toBe(0);
      const lines = audit.stdout.trim().split("\n").map((line) => line.replace(/^\S+\s+/, ""));
      expect(lines).toEqual([
        `server (npm run staff)  people.invite  ${email}  (roles: operator)`,
        `${email}  sign-in  ${email}  (e-mailed link)`,
        `${email}  sign-out  ${email}`,
        `${email}  sign-in  ${email}  (e-mailed link)`,
      ]);
    } finally {
      await server.stop();
      await inbox.stop();
    }
  });

  test("npm run staff: clear errors and exit codes for a bad address, an unknown role, a second invitation, the last operator", async () => {
    const server = await startServer({});
    try {
      const db = server.databaseUrl;
      const bad = await runStaff(db, ["invite", "not-an-address", "--role", "sales"]);
      expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('"not-an-address" is not an e-mail address')]);
      const role = await runStaff(db, ["invite", "a@example.com", "--role", "sales,boss"]);
      expect([role.code, role.stderr]).toEqual([2, expect.stringContaining('Unknown role "boss": the roles are sales, marketing, operator')]);
      const none = await runStaff(db, ["invite", "a@example.com"]);
      expect([none.code, none.stderr]).toEqual([2, expect.stringContaining("Give at least one role")]);
      expect((await runStaff(db, ["invite", "op@example.com", "--role", "operator"])).code).toBe(0);
      const again = await runStaff(db, ["invite", "OP@example.com", "--role", "sales"]);
      expect([again.code, again.stderr]).toEqual([1, expect.stringContaining("op@example.com is already on the staff list (operator): nothing changed")]);
      const last = await runStaff(db, ["revoke", "op@example.com"]);
      expect([last.code, last.stderr]).toEqual([1, expect.stringContaining("op@example.com is the last operator: nothing changed")]);
      const nobody = await runStaff(db, ["revoke", "nobody@example.com"]);
      expect([nobody.code, nobody.stderr]).toEqual([1, expect.stringContaining("nobody@example.com is not on the staff list")]);
      expect((await runStaff(db, ["invite", "sales@example.com", "--role", "sales,marketing"])).code).toBe(0);
      expect((await runStaff(db, ["list"])).stdout).toMatch(/^op@example\.com {2}operator {2}added \S+ by server \(npm run staff\)\nsales@example\.com {2}sales,marketing {2}added/);
      expect((await runStaff(db, ["revoke", "sales@example.com"])).stdout).toBe("Revoked sales@example.com: their sessions and passkeys have ended.\n");
      expect((await runStaff(db, ["frobnicate"])).code).toBe(2);
    } finally {
      await server.stop();
    }
  });

  test("a mailed link: GET and HEAD sign nobody in, the button does, once; a used or expired link says so and offers the form", async ({ page, context, request }) => {
    const email = address("link");
    await inviteStaff(staff().databaseUrl, email, ["sales"]);
    const since = Date.now();
    await page.goto(`${STAFF_URL}/sign-in?next=${encodeURIComponent("/account?tab=1")}`);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    const link = await signInLinkFromMailDir(staff().mailDir, email, since);
    expect(link.startsWith(`${STAFF_URL}/sign-in/`)).toBe(true);
    // Only the token's hash is stored.
    expect(await query("SELECT token_hash FROM staff_sign_in_links WHERE token_hash = ? OR token_hash = ?", [tokenOf(link), sha256(tokenOf(link))])).toEqual([{ token_hash: sha256(tokenOf(link)) }]);

    // A mail scanner: GET and HEAD, with and without following anything. Nobody is signed in, the link still works.
    for (const method of ["GET", "HEAD"] as const) {
      const scanned = await request.fetch(link, { method, headers: { "User-Agent": "Mozilla/5.0 (compatible; SafeLinks scanner)" }, maxRedirects: 0 });
      expect(scanned.status()).toBe(200);
      expect(scanned.headers()["set-cookie"]).toBeUndefined();
    }
    expect(await sessionsOf(email)).toBe(0);
    expect((await query("SELECT used_at FROM staff_sign_in_links WHERE token_hash = ?", [sha256(tokenOf(link))]))[0]?.used_at).toBeNull();

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    expect(await context.cookies(STAFF_URL)).toEqual([]);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The `next` asked for at /sign-in travelled with the link.
    await expect(page).toHaveURL(`${STAFF_URL}/account?tab=1`);
    expect(await sessionsOf(email)).toBe(1);

    // Once only: the same link again (another browser, say) shows a clear page with the form, and signs nobody in.
    const again = await request.post(link, { headers: { Origin: STAFF_URL }, maxRedirects: 0 });
    expect(again.status()).toBe(410);
    expect(again.headers()["set-cookie"]).toBeUndefined();
    expect(await again.text()).toContain("This sign-in link has already been used or has expired");
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("already been used or has expired");
    await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();

    // Expired: a link 15 minutes old is refused on its GET and its POST.
    const since2 = Date.now();
    const form = await post(context, "/sign-in", { email, next: "/" });
    expect(form.status()).toBe(303);
    const old = await signInLinkFromMailDir(staff().mailDir, email, since2);
    const [row] = await query("SELECT created_at, expires_at FROM staff_sign_in_links WHERE token_hash = ?", [sha256(tokenOf(old))]);
    expect(new Date(String(row!.expires_at)).getTime() - new Date(String(row!.created_at)).getTime()).toBe(15 * 60_000);
    await query("UPDATE staff_sign_in_links SET expires_at = ? WHERE token_hash = ?", [new Date(Date.now() - 1000).toISOString(), sha256(tokenOf(old))]);
    expect((await request.get(old)).status()).toBe(410);
    expect((await request.post(old, { headers: { Origin: STAFF_URL }, maxRedirects: 0 })).status()).toBe(410);
    expect(await sessionsOf(email)).toBe(1);
    expect(await auditLines(email)).toEqual([`server (npm run staff) people.invite ${email} roles: sales`, `${email} sign-in ${email} e-mailed link`]);
  });

  test("/sign-in answers a stranger exactly as a member of staff, and mails only the member", async ({ playwright }) => {
    const member = address("member");
    const stranger = address("stranger");
    await inviteStaff(staff().databaseUrl, member, ["marketing"]);
    const since = Date.now();
    const answers: string[] = [];
    for (const email of [member, stranger]) {
      const context = await playwright.request.newContext();
      const answer = await context.post(`${STAFF_URL}/sign-in`, { form: { email, next: "/" }, headers: { Origin: STAFF_URL } });
      expect(answer.status()).toBe(200);
      expect(answer.url()).toBe(`${STAFF_URL}/sign-in/check-your-e-mail`);
      answers.push(await answer.text());
      await context.dispose();
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain("If that address is on the staff list, a sign-in link is on its way to it.");
    await signInLinkFromMailDir(staff().mailDir, member, since);
    await new Promise((wait) => setTimeout(wait, 500));
    const names = (await readdir(staff().mailDir)).filter((name) => name.startsWith("staff-sign-in-"));
    const { simpleParser } = await import("mailparser");
    const { readFile } = await import("node:fs/promises");
    const recipients = await Promise.all(names.map(async (name) => (await simpleParser(await readFile(`${staff().mailDir}/${name}`))).text ?? ""));
    expect(recipients.join("\n")).not.toContain(stranger);
    expect(await query("SELECT COUNT(*) AS n FROM staff_sign_in_links WHERE email = ?", [stranger])).toEqual([{ n: 0 }]);
  });

  test("sign-in links are rate limited per address and per client, the same for members and strangers", async ({ playwright }) => {
    const server = await startServer({ STAFF_SIGN_IN_LIMIT: "2", STAFF_SIGN_IN_CLIENT_LIMIT: "5" });
    try {
      expect((await runStaff(server.databaseUrl, ["invite", "member@example.com", "--role", "sales"])).code).toBe(0);
      const context = await playwright.request.newContext();
      const ask = async (email: string) => {
        const answer = await context.post(`${server.staffUrl}/sign-in`, { form: { email }, headers: { Origin: server.staffUrl }, maxRedirects: 0 });
        return { status: answer.status(), text: (await answer.text()).replaceAll(email, "EMAIL"), retryAfter: answer.headers()["retry-after"] };
      };
      const member = [await ask("member@example.com"), await ask("member@example.com"), await ask("member@example.com")];
      const stranger = [await ask("stranger@example.com"), await ask("stranger@example.com"), await ask("stranger@example.com")];
      expect(member.map((answer) => answer.status)).toEqual([303, 303, 429]);
      expect(stranger.map((answer) => answer.status)).toEqual([303, 303, 429]);
      expect(member[2]!.text).toContain("Too many sign-in links were asked for from here or for this address. Try again in 15 minutes.");
      expect(member[2]!.text).toBe(stranger[2]!.text);
      expect(Number(member[2]!.retryAfter)).toBeGreaterThan(800);
      // Per client: a fresh address from the same client is refused once the client has asked 5 times.
      expect((await ask("fresh@example.com")).status).toBe(429);
      // The member was mailed twice (and invited once), nobody else at all.
      expect(await query("SELECT email, COUNT(*) AS n FROM staff_sign_in_links GROUP BY email", [], server.databaseUrl)).toEqual([{ email: "member@example.com", n: 3 }]);
      await context.dispose();
    } finally {
      await server.stop();
    }
  });
});

test.describe("sessions", () => {
  test("the cookie is HttpOnly, SameSite=Lax, Path=/ on http; sign out ends this session only; sign out everywhere ends all; revoking ends an open tab's", async ({ browser }) => {
    const email = address("sessions");
    const operator = address("sessions-operator");
    await inviteStaff(staff().databaseUrl, email, ["sales", "marketing"]);
    await inviteStaff(staff().databaseUrl, operator, ["operator"]);
    const [a, b, op] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    try {
      const [pageA, pageB, pageOp] = await Promise.all([a.newPage(), b.newPage(), op.newPage()]);
      await signIn(pageA, { ...staff(), email, next: "/account" });
      const [cookie] = await a.cookies(STAFF_URL);
      expect(cookie).toMatchObject({ name: "staff_session", path: "/", httpOnly: true, sameSite: "Lax", secure: false, domain: "localhost" });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(89 * 86400);
      // Only the id's hash is stored.
      expect(await query("SELECT COUNT(*) AS n FROM staff_sessions WHERE id_hash = ?", [cookie!.value])).toEqual([{ n: 0 }]);
      expect(await query("SELECT COUNT(*) AS n FROM staff_sessions WHERE id_hash = ?", [sha256(cookie!.value)])).toEqual([{ n: 1 }]);

      // A new session id at each sign-in, and the one it replaces ends.
      await signIn(pageA, { ...staff(), email, next: "/account" });
      const [second] = await a.cookies(STAFF_URL);
      expect(second!.value).not.toBe(cookie!.value);
      expect(await sessionsOf(email)).toBe(1);

      await signIn(pageB, { ...staff(), email, next: "/account" });
      expect(await sessionsOf(email)).toBe(2);
      // "Sign out" is in the header of every page; it ends this browser's session, not the other's.
      await pageA.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(pageA).toHaveURL(`${STAFF_URL}/sign-in`);
      expect(await a.cookies(STAFF_URL)).toEqual([]);
      // The old cookie put back by hand opens nothing.
      await a.addCookies([{ ...second!, expires: second!.expires }]);
      await pageA.goto(`${STAFF_URL}/account`);
      await expect(pageA).toHaveURL(`${STAFF_URL}/sign-in?next=%2Faccount`);
      await pageB.reload();
      await expect(pageB.getByRole("heading", { level: 1 })).toHaveText("Account");

      // Sign out everywhere (on /account) ends the other browser's session too.
      await signIn(pageA, { ...staff(), email, next: "/account" });
      await pageA.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(pageA).toHaveURL(`${STAFF_URL}/sign-in`);
      await pageB.getByRole("link", { name: "Account" }).click();
      await expect(pageB).toHaveURL(`${STAFF_URL}/sign-in?next=%2Faccount`);
      expect(await sessionsOf(email)).toBe(0);

      // Revoked by an operator (People, with a confirmation step): the open tab's next click is signed out.
      await signIn(pageB, { ...staff(), email, next: "/account" });
      await signIn(pageOp, { ...staff(), email: operator, next: "/staff" });
      await pageOp.getByRole("link", { name: `Revoke ${email}…` }).click();
      await expect(pageOp.getByRole("heading", { level: 1 })).toHaveText(`Revoke ${email}?`);
      expect(await sessionsOf(email)).toBe(1);
      await pageOp.getByRole("button", { name: `Revoke ${email}` }).click();
      await expect(pageOp).toHaveURL(`${STAFF_URL}/staff`);
      await expect(pageOp.getByRole("main")).not.toContainText(email);
      await pageB.getByRole("link", { name: "Account" }).click();
      await expect(pageB).toHaveURL(`${STAFF_URL}/sign-in?next=%2Faccount`);
      expect(await auditLines(email)).toEqual([
        `server (npm run staff) people.invite ${email} roles: sales, marketing`,
        `${email} sign-in ${email} e-mailed link`,
        `${email} sign-in ${email} e-mailed link`,
        `${email} sign-in ${email} e-mailed link`,
        `${email} sign-out ${email}`,
        `${email} sign-in ${email} e-mailed link`,
        `${email} sign-out-everywhere ${email} 2 sessions ended`,
        `${email} sign-in ${email} e-mailed link`,
        `${operator} people.revoke ${email} roles: sales, marketing`,
      ]);
      // Their links went with them; asking for one gets the same answer as anyone, and no link.
      expect(await query("SELECT COUNT(*) AS n FROM staff_sign_in_links WHERE email = ?", [email])).toEqual([{ n: 0 }]);
      const asked = await post(b, "/sign-in", { email });
      expect(asked.status()).toBe(303);
      await new Promise((wait) => setTimeout(wait, 300));
      expect(await query("SELECT COUNT(*) AS n FROM staff_sign_in_links WHERE email = ?", [email])).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([a.close(), b.close(), op.close()]);
    }
  });

  test("a passkey is added on /account with a virtual authenticator and signs in with no e-mail typed; removed, it no longer does", async ({ page, context }) => {
    const email = address("passkey");
    await inviteStaff(staff().databaseUrl, email, ["sales"]);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true } });

    await signIn(page, { ...staff(), email, next: "/account" });
    await expect(page.getByText("You have no passkey yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Passkey 1, added" })).toBeVisible();
    const [stored] = await query("SELECT credential_id, transports FROM staff_passkeys k JOIN staff_people p ON p.id = k.person_id WHERE p.email = ?", [email]);
    expect(stored).toBeDefined();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.goto(`${STAFF_URL}/sign-in?next=%2Faccount`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${STAFF_URL}/account`);
    await expect(page.getByText("last used")).toBeVisible();

    // Removed: the authenticator still offers it, and the server no longer takes it.
    await page.getByRole("button", { name: "Remove passkey 1" }).click();
    await expect(page.getByText("You have no passkey yet.")).toBeVisible();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("status")).toHaveText("That passkey did not sign you in. Use the e-mail link instead, or try again.");
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await auditLines(email)).toEqual([
      `server (npm run staff) people.invite ${email} roles: sales`,
      `${email} sign-in ${email} e-mailed link`,
      expect.stringMatching(new RegExp(`^${email} passkey.add ${email} credential \\S+…$`)),
      `${email} sign-out ${email}`,
      `${email} sign-in ${email} passkey`,
      expect.stringMatching(new RegExp(`^${email} passkey.remove ${email} credential \\S+…$`)),
      `${email} sign-out ${email}`,
    ]);
  });
});

test.describe("roles, cross-site requests, headers", () => {
  test("every page and action answers by role, whatever the URL: 403 for the wrong role, sign-in (or 401) when signed out", async ({ browser, playwright }) => {
    const sales = address("roles-sales");
    await inviteStaff(staff().databaseUrl, sales, ["sales"]);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, { ...staff(), email: sales, next: "/account" });
    for (const path of ["/staff", "/audit", `/staff/revoke?email=${encodeURIComponent(sales)}`, "/audit?page=2"]) {
      const answer = await context.request.get(`${STAFF_URL}${path}`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(403);
      expect(await answer.text()).toContain("Your roles do not open this page.");
    }
    for (const [path, form] of [
      ["/staff/invite", { email: address("roles-intruder"), roles: "operator" }],
      ["/staff/roles", { email: sales, roles: "operator" }],
      ["/staff/revoke", { email: sales }],
    ] as const) {
      expect((await post(context, path, form)).status(), path).toBe(403);
    }
    expect((await context.request.get(`${STAFF_URL}/account`)).status()).toBe(200);
    expect(await query("SELECT roles FROM staff_people WHERE email = ?", [sales])).toEqual([{ roles: "sales" }]);
    expect(await query("SELECT COUNT(*) AS n FROM staff_people WHERE email = ?", [address("roles-intruder")])).toEqual([{ n: 0 }]);
    // The header names only the sections the role opens.
    await page.goto(`${STAFF_URL}/account`);
    await expect(page.getByRole("navigation", { name: "Workspace" }).getByRole("link")).toHaveText(["Leads", "Account"]);
    await context.close();

    const nobody = await playwright.request.newContext();
    for (const path of ["/", "/account", "/staff", "/audit"]) {
      const answer = await nobody.get(`${STAFF_URL}${path}`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(303);
      expect(answer.headers().location).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
    for (const path of ["/staff/invite", "/staff/roles", "/staff/revoke", "/account/sign-out-everywhere", "/account/passkeys/options", "/account/passkeys", "/account/passkeys/remove"]) {
      expect((await nobody.post(`${STAFF_URL}${path}`, { form: { email: sales }, headers: { Origin: STAFF_URL }, maxRedirects: 0 })).status(), path).toBe(401);
    }
    await nobody.dispose();
  });

  test("a request from another origin, or a same-site one (a subdomain), changes nothing", async ({ browser }) => {
    const operator = address("cross-operator");
    await inviteStaff(staff().databaseUrl, operator, ["operator"]);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, { ...staff(), email: operator, next: "/staff" });
    const port = new URL(STAFF_URL).port;
    const victim = address("cross-invited");
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: `http://sub.localhost:${port}` },
      { Origin: "null" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      for (const [path, form] of [
        ["/staff/invite", { email: victim, roles: "operator" }],
        ["/staff/roles", { email: operator, roles: "sales" }],
        ["/account/sign-out-everywhere", {}],
        ["/sign-out", {}],
        ["/sign-in", { email: operator }],
      ] as const) {
        const answer = await post(context, path, form, headers);
        expect(answer.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
      const json = await context.request.post(`${STAFF_URL}/account/passkeys/options`, { headers: { ...headers, "Content-Type": "application/json" }, data: "{}" });
      expect(json.status()).toBe(403);
    }
    expect(await query("SELECT COUNT(*) AS n FROM staff_people WHERE email = ?", [victim])).toEqual([{ n: 0 }]);
    expect(await query("SELECT roles FROM staff_people WHERE email = ?", [operator])).toEqual([{ roles: "operator" }]);
    expect(await sessionsOf(operator)).toBe(1);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("People");
    // The browser's own form (Origin: the workspace) does work.
    await page.getByLabel("E-mail", { exact: true }).fill(victim);
    await page.getByRole("group", { name: "Roles", exact: true }).getByLabel("Marketing (insights)").check();
    await page.getByRole("button", { name: "Invite and e-mail a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: victim })).toBeVisible();
    await context.close();
  });

  test("workspace headers: no-store, strict CSP, DENY, same-origin referrer; the site's port answers 404 for workspace paths and sets no cookie", async ({ request }) => {
    const answer = await request.get(`${STAFF_URL}/sign-in`);
    const headers = answer.headers();
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("same-origin");
    for (const path of ["/sign-in", "/sign-in/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "/account", "/staff", "/audit", "/insights", "/leads", "/sign-out"]) {
      const site = await request.get(`${BASE_URL}${path}`, { maxRedirects: 0 });
      expect(site.status(), `GET ${path} on the site's port`).toBe(404);
      expect(site.headers()["set-cookie"], path).toBeUndefined();
      // A POST gets the site's own refusal of a method it does not serve (405), nothing of the workspace's.
      const posted = await request.post(`${BASE_URL}${path}`, { maxRedirects: 0, headers: { Origin: BASE_URL }, form: { email: "a@example.com" } });
      expect([404, 405], `POST ${path} on the site's port`).toContain(posted.status());
      expect(posted.headers()["set-cookie"], path).toBeUndefined();
    }
  });
});

test.describe("the operator's pages", () => {
  test("/staff invites, changes roles and revokes (confirmed), never the last operator; /audit is newest first, paged, filtered by person", async ({ page }) => {
    const server = await startServer({});
    try {
      const mailDir = `${server.databaseUrl.slice("file:".length).replace(/[^/]+$/, "")}mail`;
      expect((await runStaff(server.databaseUrl, ["invite", "boss@example.com", "--role", "operator"], { STAFF_URL: server.staffUrl })).code).toBe(0);
      await signIn(page, { staffUrl: server.staffUrl, mailDir, email: "boss@example.com", next: "/staff" });
      const person = (email: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: email }) });

      // The last operator can neither lose the role nor be revoked.
      await person("boss@example.com").getByLabel("Operator (everything, people, audit log)").uncheck();
      await person("boss@example.com").getByLabel("Sales (leads)").check();
      await person("boss@example.com").getByRole("button", { name: "Save roles" }).click();
      await expect(page.getByRole("alert")).toHaveText("Someone must keep the operator role: give it to another person first.");
      await page.goto(`${server.staffUrl}/staff/revoke?email=boss%40example.com`);
      await page.getByRole("button", { name: "Revoke boss@example.com" }).click();
      await expect(page.getByRole("alert")).toHaveText("Someone must keep the operator role: give it to another person first.");
      expect((await runStaff(server.databaseUrl, ["list"])).stdout).toMatch(/^boss@example\.com {2}operator /);

      // Invite: a clear error for a bad address or no role, with what was typed kept.
      await page.goto(`${server.staffUrl}/staff`);
      await page.getByLabel("E-mail", { exact: true }).fill("not an address");
      await page.getByRole("button", { name: "Invite and e-mail a sign-in link" }).click();
      await expect(page.getByRole("alert")).toContainText('"not an address" is not an e-mail address');
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("not an address");
      await page.getByLabel("E-mail", { exact: true }).fill("Ann@Example.com");
      await page.getByRole("button", { name: "Invite and e-mail a sign-in link" }).click();
      await expect(page.getByRole("alert")).toHaveText("Choose at least one role.");
      const since = Date.now();
      await page.getByRole("group", { name: "Roles", exact: true }).getByLabel("Sales (leads)").check();
      await page.getByRole("button", { name: "Invite and e-mail a sign-in link" }).click();
      await expect(page).toHaveURL(`${server.staffUrl}/staff`);
      await expect(person("ann@example.com")).toContainText("Added");
      await expect(person("ann@example.com")).toContainText("by boss@example.com");
      // Ann is mailed a link, which names who invited her.
      expect(await signInLinkFromMailDir(mailDir, "ann@example.com", since)).toMatch(/\/sign-in\//);
      // Reload (the page after a POST → 303 → GET) repeats nothing.
      await page.reload();
      await expect(page.getByRole("heading", { name: /^People \(2\)$/ })).toBeVisible();

      // Roles: Ann becomes an operator too; then the boss may drop the role.
      await person("ann@example.com").getByLabel("Operator (everything, people, audit log)").check();
      await person("ann@example.com").getByRole("button", { name: "Save roles" }).click();
      await expect(person("ann@example.com").getByLabel("Operator (everything, people, audit log)")).toBeChecked();
      await page.getByRole("link", { name: "Revoke ann@example.com…" }).click();
      await expect(page.getByRole("main")).toContainText("will no longer be able to sign in");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(person("ann@example.com")).toBeVisible();
      await page.getByRole("link", { name: "Revoke ann@example.com…" }).click();
      await page.getByRole("button", { name: "Revoke ann@example.com" }).click();
      await expect(page).toHaveURL(`${server.staffUrl}/staff`);
      await expect(person("ann@example.com")).toHaveCount(0);

      // /audit: newest first, 50 a page, filtered by person; read-only (no form posts anywhere on it).
      const db = createClient({ url: server.databaseUrl });
      for (let i = 0; i < 55; i++) await db.execute({ sql: "INSERT INTO staff_audit (at, actor, action, subject, detail) VALUES (?, 'x@example.com', 'test.line', ?, NULL)", args: [new Date(Date.now() - 3600_000 + i).toISOString(), `n${i}`] });
      db.close();
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("main")).toContainText("Times in UTC");
      const lines = page.getByRole("main").getByRole("listitem");
      await expect(lines).toHaveCount(50);
      await expect(lines.first()).toContainText("test.line n54");
      await page.getByRole("link", { name: "Older" }).click();
      await expect(page).toHaveURL(`${server.staffUrl}/audit?page=2`);
      await expect(lines.last()).toContainText("server (npm run staff) people.invite boss@example.com (roles: operator)");
      await page.getByLabel("Person (e-mail)").fill("ANN@example.com");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(lines).toHaveText([
        /boss@example\.com people\.revoke ann@example\.com \(roles: sales, operator\)$/,
        /boss@example\.com people\.roles ann@example\.com \(sales, operator \(was sales\)\)$/,
        /boss@example\.com people\.invite ann@example\.com \(roles: sales\)$/,
      ]);
      expect(await page.locator('form[method="post"]').count()).toBe(1); // the header's "Sign out" only
    } finally {
      await server.stop();
    }
  });
});

/** axe, no sideways scroll, and every heading, link, button and field of the page in Chromium's accessibility tree. */
async function checkPage(page: Page, name: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), `axe on ${name}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
  // Narrower still: the smallest phones (WCAG 1.4.10's 320 px).
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways at 320 px`).toBe(true);
  await page.setViewportSize(size);
  const fromDom = await page.evaluate(() => {
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const count = (selector: string) => [...document.querySelectorAll(selector)].filter(shown).length;
    return { heading: count("h1, h2, h3"), link: count("a[href]"), button: count("button"), textbox: count("input[type=email], input[type=text]"), checkbox: count("input[type=checkbox]") };
  });
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const present = nodes.filter((node) => !node.ignored);
  const fromTree = Object.fromEntries(Object.keys(fromDom).map((role) => [role, present.filter((node) => node.role?.value === role).length]));
  expect(fromTree, `accessibility tree of ${name}`).toEqual(fromDom);
  for (const landmark of ["banner", "main"]) expect(present.filter((node) => node.role?.value === landmark).length, `${landmark} of ${name}`).toBe(1);
}

for (const viewport of [
  { name: "390 px (touch)", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`at ${viewport.name}`, () => {
    test.use(viewport.use);
    test("/sign-in, /account, /staff and /audit pass axe and are whole in the accessibility tree", async ({ page }) => {
      const operator = address(`a11y-${viewport.use.viewport.width}`);
      await inviteStaff(staff().databaseUrl, operator, ["operator"]);
      await page.goto(`${STAFF_URL}/sign-in`);
      // Where WebAuthn exists, the script shows the passkey button.
      await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
      await checkPage(page, "/sign-in");
      await signIn(page, { ...staff(), email: operator, next: "/account" });
      await checkPage(page, "/account");
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "People" }).click();
      await checkPage(page, "/staff");
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("main")).toContainText(`${operator} sign-in`);
      await checkPage(page, "/audit");
    });
  });
}
