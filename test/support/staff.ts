import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { MAIL_DIR, PG_MAIL_DIR, PG_STAFF_URL, STAFF_URL } from "../../playwright.config";
import { engine, mainDatabaseUrl } from "./servers";
import type { ReceivedMail } from "./lead-inbox.mjs";

/*
 * Staff for browser tests (issue 37), through the real thing only: people are invited by the real CLI
 * (build/server/staff.mjs), and a browser signs in by asking /sign-in for a link, reading the link from the e-mail
 * (the .eml preview in LEADS_MAIL_DIR, or a real SMTP inbox) and pressing "Sign in".
 *
 *   await inviteStaff(mainDatabaseUrl(), "sales-1@example.com", ["sales"]);
 *   await signIn(page, { ...mainStaff(), email: "sales-1@example.com", next: "/leads" });
 *
 * Use an address of your own per test file: the main servers' database is shared by every spec.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export type StaffRole = "sales" | "marketing" | "operator";
export type CliResult = { code: number; stdout: string; stderr: string };

/** The main test server's workspace address and mail folder, for the current project (sqlite or postgres). */
export function mainStaff(): { staffUrl: string; mailDir: string; databaseUrl: string } {
  return engine() === "postgres"
    ? { staffUrl: PG_STAFF_URL, mailDir: resolve(root, PG_MAIL_DIR), databaseUrl: mainDatabaseUrl() }
    : { staffUrl: STAFF_URL, mailDir: resolve(root, MAIL_DIR), databaseUrl: mainDatabaseUrl() };
}

/** Runs `npm run staff -- …` (the built CLI) on a database; resolves with its exit code and output, whatever they are. */
export function runStaff(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, ["build/server/staff.mjs", ...args], { cwd: root, env: { ...process.env, NODE_ENV: "test", ...env, DATABASE_URL: databaseUrl } }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * Adds a person with the real CLI (`npm run staff -- invite EMAIL --role …`). An address already on the list is
 * left as it is (resolves false). The invitation's own e-mail goes to `env.LEADS_MAIL_DIR` (default: the main
 * server's mail folder); sign in with signIn(), not with it.
 */
export async function inviteStaff(databaseUrl: string, email: string, roles: StaffRole[] | string, env: Record<string, string> = {}): Promise<boolean> {
  const { mailDir, staffUrl } = mainStaff();
  const result = await runStaff(databaseUrl, ["invite", email, "--role", Array.isArray(roles) ? roles.join(",") : roles], { LEADS_MAIL_DIR: mailDir, STAFF_URL: staffUrl, ...env });
  if (result.code === 1 && /already on the staff list/.test(result.stderr)) return false;
  if (result.code !== 0) throw new Error(`npm run staff -- invite ${email} failed (${result.code}): ${result.stderr}`);
  return true;
}

/** The sign-in link in a parsed e-mail. */
export function linkIn(text: string | undefined): string | undefined {
  return /https?:\/\/\S+\/sign-in\/[A-Za-z0-9_-]{43}/.exec(text ?? "")?.[0];
}

/** The newest sign-in link e-mailed to `email` in `mailDir` after `since` (ms), waiting for it up to `timeoutMs`. */
export async function signInLinkFromMailDir(mailDir: string, email: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.startsWith("staff-sign-in-") && name.endsWith(".eml"));
    const found: { at: number; link: string }[] = [];
    for (const name of names) {
      const at = Number(/^staff-sign-in-(\d+)-/.exec(name)?.[1] ?? 0);
      // Written after the request (same clock): never an earlier e-mail to the same address, such as the invitation.
      if (at < since) continue;
      const mail = await simpleParser(await readFile(join(mailDir, name)));
      const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((value) => value.address?.toLowerCase()));
      const link = linkIn(mail.text);
      if (to.includes(email.toLowerCase()) && link) found.push({ at, link });
    }
    const newest = found.sort((a, b) => b.at - a.at)[0];
    if (newest) return newest.link;
    if (Date.now() > deadline) throw new Error(`No sign-in e-mail to ${email} in ${mailDir} since ${new Date(since).toISOString()}.`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** The sign-in link the SMTP inbox (test/support/lead-inbox.mjs) received for `email` after `since`. */
export async function signInLinkFromInbox(inbox: { mails: ReceivedMail[]; waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void> }, email: string, since: number): Promise<string> {
  const match = (mail: ReceivedMail) => mail.receivedAt >= since && mail.rcptTo.map((to) => to.toLowerCase()).includes(email.toLowerCase()) && linkIn(mail.mail.text) !== undefined;
  await inbox.waitFor((mails) => mails.some(match), 10_000);
  return linkIn(inbox.mails.filter(match).at(-1)!.mail.text)!;
}

export type SignInOptions = {
  staffUrl: string;
  email: string;
  /** Where to land after signing in (a path of the workspace); default "/". */
  next?: string;
} & ({ mailDir: string; inbox?: undefined } | { inbox: Parameters<typeof signInLinkFromInbox>[0]; mailDir?: undefined });

/**
 * Signs `page`'s context in as `email` the way a person does: /sign-in, "E-mail", "E-mail me a sign-in link", the
 * link from the e-mail, "Sign in". Resolves on the page `next` leads to (the session cookie is then in the context).
 */
export async function signIn(page: Page, options: SignInOptions): Promise<void> {
  const since = Date.now();
  const query = options.next ? `?next=${encodeURIComponent(options.next)}` : "";
  await page.goto(`${options.staffUrl}/sign-in${query}`);
  await page.getByLabel("E-mail", { exact: true }).fill(options.email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/sign-in\/check-your-e-mail$/);
  const link = options.inbox ? await signInLinkFromInbox(options.inbox, options.email, since) : await signInLinkFromMailDir(options.mailDir!, options.email, since);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}
