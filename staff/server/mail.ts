import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { ServerConfig } from "../../server/config";
import { escapeHtml, smtpTransportOptions } from "../../server/delivery/email";
import { site } from "~/config/site";

/*
 * The workspace's own e-mails (sign-in links, invitations): through SMTP_URL when it is set, from the address the
 * lead e-mails use; otherwise (development, tests) an .eml preview in LEADS_MAIL_DIR, `staff-sign-in-<n>.eml`,
 * exactly what the person would receive. A link in these e-mails changes nothing when opened: its page has a button.
 */

export type StaffMail = { to: string; subject: string; text: string; html: string };
export type StaffMailer = { send(mail: StaffMail): Promise<"sent" | "previewed">; close(): void };
export type StaffMailConfig = Pick<ServerConfig, "SMTP_URL" | "leadsFrom" | "LEADS_MAIL_DIR">;

/** Preview files: `staff-sign-in-<milliseconds>-<random>.eml`, so they sort by time and never overwrite each other. */
export const STAFF_PREVIEW_PATTERN = /^staff-sign-in-\d+-[0-9a-f]+\.eml$/;

export function createStaffMailer(config: StaffMailConfig): StaffMailer {
  if (config.SMTP_URL) {
    const transport = createTransport(smtpTransportOptions(config.SMTP_URL));
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.leadsFrom, ...mail });
        if ((info.rejected ?? []).length > 0) throw new Error(`the mail server refused ${info.rejected.map(String).join(", ")}`);
        return "sent";
      },
      close: () => transport.close(),
    };
  }
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.leadsFrom, ...mail });
      await mkdir(config.LEADS_MAIL_DIR, { recursive: true });
      await writeFile(join(config.LEADS_MAIL_DIR, `staff-sign-in-${Date.now()}-${randomBytes(4).toString("hex")}.eml`), info.message as Buffer);
      return "previewed";
    },
    close: () => transport.close(),
  };
}

/** The sign-in e-mail: the link, how long it works, and that opening it changes nothing until "Sign in" is pressed. */
export function signInMail({ to, link, invitedBy }: { to: string; link: string; invitedBy?: string }): StaffMail {
  const workspace = `${site.name} staff workspace`;
  const intro = invitedBy ? `${invitedBy.includes("@") ? invitedBy : "The server's operator"} has added you to the ${workspace}.` : `Someone (we hope you) asked to sign in to the ${workspace} as ${to}.`;
  const text = [
    intro,
    "",
    `Sign in: ${link}`,
    "",
    "The link opens a page with a \"Sign in\" button; it works once, within 15 minutes. If you did not ask for it, ignore this e-mail: nothing happens.",
    "",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">Sign in</a></p>`,
    `<p>Or open this address: ${escapeHtml(link)}</p>`,
    `<p style="font-size:13px;color:#555555">The link opens a page with a "Sign in" button; it works once, within 15 minutes. If you did not ask for it, ignore this e-mail: nothing happens.</p>`,
  ].join("");
  return { to, subject: invitedBy ? `You are invited to the ${workspace}` : `Sign in to the ${workspace}`, text, html };
}
