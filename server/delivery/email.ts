import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import type { OutboxJob, StoredMessage } from "../db/store";
import { formatReceived, sourceFields } from "./lead-text";

/*
 * The notification e-mail sales gets for each lead: the visitor in Reply-To, every field in the body, and a
 * Message-ID fixed per lead so that a resend after a crash is the same message to the mail client.
 */

export type EmailSettings = {
  to: string[];
  from: string;
  /** The company's time zone (COMPANY_TIME_ZONE), in which the e-mails give times. */
  timeZone?: string;
};

// Control characters (CR and LF above all) and the Unicode line separators: nothing a visitor types may start
// a new header line. Nodemailer encodes header values too; this is the second lock on the door.
// eslint-disable-next-line no-control-regex
export const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

export function leadSubject(lead: StoredMessage): string {
  const who = oneLine(`${lead.firstName} ${lead.lastName}`);
  const company = oneLine(lead.company);
  const flag = lead.verification === "verified" ? "" : "[unverified] ";
  return `${flag}New enquiry from ${who}${company ? ` (${company})` : ""}`;
}

export function verificationText(lead: StoredMessage): string {
  return lead.verification === "verified" ? "verified" : `UNVERIFIED (${lead.verificationNote ?? "no reason recorded"})`;
}

export function composeLeadEmail(lead: StoredMessage, messageId: string, settings: EmailSettings): SendMailOptions {
  const fields: [string, string][] = [
    ["Name", `${lead.firstName} ${lead.lastName}`],
    ["Email", lead.email],
    ["Company", lead.company || "(not given)"],
    ["Lead", `#${lead.id}`],
    ["Received", formatReceived(lead.createdAt, settings.timeZone ?? "UTC")],
    ["reCAPTCHA", verificationText(lead)],
  ];
  const source = sourceFields(lead.source);
  // The plain-text part says everything the HTML one does, in the same order.
  const lines = (pairs: [string, string][]) => pairs.map(([label, value]) => `${label}: ${oneLine(value)}`);
  const text = [...lines(fields), "", "Message:", lead.message, "", "Source:", ...lines(source), ""].join("\n");
  const table = (pairs: [string, string][]) =>
    `<table>${pairs.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;
  const html = [
    table(fields),
    `<p><strong>Message:</strong></p><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    `<p><strong>Source:</strong></p>${table(source)}`,
  ].join("");
  return {
    from: settings.from,
    to: settings.to,
    replyTo: { name: oneLine(`${lead.firstName} ${lead.lastName}`), address: lead.email },
    subject: leadSubject(lead),
    messageId,
    headers: { "X-Lead-Id": String(lead.id) },
    text,
    html,
  };
}

/** The Message-ID of a new lead's notification: random, in the sender's domain. */
export function newMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? "localhost";
  return `<lead-${key}@${domain}>`;
}

type Send = (job: OutboxJob) => Promise<void>;

type Compose = (lead: StoredMessage, messageId: string, settings: EmailSettings) => SendMailOptions;

/** Sends through SMTP_URL, with a small pool so one slow message does not queue every other behind it. */
export function smtpSender(url: string, settings: EmailSettings, compose: Compose = composeLeadEmail): Send & { close(): void } {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 8,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const send = async (job: OutboxJob) => {
    await transport.sendMail(compose(job.lead, job.externalId, settings));
  };
  return Object.assign(send, { close: () => transport.close() });
}

/** Development: each notification is written to `dir` as an .eml file, exactly what sales would receive. */
export function emlFileSender(dir: string, settings: EmailSettings, compose: Compose = composeLeadEmail, prefix = "lead"): Send & { close(): void } {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const send = async (job: OutboxJob) => {
    const info = await transport.sendMail(compose(job.lead, job.externalId, settings));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${prefix}-${job.lead.id}.eml`), info.message as Buffer);
  };
  return Object.assign(send, { close: () => transport.close() });
}
