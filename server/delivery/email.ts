import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import type { OutboxJob, StoredMessage } from "../db/store";
import { formatReceived, leadReference, sourceFields } from "./lead-text";
import { DeliveryError } from "./outcome";

/*
 * The notification e-mail sales gets for each lead: the visitor in Reply-To, every field in the body, and a
 * Message-ID fixed per lead so that a resend after a crash is the same message to the mail client.
 */

export type EmailSettings = {
  to: string[];
  from: string;
  /** The company's time zone (COMPANY_TIME_ZONE), in which the e-mails give times. */
  timeZone?: string;
  /** Where the visitor's confirmation sends replies (LEADS_REPLY_TO): one public address. */
  replyTo?: string;
  /** The lead's "take this lead" link (issue 31), put first in sales' e-mail. */
  takeLink?: (lead: StoredMessage) => string;
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
    // What the visitor's confirmation calls it, so a visitor who quotes it is found.
    ["Reference", leadReference(lead) || "none"],
    ["Received", formatReceived(lead.createdAt, settings.timeZone ?? "UTC")],
    ["reCAPTCHA", verificationText(lead)],
  ];
  const source = sourceFields(lead.source);
  // The plain-text part says everything the HTML one does, in the same order.
  const lines = (pairs: [string, string][]) => pairs.map(([label, value]) => `${label}: ${oneLine(value)}`);
  const link = settings.takeLink?.(lead);
  // By when to answer, in the company's zone: the first thing sales reads after the link (issue 36).
  const respondBy = lead.respondBy ? `Respond by: ${formatReceived(lead.respondBy, settings.timeZone ?? "UTC")}` : undefined;
  const take = link ? [`Take this lead: ${link}`, ...(respondBy ? [respondBy] : []), ""] : respondBy ? [respondBy, ""] : [];
  const text = [...take, ...lines(fields), "", "Message:", lead.message, "", "Source:", ...lines(source), ""].join("\n");
  const table = (pairs: [string, string][]) =>
    `<table>${pairs.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;
  const html = [
    ...(link ? [takeButton(link)] : []),
    ...(respondBy ? [`<p><strong>${escapeHtml(respondBy)}</strong></p>`] : []),
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

/**
 * The take link as the first thing in an e-mail: a large link styled as a button (inline styles, which mail clients
 * keep), with the one line that says a click changes nothing.
 */
export function takeButton(link: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;font-weight:bold;font-size:16px;text-decoration:none;border-radius:6px">Take this lead</a></p><p style="font-size:13px;color:#555555">${escapeHtml(linkNote(link))}</p>`;
}

/**
 * What opening the link does: the lead's page in the staff workspace (issue 37), where the signed-in person takes it;
 * or, with no workspace (STAFF_PORT=off), the old take page, which asks for a name.
 */
export function linkNote(link: string): string {
  return link.includes("/leads/take/") ? "Opening the link changes nothing; the page asks for your name." : "Opening the link changes nothing; sign in to the staff workspace to take the lead.";
}

/** The Message-ID of a new lead's notification: random, in the sender's domain. */
export function newMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? "localhost";
  return `<lead-${key}@${domain}>`;
}

/**
 * The Message-ID of sales' first e-mail about a lead, derived from a follow-up's own: a lead's rows share one key
 * (`<lead-reminder-KEY@d>`, `<lead-escalation-KEY@d>` and `<lead-KEY@d>`), so the reminder and the escalation can
 * reply to it without storing it. Undefined for an id of any other form.
 */
export function firstMessageId(followUpId: string): string | undefined {
  const match = /^<lead-(?:reminder|escalation)-([^@<>\s]+)@([^<>\s]+)>$/.exec(followUpId);
  return match ? `<lead-${match[1]}@${match[2]}>` : undefined;
}

type Send = (job: OutboxJob, signal?: AbortSignal) => Promise<void | "previewed">;

export type Compose = (lead: StoredMessage, messageId: string, settings: EmailSettings) => SendMailOptions;

type Refusal = { recipient?: unknown; responseCode?: unknown; response?: unknown };

/** A recipient the server refused, as the error should name it: `b@x (550 No such user)`. */
const refusalText = (refusal: Refusal) => `${String(refusal.recipient ?? "?")} (${String(refusal.response ?? refusal.responseCode ?? "refused").replace(/\s+/g, " ").trim()})`;

/**
 * A send is good only when every recipient was accepted. Refused recipients make it fail, naming them; a refusal
 * that is permanent for every one of them (5xx) fails the delivery for good.
 */
