// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpInbox } from "../../test/support/lead-inbox.mjs";
import { STAFF_PREVIEW_PATTERN, createStaffMailer, signInMail } from "./mail";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const link = "http://localhost:3001/sign-in/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

describe("the workspace's e-mails", () => {
  it("are .eml previews in LEADS_MAIL_DIR without SMTP_URL, one file per e-mail", async () => {
    const dir = mkdtempSync(join(tmpdir(), "staff-mail-"));
    dirs.push(dir);
    const mailer = createStaffMailer({ SMTP_URL: undefined, leadsFrom: "no-reply@example.com", LEADS_MAIL_DIR: join(dir, "mail") });
    expect(await mailer.send(signInMail({ to: "ada@example.com", link }))).toBe("previewed");
    expect(await mailer.send(signInMail({ to: "bob@example.com", link, invitedBy: "ada@example.com" }))).toBe("previewed");
    const files = readdirSync(join(dir, "mail")).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(STAFF_PREVIEW_PATTERN);
    const all = files.map((file) => readFileSync(join(dir, "mail", file), "utf8")).join("\n");
    expect(all).toContain("To: ada@example.com");
    expect(all).toContain("From: no-reply@example.com");
    expect(all).toContain(link);
    expect(all).toMatch(/ada@example\.com has added you/);
  });

  it("go through SMTP_URL when it is set, from the lead e-mails' sender", async () => {
    const inbox = await startSmtpInbox();
    try {
      const mailer = createStaffMailer({ SMTP_URL: inbox.url, leadsFrom: "no-reply@example.com", LEADS_MAIL_DIR: "/nonexistent" });
      expect(await mailer.send(signInMail({ to: "ada@example.com", link }))).toBe("sent");
      mailer.close();
      await inbox.waitFor((mails) => mails.length === 1);
      const [received] = inbox.mails;
      expect(received!.rcptTo).toEqual(["ada@example.com"]);
      expect(received!.mailFrom).toBe("no-reply@example.com");
      expect(received!.mail.subject).toBe("Sign in to the Arcline staff workspace");
      expect(received!.mail.text).toContain(link);
    } finally {
      await inbox.stop();
    }
  });
});