export function refusedRecipients(rejected: unknown[], refusals: Refusal[]): DeliveryError | null {
  if (rejected.length === 0 && refusals.length === 0) return null;
  const named = refusals.length > 0 ? refusals.map(refusalText) : rejected.map(String);
  const permanent = refusals.length > 0 && refusals.every((refusal) => Number(refusal.responseCode) >= 500);
  return new DeliveryError(`the mail server refused ${named.join(", ")}`, { permanent });
}

/** A user and password in the URL must never cross the wire in clear: TLS from the start (smtps) or STARTTLS required. */
export function smtpTransportOptions(url: string) {
  const parsed = new URL(url);
  const credentials = parsed.username !== "" || parsed.password !== "";
  return {
    url,
    pool: true,
    maxConnections: 8,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(credentials && parsed.protocol === "smtp:" ? { requireTLS: true } : {}),
  };
}

/** Sends through SMTP_URL, with a small pool so one slow message does not queue every other behind it. */
export function smtpSender(url: string, settings: EmailSettings, compose: Compose = composeLeadEmail): Send & { close(): void } {
  const transport = createTransport(smtpTransportOptions(url));
  const send = async (job: OutboxJob, signal?: AbortSignal) => {
    let info;
    try {
      // The signal aborts the send (the pool closes the connection carrying it) when the attempt runs out of time.
      info = await transport.sendMail({ ...compose(job.lead, job.externalId, settings), signal });
    } catch (error) {
      const refused = error as { code?: unknown; rejectedErrors?: Refusal[]; rejected?: unknown[] };
      if (refused.code === "EENVELOPE" && (refused.rejectedErrors?.length ?? 0) > 0) throw refusedRecipients(refused.rejected ?? [], refused.rejectedErrors ?? []);
      if (refused.code === "ETLS" && /STARTTLS/.test((error as Error).message)) {
        throw new Error(`the mail server offers no TLS, and credentials are never sent in clear (${(error as Error).message})`, { cause: error });
      }
      throw error;
    }
    const refused = refusedRecipients((info.rejected ?? []) as unknown[], ((info as { rejectedErrors?: Refusal[] }).rejectedErrors ?? []) as Refusal[]);
    if (refused) throw refused;
  };
  return Object.assign(send, { close: () => transport.close() });
}

/** Where the development previews of notification e-mails go (LEADS_MAIL_DIR). */
export const DEFAULT_MAIL_DIR = "data/mail";

/** Where the development preview of a lead's notification is written. */
/** Each preview's file: `lead-<id>.eml` for sales' notification, `confirmation-<id>.eml` for the visitor's. */
export type PreviewPrefix = "lead" | "confirmation" | "reminder" | "escalation" | "takeover";
export const emlPath = (dir: string, leadId: number, prefix: PreviewPrefix = "lead") => join(dir, `${prefix}-${leadId}.eml`);

/** Development: each notification is written to `dir` as an .eml file, exactly what sales would receive. A preview, not a delivery. */
export function emlFileSender(dir: string, settings: EmailSettings, compose: Compose = composeLeadEmail, prefix: PreviewPrefix = "lead"): Send & { close(): void } {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const send = async (job: OutboxJob) => {
    const info = await transport.sendMail(compose(job.lead, job.externalId, settings));
    await mkdir(dir, { recursive: true });
    await writeFile(emlPath(dir, job.lead.id, prefix), info.message as Buffer);
    return "previewed" as const;
  };
  return Object.assign(send, { close: () => transport.close() });
}

/** Sales' e-mail previews in `dir` (none when it does not exist): each lead id, and when its file was written. */
export async function listLeadPreviews(dir: string): Promise<{ leadId: number; writtenAt: Date }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names.map((name) => /^lead-([1-9]\d*)\.eml$/.exec(name)?.[1]).filter((id): id is string => id !== undefined);
  const previews = await Promise.all(
    ids.map(async (id) => stat(join(dir, `lead-${id}.eml`)).then((file) => ({ leadId: Number(id), writtenAt: file.mtime }), () => undefined)),
  );
  return previews.filter((preview) => preview !== undefined);
}

/** Deletes the development previews of deleted leads (they hold the visitor's name, address and message). */
export async function deleteEmlPreviews(dir: string, leadIds: number[]): Promise<void> {
  const prefixes: PreviewPrefix[] = ["lead", "confirmation", "reminder", "escalation", "takeover"];
  await Promise.all(leadIds.flatMap((id) => prefixes.map((prefix) => rm(emlPath(dir, id, prefix), { force: true }))));
}
